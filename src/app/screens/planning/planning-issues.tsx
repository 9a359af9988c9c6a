import { Plus, X } from 'lucide-react';
import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { useApi } from '../../api/api-context.js';
import { errorMessage } from '../../api/api-error.js';
import type { PlanningKindName } from '../../api/planning.js';
import type { ListedIssue } from '../../api/types.js';
import { paths } from '../../router/paths.js';
import { Button } from '../../ui/button.js';
import { Note } from '../../ui/note.js';
import { Spinner } from '../../ui/spinner.js';
import { useNotify } from '../../ui/toasts.js';
import { IssuePickerDialog, type IssueSearchParams, type PickerIssue } from '../../widgets/issue-picker/index.js';
import { IssueKey, issueKey } from '../issues/issue-key.js';
import { Icon } from '../../ui/icon.js';
import { cycleProgressKey } from './cycle-panels.js';
import type { PlanningKind } from './planning-kinds.js';
import { issueCount } from '../../ui/counts.js';

interface PlanningIssuesProps<K extends PlanningKindName> {
  slug: string;
  projectId: string;
  /** The cycle's or module's id. */
  id: string;
  kind: PlanningKind<K>;
  /** Refreshed after a change: the item itself (its counts and progress). */
  itemKey: QueryKey;
  mayEdit: boolean;
}

/** The query key of a cycle's or module's issues, under its own (`itemKey`). */
export const groupIssuesKey = (itemKey: QueryKey): QueryKey => [...itemKey, 'issues'];

/**
 * A cycle's or module's issues: each key (with its state colour) links to the issue; members add
 * existing issues through the picker and remove them, except archived ones (marked so).
 */
export function PlanningIssues<K extends PlanningKindName>({ slug, projectId, id, kind, itemKey, mayEdit }: PlanningIssuesProps<K>) {
  const api = useApi();
  const group = api.planning.group(kind.plural);
  const noun = kind.singular;
  const queryKey = groupIssuesKey(itemKey);
  // The picker lists only issues not in this cycle or module yet.
  const search = ({ search, workspace_search }: IssueSearchParams) => api.issues.search(slug, projectId, { search, workspace_search, [kind.excludeParam]: id });
  const queryClient = useQueryClient();
  const notify = useNotify();
  const issues = useQuery({ queryKey, queryFn: () => group.issues(slug, projectId, id) });
  const [picking, setPicking] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);

  // The item's counts, and a current cycle's progress panels, change with its issues.
  const refreshItem = () =>
    Promise.all([queryClient.invalidateQueries({ queryKey: itemKey, exact: true }), queryClient.invalidateQueries({ queryKey: cycleProgressKey(itemKey), exact: true })]);
  const add = async (chosen: PickerIssue[]) => {
    try {
      queryClient.setQueryData(queryKey, await group.addIssues(slug, projectId, id, chosen.map((issue) => issue.id)));
    } catch (error) {
      notify({ type: 'error', message: errorMessage(error) });
      throw error;
    }
    notify({ type: 'success', message: `${issueCount(chosen.length)} added to the ${noun}.` });
    await refreshItem();
  };
  const remove = async (issue: ListedIssue) => {
    setRemoving(issue.id);
    try {
      await group.removeIssue(slug, projectId, id, issue.id);
      queryClient.setQueryData<ListedIssue[]>(queryKey, (current) => current?.filter((item) => item.id !== issue.id));
      await refreshItem();
    } catch (error) {
      notify({ type: 'error', message: errorMessage(error) });
    } finally {
      setRemoving(null);
    }
  };

  return (
    <section aria-labelledby="planning-issues-heading">
      <div className="app-issue-section-head">
        <h2 id="planning-issues-heading">Issues</h2>
        {mayEdit ? (
          <Button size="small" onClick={() => setPicking(true)}>
            <Icon icon={Plus} />
            Add existing issues
          </Button>
        ) : null}
      </div>
      {issues.isPending ? (
        <Spinner label="Loading issues…" />
      ) : issues.isError ? (
        <p role="alert">{issues.error.message}</p>
      ) : issues.data.length === 0 ? (
        <Note>No issues in this {noun} yet.</Note>
      ) : (
        <ul className="app-issue-list" aria-label={`Issues of the ${noun}`}>
          {issues.data.map((issue) => (
            <li key={issue.id} className="app-issue-row">
              <Link to={paths.issue(slug, issue.project_id, issue.id)} aria-label={`${issueKey(issue)} ${issue.name}`}>
                <IssueKey issue={issue} /> {issue.name}
              </Link>
              {/* Archived: read-only until restored (from its page), so it stays in the list and its counts. */}
              {issue.archived_at ? <span className="app-planning-archived">Archived</span> : null}
              {mayEdit && !issue.archived_at ? (
                <Button size="small" variant="ghost" busy={removing === issue.id} aria-label={`Remove ${issueKey(issue)} from the ${noun}`} onClick={() => void remove(issue)}>
                  <Icon icon={X} />
                  Remove
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {mayEdit ? (
        <IssuePickerDialog open={picking} onOpenChange={setPicking} search={search} onSubmit={add} title="Add existing issues" submitLabel="Add selected issues" />
      ) : null}
    </section>
  );
}
