import type { AssigneeDistribution, CompletionChart, Distribution, LabelDistribution } from '../../api-shapes/planning.js';
import type { Db } from '../db/index.js';
import type { IssueGroup } from './issue-group.js';

// The distribution's shape is defined once in src/api-shapes/planning.ts (shared with the app).

/** The longest chart drawn, in days; a longer group is charted from its start for this many days. */
export const MAX_CHART_DAYS = 400;

const COMPLETED = `s."group" = 'completed'`;

function liveIssues(group: IssueGroup): string {
  return `${group.table} g
      JOIN issues i ON i.id = g.issue_id AND i.deleted_at IS NULL
      LEFT JOIN states s ON s.id = i.state_id`;
}

function dayOf(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/**
 * A simple burn-down: for each day from `start` to `end` (dates 'YYYY-MM-DD'), how many of the
 * issues were not completed by that day's end (UTC). Days after `today` are null.
 */
export function completionChart(completedOn: ReadonlyArray<string | null>, start: string, end: string, today: string): CompletionChart {
  const chart: CompletionChart = {};
  const day = new Date(`${start}T00:00:00Z`);
  const last = new Date(`${end}T00:00:00Z`);
  for (let n = 0; day <= last && n < MAX_CHART_DAYS; n++) {
    const key = dayOf(day);
    chart[key] = key > today ? null : completedOn.filter((done) => done === null || done > key).length;
    day.setUTCDate(day.getUTCDate() + 1);
  }
  return chart;
}

/**
 * The breakdown of a cycle's or module's live issues by assignee and by label. An issue with two
 * assignees counts for each; unassigned and unlabelled issues form a row with a null id.
 */
export async function groupDistribution(db: Db, group: IssueGroup, groupId: string, dates: { start: string | null; end: string | null }): Promise<Distribution> {
  const assignees = await db.query<AssigneeDistribution>(
    `SELECT a.user_id AS assignee_id, u.display_name, u.avatar,
            count(*) FILTER (WHERE ${COMPLETED}) AS completed_issues, count(*) AS total_issues
       FROM ${liveIssues(group)}
       LEFT JOIN issue_assignees a ON a.issue_id = i.id
       LEFT JOIN users u ON u.id = a.user_id
      WHERE g.${group.key} = $1
      GROUP BY a.user_id, u.display_name, u.avatar
      ORDER BY a.user_id IS NULL, lower(u.display_name), a.user_id`,
    [groupId],
  );
  const labels = await db.query<LabelDistribution>(
    `SELECT l.id AS label_id, l.name AS label_name, l.color,
            count(*) FILTER (WHERE ${COMPLETED}) AS completed_issues, count(*) AS total_issues
       FROM ${liveIssues(group)}
       LEFT JOIN issue_labels il ON il.issue_id = i.id
       LEFT JOIN labels l ON l.id = il.label_id
      WHERE g.${group.key} = $1
      GROUP BY l.id, l.name, l.color
      ORDER BY l.id IS NULL, lower(l.name), l.id`,
    [groupId],
  );
  const distribution: Distribution = { assignees, labels };
  if (dates.start && dates.end) {
    // An issue in a completed state without a completion time counts as completed when last changed.
    const rows = await db.query<{ completed_on: string | null }>(
      `SELECT CASE WHEN ${COMPLETED} THEN to_char(COALESCE(i.completed_at, i.updated_at) AT TIME ZONE 'UTC', 'YYYY-MM-DD') END AS completed_on
         FROM ${liveIssues(group)}
        WHERE g.${group.key} = $1`,
      [groupId],
    );
    distribution.completion_chart = completionChart(
      rows.map((row) => row.completed_on),
      dates.start,
      dates.end,
      dayOf(new Date()),
    );
  }
  return distribution;
}
