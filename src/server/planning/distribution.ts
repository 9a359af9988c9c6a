import type { Db } from '../db/index.js';
import { nullable, uuid } from '../http/schemas.js';
import type { IssueGroup } from './issue-group.js';

/** One assignee's share of a group (spec: assignee_id, display_name, avatar, completed_issues, total_issues). */
export interface AssigneeDistribution {
  /** null for the row of unassigned issues. */
  assignee_id: string | null;
  display_name: string | null;
  avatar: string | null;
  completed_issues: number;
  total_issues: number;
}

/** One label's share of a group (spec: label_id, label_name, color, completed_issues, total_issues). */
export interface LabelDistribution {
  /** null for the row of unlabelled issues. */
  label_id: string | null;
  label_name: string | null;
  color: string | null;
  completed_issues: number;
  total_issues: number;
}

/** Pending (not completed) issues at the end of each day of the group's dates; null for days still to come. */
export type CompletionChart = Record<string, number | null>;

/** The progress breakdown of a cycle or module. */
export interface Distribution {
  assignees: AssigneeDistribution[];
  labels: LabelDistribution[];
  /** Present when the group has both a start and an end date. */
  completion_chart?: CompletionChart;
}

/** Response schema of a distribution. */
export const distributionSchema = {
  type: 'object',
  required: ['assignees', 'labels'],
  properties: {
    assignees: {
      type: 'array',
      items: {
        type: 'object',
        required: ['assignee_id', 'display_name', 'avatar', 'completed_issues', 'total_issues'],
        properties: {
          assignee_id: nullable(uuid),
          display_name: nullable({ type: 'string' }),
          avatar: nullable({ type: 'string' }),
          completed_issues: { type: 'integer' },
          total_issues: { type: 'integer' },
        },
      },
    },
    labels: {
      type: 'array',
      items: {
        type: 'object',
        required: ['label_id', 'label_name', 'color', 'completed_issues', 'total_issues'],
        properties: {
          label_id: nullable(uuid),
          label_name: nullable({ type: 'string' }),
          color: nullable({ type: 'string' }),
          completed_issues: { type: 'integer' },
          total_issues: { type: 'integer' },
        },
      },
    },
    completion_chart: { type: 'object', additionalProperties: { type: ['integer', 'null'] } },
  },
} as const;

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
