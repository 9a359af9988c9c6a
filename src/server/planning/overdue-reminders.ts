import type { Db } from '../db/index.js';
import { announceLive } from '../live/live-events.js';
import { notify } from '../notifications/notify.js';
import { LIVE_ISSUES_SQL } from './live-issues.js';

// Overdue reminders: once an open issue's target day has passed everywhere, the people it is
// assigned to (its creator when nobody is) are told once, by no one ("Overdue"), and their open
// screens hear of it on the live stream; a new target day that passes too is told again. The
// automations' runner runs them at start and hourly.

/** Issues reminded of per transaction, as the automations' batches. */
const BATCH = 50;

/**
 * The last day that has ended everywhere as of `$1` (a timestamptz): the day before the one
 * UTC-12, the last time zone, is in. An issue due on it is overdue for every reader; one due the day
 * after may still be due "today" somewhere, so it is not told yet.
 */
const ENDED_EVERYWHERE = `((($1::timestamptz AT TIME ZONE 'UTC') - interval '12 hours')::date - 1)`;

/**
 * Tells of every live issue in no state or one not done with whose target day has ended everywhere
 * as of `now` and that was not reminded of that day yet; answers how many issues were told of.
 * The reminder is stored (`issue_overdue_reminders`) in the transaction that writes the
 * notifications, by an upsert that only one of several processes running at once can make, so each
 * day missed is told once whatever runs at the same time.
 */
export async function remindOverdue(db: Db, now: Date): Promise<number> {
  let reminded = 0;
  for (;;) {
    const { due, told } = await db.transaction(async (tx) => {
      const due = await tx.query<{ id: string; project_id: string; workspace_id: string; created_by: string | null; target_date: string }>(
        `SELECT i.id, i.project_id, i.workspace_id, i.created_by, i.target_date::text AS target_date
           FROM issues i
           LEFT JOIN states s ON s.id = i.state_id
           LEFT JOIN issue_overdue_reminders r ON r.issue_id = i.id
          WHERE ${LIVE_ISSUES_SQL} AND i.target_date <= ${ENDED_EVERYWHERE}
            AND (s."group" IS NULL OR s."group" NOT IN ('completed', 'cancelled'))
            AND r.target_date IS DISTINCT FROM i.target_date
          ORDER BY i.id LIMIT ${BATCH}`,
        [now],
      );
      let told = 0;
      for (const issue of due) {
        const stored = await tx.maybeOne(
          `INSERT INTO issue_overdue_reminders (issue_id, target_date) VALUES ($1, $2::date)
           ON CONFLICT (issue_id) DO UPDATE SET target_date = EXCLUDED.target_date, reminded_at = now()
            WHERE issue_overdue_reminders.target_date IS DISTINCT FROM EXCLUDED.target_date
           RETURNING issue_id`,
          [issue.id, issue.target_date],
        );
        if (!stored) continue;
        const assignees = await tx.query<{ user_id: string }>('SELECT user_id FROM issue_assignees WHERE issue_id = $1', [issue.id]);
        const to = assignees.length ? assignees.map((row) => row.user_id) : issue.created_by ? [issue.created_by] : [];
        const receivers = await notify(tx, { issue, actorId: null, kind: 'overdue', to, detail: issue.target_date });
        // Their open screens show it (the unread count, the inbox) now, not at their next poll.
        for (const receiver of receivers) {
          await announceLive(tx, {
            workspaceId: issue.workspace_id,
            event: 'notification',
            action: 'created',
            data: { project_id: issue.project_id, id: receiver, issue_id: issue.id, actor_id: null },
          });
        }
        told++;
      }
      return { due: due.length, told };
    });
    reminded += told;
    if (due < BATCH) return reminded;
  }
}
