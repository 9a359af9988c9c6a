import type { Db } from '../db/index.js';
import { recordIssueActivity, type ActivityIssue } from '../issues/activity.js';
import type { DemoIssue } from './demo-types.js';

/** One issue of the demo cycle and what its history should tell. */
export interface CycleHistoryEntry {
  issue: ActivityIssue;
  demo: DemoIssue;
}

/** The demo project's states by group: their ids and names. */
export type StatesByGroup = ReadonlyMap<string, { id: string; name: string }>;

/** `now()` moved by a bound number of days, in SQL. */
const daysFromNow = (param: string) => `now() + make_interval(days => ${param})`;

/**
 * Gives the demo cycle (already holding its issues, added now) a past, so a fresh start shows a
 * real burn-down: each issue joined on its `cycleDay` (the cycle's start when absent), and was
 * created the day before; each completed issue moved from In Progress to Done on the day it was
 * completed. The rows are those the routes record, dated as if the changes had happened then.
 */
export async function backdateCycleHistory(tx: Db, cycleId: string, startDay: number, entries: readonly CycleHistoryEntry[], states: StatesByGroup, actorId: string): Promise<void> {
  const started = states.get('started')!;
  const completed = states.get('completed')!;
  for (const { issue, demo } of entries) {
    const joined = demo.cycleDay ?? startDay;
    await tx.query(`UPDATE cycle_issues SET created_at = ${daysFromNow('$2')} WHERE issue_id = $1`, [issue.id, joined]);
    await tx.query(`UPDATE issue_activities SET created_at = ${daysFromNow('$3')} WHERE issue_id = $1 AND field = 'cycles' AND new_identifier = $2`, [issue.id, cycleId, joined]);
    await tx.query(`UPDATE issues SET created_at = ${daysFromNow('$2')} WHERE id = $1`, [issue.id, joined - 1]);
    await tx.query(`UPDATE issue_activities SET created_at = ${daysFromNow('$2')} WHERE issue_id = $1 AND field = 'issue' AND verb = 'created'`, [issue.id, joined - 1]);
    if (demo.group !== 'completed') continue;
    await recordIssueActivity(tx, {
      issue,
      actorId,
      field: 'state',
      verb: 'updated',
      oldValue: started.name,
      oldIdentifier: started.id,
      newValue: completed.name,
      newIdentifier: completed.id,
    });
    await tx.query(`UPDATE issue_activities SET created_at = ${daysFromNow('$2')} WHERE issue_id = $1 AND field = 'state'`, [issue.id, -(demo.completedDaysAgo ?? 0)]);
  }
}
