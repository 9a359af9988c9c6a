import { STATE_GROUPS, stateCountKey } from '../../api-shapes/state-groups.js';
import type { stateCountsShape } from '../../api-shapes/planning.js';
import type { ColumnSql } from '../db/select-list.js';
import type { IssueGroup } from './issue-group.js';

export type { StateCounts } from '../../api-shapes/planning.js';

/**
 * A `LEFT JOIN LATERAL … counts ON true` adding the counts of the group whose id is the SQL
 * expression `groupId` (e.g. `c.id`). An aggregate without GROUP BY always yields one row, so a
 * group without issues gets zeros. Issues without a state count in the total only.
 */
export function stateCountsJoin(group: IssueGroup, groupId: string): string {
  const inGroup = (name: (typeof STATE_GROUPS)[number]) => `count(*) FILTER (WHERE s."group" = '${name}') AS ${stateCountKey(name)}`;
  return `LEFT JOIN LATERAL (
      SELECT ${STATE_GROUPS.map(inGroup).join(', ')}, count(*) AS total_issues
        FROM ${group.table} g
        JOIN issues i ON i.id = g.issue_id AND i.deleted_at IS NULL
        LEFT JOIN states s ON s.id = i.state_id
       WHERE g.${group.key} = ${groupId}
    ) counts ON true`;
}

/** The counts' SQL in a shape's column list: each read from the `counts` join. */
export const STATE_COUNT_SQL = Object.fromEntries(
  [...STATE_GROUPS.map(stateCountKey), 'total_issues'].map((key) => [key, `counts.${key}`]),
) as Required<ColumnSql<typeof stateCountsShape>>;
