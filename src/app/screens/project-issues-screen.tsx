import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { useApi } from '../api/api-context.js';
import type { IssueRow, Priority } from '../api/types.js';
import { queryKeys } from '../api/query-keys.js';
import { useProject, useWorkspaceSlug } from '../layout/workspace-data.js';
import { can, Role } from '../roles.js';
import { Button } from '../ui/button.js';
import { Note } from '../ui/note.js';
import { PageHeader } from '../ui/page-header.js';
import { Spinner } from '../ui/spinner.js';
import { useNotify } from '../ui/toasts.js';
import { BulkDeleteDialog } from '../widgets/bulk-delete/index.js';
import { useOpenRequest } from './empty-state-actions.js';
import { CreateIssueDialog } from './issues/create-issue-dialog.js';
import { NO_FILTERS, targetDateQuery, type IssueFilterValues } from './issues/issue-filters.js';
import { IssueBoard } from './issues/issue-board.js';
import { useIssueOrdering } from './issues/issue-display.js';
import { useIssueLayout } from './issues/issue-layout.js';
import { GroupedIssueList, useIssueGrouping } from './issues/issue-groups.js';
import { IssueList } from './issues/issue-list.js';
import { useIssueSearch } from './issues/issue-search-box.js';
import { IssueSelectionBar } from './issues/issue-selection-bar.js';
import { IssueToolbar } from './issues/issue-toolbar.js';
import { useRowSelection } from './issues/use-row-selection.js';
import { useMoveIssue, useSetPriority } from './issues/use-change-issue.js';
import { ISSUE_PAGE_SIZE, useIssuePages } from './issues/use-issue-pages.js';
import { EmptyState } from '../empty-states/index.js';

/** A project's issues, newest first, as a list or a board, filtered by state, priority and target date: create one, move one between states, or delete several at once (Members and Admins). */
export function ProjectIssuesScreen() {
  const slug = useWorkspaceSlug();
  const { projectId = '' } = useParams();
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const project = useProject(slug, projectId);
  const [filters, setFilters] = useState<IssueFilterValues>(NO_FILTERS);
  const [search, setSearch] = useIssueSearch();
  const [grouping, setGrouping] = useIssueGrouping();
  const [order, setOrder] = useIssueOrdering();
  const states = useQuery({ queryKey: queryKeys.states(slug, projectId), queryFn: () => api.states.list(slug, projectId) });
  const serverFilters = {
    state: filters.state.length ? filters.state : undefined,
    priority: filters.priority.length ? filters.priority : undefined,
    ...targetDateQuery(filters.targetDate),
    search: search || undefined,
  };
  const filtered = !!(serverFilters.state || serverFilters.priority || filters.targetDate || search);
  const ordered = order !== 'newest';
  const listKey =
    filtered || ordered ? [...queryKeys.issues(slug, projectId), 'filtered', { ...serverFilters, order: ordered ? order : undefined }] : queryKeys.issues(slug, projectId);
  const { query, issues, total } = useIssuePages(
    listKey,
    (offset) => api.issues.list(slug, projectId, { ...serverFilters, ...(ordered ? { order } : {}), limit: ISSUE_PAGE_SIZE, offset }),
  );
  const [creating, setCreating] = useState(useOpenRequest('create-issue'));
  const [deleting, setDeleting] = useState(false);
  const role = project.data?.role;
  const mayEdit = can(role, Role.Member);
  const notAllowed = mayEdit ? undefined : 'Only members and admins can change issues.';
  const [layout, setLayout] = useIssueLayout(projectId);
  const moveIssue = useMoveIssue(slug, projectId, listKey);
  const setPriority = useSetPriority(slug, projectId, listKey);
  // Rows and cards offer the priority picker only once the role is known to allow it.
  const rowSelection = useRowSelection(issues.map((issue) => issue.id));
  const selection = mayEdit && layout === 'list' ? rowSelection : undefined;
  const moveSelected = (stateId: string) => {
    const state = states.data?.find((candidate) => candidate.id === stateId);
    if (state) for (const issue of issues.filter((listed) => rowSelection.selected.has(listed.id))) void moveIssue(issue, state);
  };
  const onPriorityChange = mayEdit ? (issue: IssueRow, priority: Priority) => void setPriority(issue, priority) : undefined;

  const deleteIssues = async (ids: string[]) => {
    await api.issues.bulkDelete(slug, projectId, ids);
    await queryClient.invalidateQueries({ queryKey: queryKeys.issues(slug, projectId) });
  };

  return (
    <>
      <PageHeader
        title="Issues"
        description={project.data?.name}
        actions={
          <>
            <Button disabled={!mayEdit || issues.length === 0} title={notAllowed} onClick={() => setDeleting(true)}>
              Delete issues
            </Button>
            <Button variant="primary" disabled={!mayEdit} title={notAllowed} onClick={() => setCreating(true)}>
              Create issue
            </Button>
          </>
        }
      />
      <div className="app-content">
        <IssueToolbar
          states={states.data ?? []}
          layout={layout}
          onLayoutChange={setLayout}
          filters={filters}
          onFiltersChange={setFilters}
          grouping={grouping}
          onGroupingChange={setGrouping}
          order={order}
          onOrderChange={setOrder}
          search={search}
          onSearchChange={setSearch}
        />
        {query.isPending ? (
          <Spinner label="Loading issues…" />
        ) : query.isError ? (
          <p role="alert">{query.error.message}</p>
        ) : issues.length === 0 && !filtered ? (
          <EmptyState type="all-issues" role={role} onAction={() => setCreating(true)} />
        ) : issues.length === 0 ? (
          <Note announce>{search ? `No issues match “${search}”.` : 'No issues match the filters.'}</Note>
        ) : (
          <>
            {selection?.selected.size ? (
              <IssueSelectionBar slug={slug} projectId={projectId} count={selection.selected.size} onState={moveSelected} onClear={selection.clear} />
            ) : null}
            {layout === 'board' ? (
              <IssueBoard slug={slug} projectId={projectId} states={states.data ?? []} issues={issues} total={total} notAllowed={project.data ? notAllowed : 'Loading your role…'} onMove={moveIssue} onPriorityChange={onPriorityChange} />
            ) : grouping !== 'none' ? (
              <GroupedIssueList slug={slug} issues={issues} by={grouping} states={states.data} total={total} onPriorityChange={onPriorityChange} selection={selection} />
            ) : (
              <IssueList slug={slug} issues={issues} total={total} label="Issues" onPriorityChange={onPriorityChange} selection={selection} />
            )}
            {query.hasNextPage ? (
              <Button busy={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
                Show more issues
              </Button>
            ) : null}
          </>
        )}
      </div>
      {mayEdit ? (
        <>
          <CreateIssueDialog slug={slug} projectId={projectId} open={creating} onOpenChange={setCreating} />
          <BulkDeleteDialog open={deleting} onOpenChange={setDeleting} issues={issues} onDelete={deleteIssues} notify={notify} />
        </>
      ) : null}
    </>
  );
}
