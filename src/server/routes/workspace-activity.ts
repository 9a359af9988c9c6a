import type { FastifyInstance } from 'fastify';
import {
  ACTIVITY_PAGE_MAX,
  ACTIVITY_PAGE_SIZE,
  activityPageShape,
  workspaceActivityQueryShape,
  type ActivityPage,
} from '../../api-shapes/workspace-activity.js';
import { badRequest } from '../http/errors.js';
import { requireWorkspaceRole } from '../http/permissions.js';
import { workspaceParams } from '../http/schemas.js';
import { typedRoutes } from '../http/type-provider.js';
import { readerOf } from '../issues/issue-access.js';
import type { ActivityJson } from '../issues/activity-feed.js';
import { listWorkspaceActivities } from '../issues/workspace-activity.js';
import { Role } from '../roles.js';

/** Why a page size is refused. */
export const ACTIVITY_LIMIT_RANGE = `Limit must be between 1 and ${ACTIVITY_PAGE_MAX}.`;

/** A page of the workspace's activity as the route answers it (timestamps as the server holds them). */
type ActivityPageJson = Omit<ActivityPage, 'activities'> & { activities: ActivityJson[] };

/**
 * The activity of the workspace's issues (the dashboard's recent activity; with `actor`, one
 * person's, as their profile shows it): the rows of every issue feed the caller can open, newest
 * first, a page at a time. Everyone in the workspace reads what their projects hold, guests too
 * (a project's guests open all of its issues); a project the caller is not in never shows.
 */
export async function workspaceActivityRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typedRoutes(fastify);
  const { db } = app;

  app.get(
    '/workspaces/:slug/activities',
    {
      preHandler: requireWorkspaceRole(Role.Guest),
      schema: { params: workspaceParams, querystring: workspaceActivityQueryShape, response: { 200: activityPageShape } },
    },
    async (request): Promise<ActivityPageJson> => {
      const { actor, before } = request.query;
      const limit = request.query.limit === undefined ? ACTIVITY_PAGE_SIZE : Number(request.query.limit);
      if (limit < 1 || limit > ACTIVITY_PAGE_MAX) throw badRequest(ACTIVITY_LIMIT_RANGE);
      const rows = await listWorkspaceActivities(db, readerOf(request), { actor, before, limit });
      const activities = rows.slice(0, limit);
      return { activities, next_before: rows.length > limit ? activities.at(-1)!.id : null };
    },
  );
}
