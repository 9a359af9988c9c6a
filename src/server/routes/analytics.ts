import type { FastifyInstance } from 'fastify';
import { workspaceAnalyticsShape, type ProjectProgress, type WorkspaceAnalytics } from '../../api-shapes/analytics.js';
import type { AssigneeDistribution, LabelDistribution, StateCounts } from '../../api-shapes/planning.js';
import { STATE_GROUPS, stateCountKey } from '../../api-shapes/state-groups.js';
import { SqlParams } from '../db/sql-params.js';
import { requireWorkspaceRole } from '../http/permissions.js';
import { workspaceParams } from '../http/schemas.js';
import { typedRoutes } from '../http/type-provider.js';
import { openableIssueSql, readerOf } from '../issues/issue-access.js';
import { visibleProjectSql } from '../issues/visible-projects.js';
import { Role } from '../roles.js';

/** Whether a row of `live` is completed (its state in the completed group). */
const COMPLETED = `x.state_group = 'completed'`;

/**
 * The workspace's analytics (the Analytics screen): its live, unarchived issues in the projects
 * the reader can open (every project for a workspace admin), counted by state group, by project,
 * by assignee and by label, each with how many are completed. Everyone in the workspace reads
 * the numbers of what they can open.
 */
export async function analyticsRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typedRoutes(fastify);
  const { db } = app;

  app.get(
    '/workspaces/:slug/analytics',
    { preHandler: requireWorkspaceRole(Role.Guest), schema: { params: workspaceParams, response: { 200: workspaceAnalyticsShape } } },
    async (request): Promise<WorkspaceAnalytics> => {
      const reader = readerOf(request);
      const params = new SqlParams();
      // Every query below reads the same issues, with the same parameters.
      const live = `WITH live AS (
        SELECT i.id, i.project_id, s."group" AS state_group FROM issues i LEFT JOIN states s ON s.id = i.state_id
         WHERE i.deleted_at IS NULL AND i.archived_at IS NULL AND ${openableIssueSql('i', params, reader)})`;
      const groups = STATE_GROUPS.map((group) => `count(*) FILTER (WHERE x.state_group = '${group}') AS ${stateCountKey(group)}`).join(', ');
      const states = await db.one<StateCounts>(`${live} SELECT ${groups}, count(*) AS total_issues FROM live x`, params.values);
      const assignees = await db.query<AssigneeDistribution>(
        `${live} SELECT a.user_id AS assignee_id, u.display_name, u.avatar,
                count(*) FILTER (WHERE ${COMPLETED}) AS completed_issues, count(*) AS total_issues
           FROM live x LEFT JOIN issue_assignees a ON a.issue_id = x.id LEFT JOIN users u ON u.id = a.user_id
          GROUP BY a.user_id, u.display_name, u.avatar
          ORDER BY a.user_id IS NULL, lower(u.display_name), a.user_id`,
        params.values,
      );
      const labels = await db.query<LabelDistribution>(
        `${live} SELECT l.id AS label_id, l.name AS label_name, l.color,
                count(*) FILTER (WHERE ${COMPLETED}) AS completed_issues, count(*) AS total_issues
           FROM live x LEFT JOIN issue_labels il ON il.issue_id = x.id LEFT JOIN labels l ON l.id = il.label_id
          GROUP BY l.id, l.name, l.color
          ORDER BY l.id IS NULL, lower(l.name), l.id`,
        params.values,
      );
      const counts = await db.query<{ project_id: string; completed_issues: number; total_issues: number }>(
        `${live} SELECT x.project_id, count(*) FILTER (WHERE ${COMPLETED}) AS completed_issues, count(*) AS total_issues FROM live x GROUP BY x.project_id`,
        params.values,
      );
      const projectParams = new SqlParams();
      const projects = await db.query<Pick<ProjectProgress, 'project_id' | 'name' | 'identifier'>>(
        `SELECT p.id AS project_id, p.name, p.identifier FROM projects p
          WHERE p.workspace_id = ${projectParams.bind(reader.workspaceId)}
            AND ${visibleProjectSql('p.id', projectParams, reader.workspaceId, reader.userId, reader.workspaceRole)}
          ORDER BY lower(p.name), p.id`,
        projectParams.values,
      );
      const byProject = new Map(counts.map((row) => [row.project_id, row]));
      return {
        states,
        projects: projects.map((project) => {
          const count = byProject.get(project.project_id);
          return { ...project, completed_issues: count?.completed_issues ?? 0, total_issues: count?.total_issues ?? 0 };
        }),
        assignees,
        labels,
      };
    },
  );
}
