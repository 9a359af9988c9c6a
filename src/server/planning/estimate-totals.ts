import type { estimateTotalsShape } from '../../api-shapes/planning.js';
import type { ColumnSql } from '../db/select-list.js';
import type { IssueGroup } from './issue-group.js';

export type { EstimateTotals } from '../../api-shapes/planning.js';

/**
 * The joins adding a group's estimate totals (src/api-shapes/planning.ts: estimateTotalsShape)
 * to a query of groups, for the group whose id is the SQL expression `groupId` in the project
 * `projectId` (e.g. `c.id`, `c.project_id`): the project's estimate settings (`ep`), the sums of
 * its points (`estimate_sums`, only when the project uses points, so a category's name is never
 * read as a number) and its counts per category (`estimate_counts`, only with categories).
 */
export function estimateTotalsJoin(group: IssueGroup, groupId: string, projectId: string): string {
  const liveIssues = `${group.table} g
          JOIN issues i ON i.id = g.issue_id AND i.deleted_at IS NULL
          LEFT JOIN states s ON s.id = i.state_id`;
  return `JOIN projects ep ON ep.id = ${projectId}
    LEFT JOIN LATERAL (
      SELECT sum(e.value::float8) AS total, sum(e.value::float8) FILTER (WHERE s."group" = 'completed') AS completed
        FROM ${liveIssues}
        JOIN estimate_points e ON e.id = i.estimate_point_id
       WHERE g.${group.key} = ${groupId} AND ep.estimates_enabled AND ep.estimate_type = 'points'
    ) estimate_sums ON true
    LEFT JOIN LATERAL (
      SELECT json_agg(json_build_object('value', e.value, 'completed_issues', per.completed, 'total_issues', per.total) ORDER BY e.key, e.id) AS categories
        FROM estimate_points e
        CROSS JOIN LATERAL (
          SELECT count(*) AS total, count(*) FILTER (WHERE s."group" = 'completed') AS completed
            FROM ${liveIssues}
           WHERE g.${group.key} = ${groupId} AND i.estimate_point_id = e.id
        ) per
       WHERE e.project_id = ${projectId} AND ep.estimates_enabled AND ep.estimate_type = 'categories'
    ) estimate_counts ON true`;
}

const POINTS_ON = `ep.estimates_enabled AND ep.estimate_type = 'points'`;

/** The totals' SQL in a shape's column list, read from estimateTotalsJoin's joins. */
export const ESTIMATE_TOTAL_SQL: Required<ColumnSql<typeof estimateTotalsShape>> = {
  total_estimate: `CASE WHEN ${POINTS_ON} THEN COALESCE(estimate_sums.total, 0) END`,
  completed_estimate: `CASE WHEN ${POINTS_ON} THEN COALESCE(estimate_sums.completed, 0) END`,
  estimate_categories: `COALESCE(estimate_counts.categories, '[]'::json)`,
};
