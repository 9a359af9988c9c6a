import type { FastifyInstance } from 'fastify';
import { PRIORITIES } from '../../api-shapes/issue-priority.js';
import { memberSummaryShape, type MemberSummary } from '../../api-shapes/member-summary.js';
import { STATE_GROUPS, stateCountKey, type StateCountKey } from '../../api-shapes/state-groups.js';
import { SqlParams } from '../db/sql-params.js';
import { notFound } from '../http/errors.js';
import { requireWorkspaceRole } from '../http/permissions.js';
import { withIds, workspaceParams } from '../http/schemas.js';
import { typedRoutes } from '../http/type-provider.js';
import { openableIssueSql, readerOf } from '../issues/issue-access.js';
import { Role } from '../roles.js';

/** Why a summary is refused: the person is not (or no longer) in the workspace. */
export const SUMMARY_MEMBER_NOT_FOUND = 'Member not found.';

/**
 * A workspace member's issues in numbers (their profile's Summary): how many are assigned to
 * them, created by them and subscribed to by them, and the assigned ones by state group and by
 * priority, counted over the live issues the caller can open. Everyone in the workspace reads
 * anyone's; someone outside it is 404.
 */
export async function memberSummaryRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typedRoutes(fastify);
  const { db } = app;

  app.get(
    '/workspaces/:slug/members/:userId/summary',
    { preHandler: requireWorkspaceRole(Role.Guest), schema: { params: withIds(workspaceParams, 'userId'), response: { 200: memberSummaryShape } } },
    async (request): Promise<MemberSummary> => {
      const reader = readerOf(request);
      const { userId } = request.params;
      const member = await db.maybeOne('SELECT 1 FROM workspace_members WHERE workspace_id = $1 AND user_id = $2', [reader.workspaceId, userId]);
      if (!member) throw notFound(SUMMARY_MEMBER_NOT_FOUND);
      const params = new SqlParams();
      const user = params.bind(userId);
      const counts = [
        'count(*) FILTER (WHERE x.assigned) AS assigned_issues',
        'count(*) FILTER (WHERE x.created) AS created_issues',
        'count(*) FILTER (WHERE x.subscribed) AS subscribed_issues',
        ...STATE_GROUPS.map((group) => `count(*) FILTER (WHERE x.assigned AND x.state_group = '${group}') AS ${stateCountKey(group)}`),
        ...PRIORITIES.map((priority) => `count(*) FILTER (WHERE x.assigned AND x.priority = '${priority}') AS priority_${priority}`),
      ];
      // The member's issues alone are read (theirs by assignment, creation or subscription), each flag once.
      const row = await db.one<Record<string, number>>(
        `WITH theirs AS (
                SELECT i.priority, s."group" AS state_group, i.created_by IS NOT DISTINCT FROM ${user} AS created,
                       i.id IN (SELECT sa.issue_id FROM issue_assignees sa WHERE sa.user_id = ${user}) AS assigned,
                       i.id IN (SELECT ss.issue_id FROM issue_subscribers ss WHERE ss.user_id = ${user}) AS subscribed
                  FROM issues i LEFT JOIN states s ON s.id = i.state_id
                 WHERE i.deleted_at IS NULL AND i.archived_at IS NULL AND ${openableIssueSql('i', params, reader)}
                   AND (i.created_by = ${user}
                        OR i.id IN (SELECT ta.issue_id FROM issue_assignees ta WHERE ta.user_id = ${user})
                        OR i.id IN (SELECT ts.issue_id FROM issue_subscribers ts WHERE ts.user_id = ${user})))
         SELECT ${counts.join(', ')} FROM theirs x`,
        params.values,
      );
      return {
        assigned_issues: row.assigned_issues!,
        created_issues: row.created_issues!,
        subscribed_issues: row.subscribed_issues!,
        states: {
          ...(Object.fromEntries(STATE_GROUPS.map((group) => [stateCountKey(group), row[stateCountKey(group)]!])) as Record<StateCountKey, number>),
          total_issues: row.assigned_issues!,
        },
        priorities: Object.fromEntries(PRIORITIES.map((priority) => [priority, row[`priority_${priority}`]!])) as MemberSummary['priorities'],
      };
    },
  );
}
