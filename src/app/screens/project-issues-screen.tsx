import { Ellipsis } from 'lucide-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useApi } from '../api/api-context.js';
import { errorMessage } from '../api/api-error.js';
import { sharedDocumentName } from '../api/collab.js';
import { queryKeys } from '../api/query-keys.js';
import { useProject, useWorkspaceSlug } from '../layout/workspace-data.js';
import { can, Role } from '../roles.js';
import { Button, ShowMoreButton } from '../ui/button.js';
import { ActionMenu } from '../ui/action-menu.js';
import { Icon } from '../ui/icon.js';
import { PageHeader } from '../ui/page-header.js';
import { Spinner } from '../ui/spinner.js';
import { useStyles } from '../ui/styles.js';
import { useNotify } from '../ui/toasts.js';
import { BulkDeleteDialog } from '../widgets/bulk-delete/index.js';
import { useOpenRequest } from './empty-state-actions.js';
import { CreateIssueDialog } from './issues/create-issue-dialog.js';
import { ImportIssuesDialog } from './issues/import-issues-dialog.js';
import { filterValuesOf, listQueryOf, savedQueryOf, useIssueListParams, viewSearch } from './issues/issue-list-params.js';
import { useUndoDelete } from './issues/use-undo-delete.js';
import { SaveViewDialog, type SaveViewValues } from './issues/save-view-dialog.js';
import { paths } from '../router/paths.js';
import { IssueBoard } from './issues/issue-board.js';
import { useEstimate } from './issues/issue-estimate.js';
import { useIssueLayout } from './issues/issue-layout.js';
import { GroupedIssueList, useIssueGrouping } from './issues/issue-groups.js';
import { IssueList } from './issues/issue-list.js';
import { activeFilterCount, NO_FILTERS } from './issues/issue-filters.js';
import { NoMatchingIssues, useFocusAfterClear } from './issues/issue-no-match.js';
import { IssuePeek, PeekProvider, usePeekState } from './issues/issue-peek.js';
import { useIssueSearch } from './issues/issue-search-box.js';
import { IssueSelectionBar } from './issues/issue-selection-bar.js';
import { IssueToolbar } from './issues/issue-toolbar.js';
import { useProjectChoices } from './issues/issue-pickers.js';
import { useRowSelection } from './issues/use-row-selection.js';
import { useIssueRowChange } from './issues/use-change-issue.js';
import { ISSUE_PAGE_SIZE, useIssuePages } from './issues/use-issue-pages.js';
import { EmptyState } from '../empty-states/index.js';
import { screensCss } from './screens.css.js';
import { isolated } from '../ui/bidi.js';
import { useSignedInUser } from '../session/session.js';
import { sameViewQuery, ViewChangesBar } from './views/view-changes-bar.js';
import { VIEW_WORDS } from './views/view-words.js';

/**
 * A project's issues as a list or a board, filtered by state, priority, assignee, label and target date, in an order, with
 * the properties chosen: create one, move one between states, delete several at once, or save the list
 * as a view (Members and Admins). Opened from a view (`?view=`), it is titled with the view's name.
 */
