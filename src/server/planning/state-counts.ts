import type { IssueGroup } from './issue-group.js';

/** A group's live issues counted by state group (spec: grouped issues counted by state group). */
export interface StateCounts {
  backlog_issues: number;
  unstarted_issues: number;
  started_issues: number;
  completed_issues: number;
  cancelled_issues: number;
  total_issues: number;
}

/** Response schema properties of the counts. */
export const stateCountProperties = {
  backlog_issues: { type: 'integer' },
  unstarted_issues: { type: 'integer' },
  started_issues: { type: 'integer' },
  completed_issues: { type: 'integer' },
  cancelled_issues: { type: 'integer' },
  total_issues: { type: 'integer' },
} as const;

/** Names of the count fields, for `required` lists. */
export const STATE_COUNT_FIELDS = Object.keys(stateCountProperties) as Array<keyof StateCounts>;

/**
 * A `LEFT JOIN LATERAL … counts ON true` adding the counts of the group whose id is the SQL
 * expression `groupId` (e.g. `c.id`). An aggregate without GROUP BY always yields one row, so a
 * group without issues gets zeros. Issues without a state count in the total only.
 */
export function stateCountsJoin(group: IssueGroup, groupId: string): string {
  const inGroup = (name: string) => `count(*) FILTER (WHERE s."group" = '${name}') AS ${name}_issues`;
  return `LEFT JOIN LATERAL (
      SELECT ${['backlog', 'unstarted', 'started', 'completed', 'cancelled'].map(inGroup).join(', ')}, count(*) AS total_issues
        FROM ${group.table} g
        JOIN issues i ON i.id = g.issue_id AND i.deleted_at IS NULL
        LEFT JOIN states s ON s.id = i.state_id
       WHERE g.${group.key} = ${groupId}
    ) counts ON true`;
}

/** SELECT list of the counts from the `counts` join. */
export const STATE_COUNT_COLUMNS = STATE_COUNT_FIELDS.map((field) => `counts.${field}`).join(', ');
