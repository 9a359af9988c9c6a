import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ListPlus, Plus, X } from 'lucide-react';
import { useState } from 'react';
import { isDoneGroup } from '../../../api-shapes/state-groups.js';
import { useApi } from '../../api/api-context.js';
import { errorMessage } from '../../api/api-error.js';
import { queryKeys } from '../../api/query-keys.js';
import type { IssueDetail, IssueSummary } from '../../api/types.js';
import { Button } from '../../ui/button.js';
import { Icon } from '../../ui/icon.js';
import { Note } from '../../ui/note.js';
import { Spinner } from '../../ui/spinner.js';
import { useNotify } from '../../ui/toasts.js';
import { IssuePickerDialog, type IssueSearchParams, type PickerIssue } from '../../widgets/issue-picker/index.js';
import { CreateIssueDialog } from '../issues/create-issue-dialog.js';
import { IssueSummaryItem, summaryName } from './issue-summary-item.js';

/** How far the sub-issues are: "2 of 5 done" (done: a completed or cancelled state). */
export function subIssueProgress(issues: readonly IssueSummary[]): { done: number; total: number; words: string } {
  const done = issues.filter((issue) => isDoneGroup(issue.state__group)).length;
  return { done, total: issues.length, words: `${done} of ${issues.length} done` };
}

/**
 * An issue's sub-issues, with how many are done. Members create a new one (the create dialog,
 * with this issue as its parent), make existing issues of the project sub-issues (the issue
 * picker) and take one out (the sub-issue's parent cleared).
 */
export function IssueSubIssues({ slug, issue, mayEdit }: { slug: string; issue: IssueDetail; mayEdit: boolean }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const { project_id: projectId, id: issueId } = issue;
  const issueKey = queryKeys.issue(slug, projectId, issueId);
  const key = [...issueKey, 'sub-issues'];
  const subIssues = useQuery({ queryKey: key, queryFn: () => api.relations.subIssues(slug, projectId, issueId) });
  const [creating, setCreating] = useState(false);
  const [picking, setPicking] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);

  // The candidates: issues of this project that are not this one, its ancestors or its sub-issues already.
  const search = ({ search }: IssueSearchParams) => api.issues.search(slug, projectId, { search, sub_issue: true, issue_id: issueId });
  // A sub-issue's own page and the project's lists show its parent: they are read again.
  const refreshOthers = (children: readonly { id: string }[]) =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.issues(slug, projectId), exact: true }),
      ...children.map((child) => queryClient.invalidateQueries({ queryKey: queryKeys.issue(slug, projectId, child.id) })),
    ]);
  const add = async (chosen: PickerIssue[]) => {
    try {
      queryClient.setQueryData(key, await api.relations.addSubIssues(slug, projectId, issueId, chosen.map((child) => child.id)));
    } catch (error) {
      notify({ type: 'error', message: errorMessage(error) });
      throw error;
    }
    notify({ type: 'success', message: chosen.length === 1 ? '1 sub-issue added.' : `${chosen.length} sub-issues added.` });
    await refreshOthers(chosen);
  };
  const remove = async (child: IssueSummary) => {
    setRemoving(child.id);
    try {
      await api.issues.update(slug, child.project_id, child.id, { parent_id: null });
      queryClient.setQueryData<IssueSummary[]>(key, (current) => current?.filter((item) => item.id !== child.id));
      await refreshOthers([child]);
    } catch (error) {
      notify({ type: 'error', message: errorMessage(error) });
    } finally {
      setRemoving(null);
    }
  };

  return (
    <section className="app-issue-section" aria-labelledby="issue-sub-issues-heading">
      <div className="app-issue-section-head">
        <h2 id="issue-sub-issues-heading">Sub-issues</h2>
        {mayEdit ? (
          <div className="app-issue-section-actions">
            <Button size="small" onClick={() => setCreating(true)}>
              <Icon icon={Plus} />
              Add sub-issue
            </Button>
            <Button size="small" onClick={() => setPicking(true)}>
              <Icon icon={ListPlus} />
              Add existing
            </Button>
          </div>
        ) : null}
      </div>
      {subIssues.isPending ? (
        <Spinner label="Loading sub-issues…" />
      ) : subIssues.isError ? (
        <p role="alert">{subIssues.error.message}</p>
      ) : subIssues.data.length === 0 ? (
        <Note>No sub-issues yet.</Note>
      ) : (
        <>
          <Progress issues={subIssues.data} />
          <ul className="app-linked-issues" aria-label="Sub-issues">
            {subIssues.data.map((child) => (
              <IssueSummaryItem
                key={child.id}
                slug={slug}
                issue={child}
                action={
                  mayEdit ? (
                    <Button size="small" variant="ghost" busy={removing === child.id} aria-label={`Remove sub-issue ${summaryName(child)}`} onClick={() => void remove(child)}>
                      <Icon icon={X} />
                    </Button>
                  ) : null
                }
              />
            ))}
          </ul>
        </>
      )}
      {mayEdit ? (
        <>
          <CreateIssueDialog slug={slug} projectId={projectId} parentId={issueId} open={creating} onOpenChange={setCreating} />
          <IssuePickerDialog
            open={picking}
            onOpenChange={setPicking}
            search={search}
            onSubmit={add}
            title="Add existing issues as sub-issues"
            submitLabel="Add sub-issues"
            workspaceSearch={false}
          />
        </>
      ) : null}
    </section>
  );
}

/** "2 of 5 done" with a bar that fills as they are done. */
function Progress({ issues }: { issues: readonly IssueSummary[] }) {
  const { done, total, words } = subIssueProgress(issues);
  return (
    <div className="app-sub-issue-progress">
      <span className="app-sub-issue-bar" aria-hidden="true">
        <span style={{ width: `${Math.round((done / total) * 100)}%` }} />
      </span>
      <span>{words}</span>
    </div>
  );
}
