import type { FastifyInstance } from 'fastify';
import { requireWorkspaceRole } from '../http/permissions.js';
import { badRequest } from '../http/errors.js';
import { pagination, workspaceParams } from '../http/schemas.js';
import { workspaceIssueQueryShape, type WorkspaceIssueQueryText } from '../../api-shapes/issue-list-query.js';
import type { WorkspaceIssueTab } from '../../api-shapes/issue-tabs.js';
import { issueFilterSql, issueOrderSql } from '../issues/issue-filters.js';
import { openableIssueSql, readerOf } from '../issues/issue-access.js';
import { ISSUE_ROW_COLUMNS, issueRowSchema, LISTED_ISSUE_FROM, type IssueRow } from '../issues/issue-shape.js';
import { SqlParams } from '../db/sql-params.js';
import { Role } from '../roles.js';

/** Why `user` is refused with the all-issues tab, which is nobody's in particular. */
export const TAB_USER_WITHOUT_TAB = 'User applies to the assigned, created and subscribed tabs only.';

/** What each tab adds to "issues of the projects I can open", given the user's placeholder. */
const TAB_SQL: Record<WorkspaceIssueTab, (user: string) => string> = {
  'all-issues': () => '',
  assigned: (user) => ` AND EXISTS (SELECT 1 FROM issue_assignees ta WHERE ta.issue_id = i.id AND ta.user_id = ${user})`,
  created: (user) => ` AND i.created_by = ${user}`,
  subscribed: (user) => ` AND EXISTS (SELECT 1 FROM issue_subscribers ts WHERE ts.issue_id = i.id AND ts.user_id = ${user})`,
};

/**
 * The workspace issue tabs (all-issues, assigned, created, subscribed): issues of the projects
 * the caller belongs to (every project for a workspace admin), newest first, with the project
 * list's filters and pages. The assigned, created and subscribed tabs are the caller's, or with
 * `user` another person's (a profile's lists), still only among the issues the caller can open.
 */
export async function issueTabRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  app.get<{ Querystring: WorkspaceIssueQueryText }>(
    '/workspaces/:slug/issues',
    {
      preHandler: requireWorkspaceRole(Role.Guest),
      schema: {
        params: workspaceParams,
        querystring: workspaceIssueQueryShape,
        response: { 200: { type: 'array', items: issueRowSchema } },
      },
    },
    async (request, reply) => {
      const reader = readerOf(request);
      const params = new SqlParams();
      const tab = request.query.tab ?? 'all-issues';
      if (tab === 'all-issues' && request.query.user !== undefined) throw badRequest(TAB_USER_WITHOUT_TAB);
      const where =
        openableIssueSql('i', params, reader) +
        (tab === 'all-issues' ? '' : TAB_SQL[tab](params.bind(request.query.user ?? reader.userId))) +
        issueFilterSql(request.query, params);
      const { limit, offset } = pagination(request.query);
      const total = await db.one<{ count: number }>(`SELECT count(*) AS count FROM issues i WHERE ${where}`, params.values);
      const issues = await db.query<IssueRow>(
        `SELECT ${ISSUE_ROW_COLUMNS} FROM ${LISTED_ISSUE_FROM}
          WHERE ${where}
          ORDER BY ${issueOrderSql(request.query.order, 'i.created_at DESC, i.id')}
          LIMIT ${limit} OFFSET ${offset}`,
        params.values,
      );
      return reply.header('x-total-count', String(total.count)).send(issues);
    },
  );
}
