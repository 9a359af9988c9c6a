import { useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useApi } from '../../api/api-context.js';
import { queryKeys } from '../../api/query-keys.js';
import type { CycleDetail, IssueRow } from '../../api/types.js';
import { isDoneGroup } from '../../../api-shapes/state-groups.js';
import { groupIssuesKey } from './planning-issues.js';
import { Button } from '../../ui/button.js';
import { AppDialog } from '../../ui/dialog.js';
import { FormError } from '../../ui/form-field.js';
import { Note } from '../../ui/note.js';
import { useNotify } from '../../ui/toasts.js';
import { useSubmission } from '../../ui/use-submission.js';
import { isolated } from '../../ui/bidi.js';
import { issueCount } from '../../ui/counts.js';


/**
 * How many of a cycle's issues a transfer moves: those not done with (not completed nor cancelled;
 * issues without a state among them) and not archived (read-only, they stay), as the server picks them.
 */
export function unfinishedIssues(issues: readonly IssueRow[]): number {
  return issues.filter((issue) => !issue.archived_at && !isDoneGroup(issue.state__group)).length;
}

/**
 * An ended cycle's issues not done with: how many, and for members the way to move them to a
 * cycle that has not ended (current, upcoming or a draft), chosen in a dialog; the server's
 * refusal stays in the dialog, and a toast says how many moved where.
 */
export function CycleTransfer({ slug, projectId, cycle, itemKey, mayEdit }: { slug: string; projectId: string; cycle: CycleDetail; itemKey: QueryKey; mayEdit: boolean }) {
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [target, setTarget] = useState('');
  const { busy, failure, setFailure, run } = useSubmission();
  const listKey = queryKeys.planning(slug, projectId, 'cycles');
  const cycles = useQuery({ queryKey: listKey, queryFn: () => api.planning.group('cycles').list(slug, projectId), enabled: open });
  // Counted from the cycle's list (the page shows it below): its counts take archived issues in.
  const inCycle = useQuery({
    queryKey: groupIssuesKey(itemKey),
    queryFn: () => api.planning.group('cycles').issues(slug, projectId, cycle.id),
    enabled: cycle.status === 'completed',
  });
  const unfinished = inCycle.data ? unfinishedIssues(inCycle.data) : 0;
  if (cycle.status !== 'completed' || unfinished <= 0) return null;
  const targets = (cycles.data ?? []).filter((other) => other.id !== cycle.id && other.status !== 'completed');

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const chosen = targets.find((other) => other.id === target);
    if (!chosen) return setFailure('Choose the cycle to move the issues to.');
    await run(async () => {
      const { transferred } = await api.planning.transferCycleIssues(slug, projectId, cycle.id, chosen.id);
      notify({ type: 'success', message: `${issueCount(transferred)} moved to ${isolated(chosen.name)}.` });
      setOpen(false);
      // The cycle's own key holds its list too.
      await Promise.all([queryClient.invalidateQueries({ queryKey: listKey }), queryClient.invalidateQueries({ queryKey: itemKey }), queryClient.invalidateQueries({ queryKey: queryKeys.issues(slug, projectId) })]);
    });
  };

  return (
    <div className="app-cycle-transfer">
      <Note>{`This cycle has ended with ${issueCount(unfinished)} not done.`}</Note>
      {mayEdit ? (
        <Button
          onClick={() => {
            setTarget('');
            setFailure(null);
            setOpen(true);
          }}
        >
          Move unfinished issues
        </Button>
      ) : null}
      <AppDialog
        open={open}
        onOpenChange={setOpen}
        title="Move unfinished issues"
        description={`The ${issueCount(unfinished)} of ${isolated(cycle.name)} that are not completed or cancelled move to the cycle you choose.`}
        size="small"
      >
        <form onSubmit={submit} noValidate>
          {cycles.isPending ? (
            <Note>Loading cycles…</Note>
          ) : targets.length === 0 ? (
            <Note>There is no current or upcoming cycle, nor a draft, to move them to: create one first.</Note>
          ) : (
            <div className="app-field">
              <label htmlFor={id}>Move to</label>
              <select id={id} value={target} onChange={(event) => setTarget(event.target.value)}>
                <option value="">Choose a cycle</option>
                {targets.map((other) => (
                  <option key={other.id} value={other.id}>
                    {other.name}
                  </option>
                ))}
              </select>
            </div>
          )}
          <FormError message={failure} />
          <div className="app-dialog-actions">
            <Button onClick={() => setOpen(false)}>Cancel</Button>
            <Button type="submit" variant="primary" busy={busy} disabled={targets.length === 0}>
              {`Move ${issueCount(unfinished)}`}
            </Button>
          </div>
        </form>
      </AppDialog>
    </div>
  );
}
