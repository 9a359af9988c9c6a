import type { FastifyInstance } from 'fastify';
import { currentProject } from '../http/context.js';
import { notFound } from '../http/errors.js';
import { requireProjectRole } from '../http/permissions.js';
import { activitySchema, listActivities } from '../issues/activity-feed.js';
import { readerOf } from '../issues/issue-access.js';
import { ISSUE_NOT_FOUND } from '../issues/issue-lookup.js';
import { issueParams } from '../issues/issue-shape.js';
import { Role } from '../roles.js';
import { notInIntakeSql } from '../intake/intake-sql.js';

/**
 * An issue's activity feed, oldest first, for everyone in the project. A deleted issue's feed
 * stays readable: its rows carry issue_detail null, which the feed shows as "This issue has been
 * deleted", and deleted_issue_detail (its name and number as they were). Values naming an issue the reader cannot open (a relation to another project) are
 * left out, with old_hidden / new_hidden saying so.
 */
export async function issueActivityRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  app.get<{ Params: { issueId: string } }>(
    '/workspaces/:slug/projects/:projectId/issues/:issueId/activities',
    { preHandler: requireProjectRole(Role.Guest), schema: { params: issueParams, response: { 200: { type: 'array', items: activitySchema } } } },
    async (request) => {
      const issue = await db.maybeOne(`SELECT id FROM issues WHERE id = $1 AND project_id = $2 AND ${notInIntakeSql('issues')}`, [request.params.issueId, currentProject(request).id]);
      if (!issue) throw notFound(ISSUE_NOT_FOUND);
      return listActivities(db, request.params.issueId, readerOf(request));
    },
  );
}