export function ProjectIssuesScreen() {
  useStyles('app-screens', screensCss);
  const slug = useWorkspaceSlug();
  const { projectId = '' } = useParams();
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const project = useProject(slug, projectId);
  const navigate = useNavigate();
  const me = useSignedInUser();
  const { filters, setFilterValues, order, setOrder, display, setDisplay, viewId } = useIssueListParams();
  const view = useQuery({ queryKey: queryKeys.view(slug, viewId ?? ''), queryFn: () => api.views.get(slug, viewId!), enabled: !!viewId });
  const [search, setSearch] = useIssueSearch();
  const peek = usePeekState();
  const [grouping, setGrouping] = useIssueGrouping();
  const states = useQuery({ queryKey: queryKeys.states(slug, projectId), queryFn: () => api.states.list(slug, projectId) });
  // The Assignee and Labels filters' choices (the rows' pickers ask for the same, once).
  const choices = useProjectChoices(slug, projectId);
  const estimates = !!useEstimate(slug, projectId).data?.enabled;
  const serverFilters = { ...listQueryOf(filters), order: order === 'newest' ? undefined : order };
  const filtered = Object.keys(filters).length > 0;
  const listKey = filtered || serverFilters.order ? [...queryKeys.issues(slug, projectId), 'filtered', serverFilters] : queryKeys.issues(slug, projectId);
  // Other filters, order or search keep the list shown (busy) until their answer comes.
  const { query, issues: listed, total } = useIssuePages(
    listKey,
    (offset) => api.issues.list(slug, projectId, { ...serverFilters, limit: ISSUE_PAGE_SIZE, offset }),
    { refines: queryKeys.issues(slug, projectId) },
  );
  const refreshing = query.isPlaceholderData;
  // Filters beside the search: an empty answer then names them too, and offers to clear them.
  const otherFilters = activeFilterCount(filterValuesOf(filters)) > 0;
  const content = useRef<HTMLDivElement>(null);
  const clearing = useFocusAfterClear(content, { key: JSON.stringify(listKey), settled: !query.isPending && !refreshing });
  // A chip added from the Filter menu stays, empty, until its own button removes it: clearing the filters draws the toolbar afresh, without them.
  const [toolbarRound, setToolbarRound] = useState(0);
  const [creating, setCreating] = useState(useOpenRequest('create-issue'));
  const [importing, setImporting] = useState(useOpenRequest('import-issues'));
  const [deleting, setDeleting] = useState(false);
  const [saving, setSaving] = useState(false);
  const role = project.data?.role;
  const mayEdit = can(role, Role.Member);
  const notAllowed = mayEdit ? undefined : 'Only members and admins can change issues.';
  const [layout, setLayout] = useIssueLayout(projectId);
  const rowChange = useIssueRowChange(slug, projectId, listKey, mayEdit);
  // The rows as shown: a change made while the list waits for its next answer shows at once.
  const issues = rowChange.shownRows(listed);
  // Rows and cards offer their pickers (and cards move) only once the role is known to allow it.
  const editing = mayEdit ? rowChange : undefined;
  const rowSelection = useRowSelection(issues.map((issue) => issue.id));
  const selection = mayEdit && layout === 'list' ? rowSelection : undefined;
  // Rows that left the list (filtered out, deleted) are not changed behind the user's back.
  const selectedIds = issues.filter((issue) => rowSelection.selected.has(issue.id)).map((issue) => issue.id);
  const [deletingSelected, setDeletingSelected] = useState(false);

  const saveView = async ({ name, shared }: SaveViewValues) => {
    const saved = await api.views.create(slug, { name, shared, project_id: projectId, query: savedQueryOf(filters, order, grouping, display, layout) });
    queryClient.setQueryData(queryKeys.view(slug, saved.id), saved);
    await queryClient.invalidateQueries({ queryKey: queryKeys.views(slug, projectId) });
    notify({ type: 'success', message: `View “${isolated(saved.name)}” saved.` });
    void navigate({ search: viewSearch(saved.query, saved.id) }, { replace: true });
  };

  // An open view whose list was changed since: its owner (or an admin) saves the change into it, anyone resets it.
  const shownQuery = savedQueryOf(filters, order, grouping, display, layout);
  const openView = view.data && !sameViewQuery(shownQuery, view.data.query) ? view.data : null;
  const mayChangeView = !!openView && (openView.owner_id === me.id || can(role, Role.Admin));
  const saveViewChanges = async () => {
    if (!openView) return;
    try {
      const saved = await api.views.update(slug, openView.id, { query: shownQuery });
      queryClient.setQueryData(queryKeys.view(slug, saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: queryKeys.views(slug, projectId) });
      notify({ type: 'success', message: VIEW_WORDS.updated(saved.name) });
    } catch (error) {
      notify({ type: 'error', message: errorMessage(error) });
    }
  };
  const resetView = () => {
    if (!openView) return;
    void navigate({ search: viewSearch(openView.query, openView.id) }, { replace: true });
    // The toolbar is drawn afresh, without chips the saved filters do not have.
    setToolbarRound((round) => round + 1);
  };

  const undoDelete = useUndoDelete(slug, projectId);
  const deleteIssues = async (ids: string[]) => {
    // A description left (or typed in the peek) a moment ago is stored first: Undo brings the issues back with every word.
    await Promise.all(ids.map((id) => api.collab.stored(sharedDocumentName.issueDescription(id))));
    await api.issues.bulkDelete(slug, projectId, ids);
    await queryClient.invalidateQueries({ queryKey: queryKeys.issues(slug, projectId) });
  };

  return (
    <>
      <PageHeader
        title={viewId ? (view.data?.name ?? (view.isError ? 'View not found' : 'Loading view…')) : 'Issues'}
        description={viewId ? `A saved view of ${project.data ? isolated(project.data.name) : 'the project'}’s issues` : project.data?.name}
        actions={
          <>
            {viewId ? <Button onClick={() => void navigate(paths.views(slug, projectId))}>All views</Button> : null}
            <ActionMenu
              label="More issue actions"
              variant="secondary"
              size="normal"
              actions={[
                { label: 'Import issues', onSelect: () => setImporting(true), disabledReason: notAllowed },
                { label: 'Delete issues', onSelect: () => setDeleting(true), disabledReason: notAllowed ?? (issues.length === 0 ? 'There are no issues to delete.' : undefined), danger: true },
              ]}
            >
              <Icon icon={Ellipsis} size="small" />
            </ActionMenu>
            <Button variant="primary" disabled={!mayEdit} title={notAllowed} onClick={() => setCreating(true)}>
              Create issue
            </Button>
          </>
        }
      />
      <div className="app-content" ref={content}>
        <IssueToolbar
          key={toolbarRound}
          states={states.data ?? []}
          choices={choices}
          layout={layout}
          onLayoutChange={setLayout}
          filters={filterValuesOf(filters)}
          onFiltersChange={setFilterValues}
          grouping={grouping}
          onGroupingChange={setGrouping}
          order={order}
          onOrderChange={setOrder}
          display={display}
          onDisplayChange={setDisplay}
          estimates={estimates}
          search={search}
          onSearchChange={setSearch}
          onSaveView={() => setSaving(true)}
          saveRefused={mayEdit ? undefined : 'Only members and admins can save views.'}
        />
        {openView ? <ViewChangesBar refused={mayChangeView ? undefined : VIEW_WORDS.notYours} onSave={saveViewChanges} onReset={resetView} /> : null}
        {view.isError ? <p role="alert">{view.error.message}</p> : null}
        <span className="app-visually-hidden" role="status">
          {refreshing && issues.length ? 'Updating issues…' : ''}
        </span>
        {query.isPending || (refreshing && issues.length === 0) ? (
          <Spinner label="Loading issues…" />
        ) : query.isError ? (
          <p role="alert">{query.error.message}</p>
        ) : issues.length === 0 && !filtered ? (
          <EmptyState type="all-issues" role={role} onAction={() => setCreating(true)} />
        ) : issues.length === 0 ? (
          <NoMatchingIssues
            search={search}
            filtered={otherFilters}
            onClearFilters={() => {
              clearing();
              setFilterValues(() => NO_FILTERS);
              setToolbarRound((round) => round + 1);
            }}
            onClearSearch={() => {
              clearing();
              setSearch('');
            }}
          />
        ) : (
          <PeekProvider peek={peek}>
            <div className={peek.issueId ? 'app-issues-with-peek' : undefined}>
            <div className="app-issue-results" aria-busy={refreshing || undefined}>
            {selection && selectedIds.length ? (
              <IssueSelectionBar slug={slug} projectId={projectId} project={project.data} selected={selectedIds} onDelete={() => setDeletingSelected(true)} onClear={selection.clear} />
            ) : null}
            {layout === 'board' ? (
              <IssueBoard slug={slug} projectId={projectId} states={states.data ?? []} issues={issues} total={total} notAllowed={project.data ? notAllowed : 'Loading your role…'} editing={editing} display={display} />
            ) : grouping !== 'none' ? (
              <GroupedIssueList slug={slug} issues={issues} by={grouping} states={states.data} total={total} editing={editing} selection={selection} display={display} />
            ) : (
              <IssueList slug={slug} issues={issues} total={total} label="Issues" editing={editing} selection={selection} display={display} />
            )}
            {refreshing ? null : <ShowMoreButton pages={query}>Show more issues</ShowMoreButton>}
            </div>
            {peek.issueId ? <IssuePeek key={peek.issueId} slug={slug} projectId={projectId} issueId={peek.issueId} onClose={peek.close} /> : null}
            </div>
          </PeekProvider>
        )}
      </div>
      {mayEdit ? (
        <>
          <SaveViewDialog open={saving} onOpenChange={setSaving} onSave={saveView} />
          <CreateIssueDialog slug={slug} projectId={projectId} open={creating} onOpenChange={setCreating} />
          <ImportIssuesDialog slug={slug} projectId={projectId} open={importing} onOpenChange={setImporting} />
          <BulkDeleteDialog open={deleting} onOpenChange={setDeleting} issues={issues} onDelete={deleteIssues} notify={notify} undo={undoDelete} />
          <BulkDeleteDialog
            open={deletingSelected}
            onOpenChange={setDeletingSelected}
            issues={issues}
            initialSelected={selectedIds}
            onDelete={async (ids) => {
              await deleteIssues(ids);
              rowSelection.clear();
            }}
            notify={notify}
            undo={undoDelete}
          />
        </>
      ) : null}
    </>
  );
}
