import type { Db } from '../db/index.js';
import { DONE_STATE_GROUPS } from '../../api-shapes/state-groups.js';
import { badRequest, notFound } from '../http/errors.js';
import { lockIssues } from '../issues/issue-lookup.js';
import { recordIssueActivity, type ActivityIssue } from '../issues/activity.js';
import type { GroupRef } from '../planning/group-issues.js';
import { CYCLE_GROUP } from '../planning/issue-group.js';
import { CYCLE_NOT_FOUND, findCycle } from './cycle-shape.js';

/**
 * Puts the issues in the cycle, inside `tx`. An issue is in at most one cycle, so one that was in
 * another cycle moves (activity `cycles` updated, with both cycles); one in no cycle is added
 * (activity created); one already in this cycle is left alone. The issue rows are locked first
 * (lockIssues; the cycle before them), so two requests moving the same issue take turns and each
 * records what it really changed.
 */
export async function addIssuesToCycle(tx: Db, cycle: GroupRef, issues: readonly ActivityIssue[], actorId: string): Promise<void> {
  const ids = issues.map((issue) => issue.id);
  await lockIssues(tx, ids);
  const current = await tx.query<{ issue_id: string; cycle_id: string; name: string }>(
    `SELECT ci.issue_id, ci.cycle_id, c.name FROM cycle_issues ci JOIN cycles c ON c.id = ci.cycle_id WHERE ci.issue_id = ANY($1::uuid[])`,
    [ids],
  );
  const cycleOf = new Map(current.map((row) => [row.issue_id, row]));
  for (const issue of issues) {
    const previous = cycleOf.get(issue.id);
    if (previous?.cycle_id === cycle.id) continue;
    if (previous) {
      await tx.query('UPDATE cycle_issues SET cycle_id = $2, created_by = $3, created_at = now() WHERE issue_id = $1', [issue.id, cycle.id, actorId]);
    } else {
      await tx.query('INSERT INTO cycle_issues (cycle_id, issue_id, created_by) VALUES ($1, $2, $3)', [cycle.id, issue.id, actorId]);
    }
    await recordIssueActivity(tx, {
      issue,
      actorId,
      field: CYCLE_GROUP.field,
      verb: previous ? 'updated' : 'created',
      oldValue: previous?.name ?? null,
      oldIdentifier: previous?.cycle_id ?? null,
      newValue: cycle.name,
      newIdentifier: cycle.id,
    });
  }
}

/** The answer when the cycle to move issues to is the cycle they are in. */
export const TRANSFER_TO_ITSELF = 'Choose another cycle to move the issues to.';

/** The answer when the cycle to move issues to has ended. */
export const transferToEnded = (name: string) => `The cycle "${name}" has ended: choose a current or upcoming cycle, or a draft.`;

/**
 * Moves the issues of cycle `fromId` that are not done with (no state, or a state outside the
 * completed and cancelled groups; archived and deleted issues stay) to cycle `toId` of the same
 * project, inside `tx`, each with its activity (addIssuesToCycle): the usual end of a cycle. Both
 * cycles are locked in id order, so two transfers between the same cycles take turns. Answers how
 * many moved. 404 for a cycle that is not the project's, 400 for the same cycle or an ended one.
 */
export async function transferUnfinishedIssues(tx: Db, projectId: string, fromId: string, toId: string, actorId: string): Promise<number> {
  await tx.query('SELECT id FROM cycles WHERE id = ANY($1::uuid[]) AND project_id = $2 ORDER BY id FOR UPDATE', [[fromId, toId], projectId]);
  const [from, to] = [await findCycle(tx, projectId, fromId), await findCycle(tx, projectId, toId)];
  if (!from || !to) throw notFound(CYCLE_NOT_FOUND);
  if (from.id === to.id) throw badRequest(TRANSFER_TO_ITSELF);
  if (to.status === 'completed') throw badRequest(transferToEnded(to.name));
  const unfinished = await tx.query<ActivityIssue>(
    `SELECT i.id, i.project_id, i.workspace_id FROM cycle_issues ci
       JOIN issues i ON i.id = ci.issue_id
       LEFT JOIN states s ON s.id = i.state_id
      WHERE ci.cycle_id = $1 AND i.deleted_at IS NULL AND i.archived_at IS NULL
        AND (s."group" IS NULL OR NOT (s."group" = ANY($2::text[])))
      ORDER BY i.sequence_id`,
    [from.id, DONE_STATE_GROUPS],
  );
  if (unfinished.length) await addIssuesToCycle(tx, { id: to.id, name: to.name }, unfinished, actorId);
  return unfinished.length;
}
