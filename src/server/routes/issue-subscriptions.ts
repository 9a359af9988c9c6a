import type { FastifyInstance } from 'fastify';
import { currentProject, currentUser } from '../http/context.js';
import { requireProjectRole } from '../http/permissions.js';
import { findIssue } from '../issues/issue-lookup.js';
import { issueParams } from '../issues/issue-shape.js';
import { isSubscribed, subscribe } from '../issues/subscriptions.js';
import { Role } from '../roles.js';

const subscriptionSchema = { type: 'object', required: ['subscribed'], properties: { subscribed: { type: 'boolean' } } } as const;

const PATH = '/workspaces/:slug/projects/:projectId/issues/:issueId/subscribe';

/**
 * Following an issue: anyone in the project can see whether they follow it, follow it and stop.
 * Each answers `{ subscribed }`; both changes are idempotent. (Creators and assignees are
 * subscribed by the issue routes.)
 */
export async function issueSubscriptionRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const options = { preHandler: requireProjectRole(Role.Guest), schema: { params: issueParams, response: { 200: subscriptionSchema } } };

  app.get<{ Params: { issueId: string } }>(PATH, options, async (request) => {
    const issue = await findIssue(db, currentProject(request).id, request.params.issueId);
    return { subscribed: await isSubscribed(db, issue.id, currentUser(request).id) };
  });

  app.post<{ Params: { issueId: string } }>(PATH, options, async (request) => {
    const issue = await findIssue(db, currentProject(request).id, request.params.issueId);
    await subscribe(db, issue.id, [currentUser(request).id]);
    return { subscribed: true };
  });

  app.delete<{ Params: { issueId: string } }>(PATH, options, async (request) => {
    const issue = await findIssue(db, currentProject(request).id, request.params.issueId);
    await db.query('DELETE FROM issue_subscribers WHERE issue_id = $1 AND user_id = $2', [issue.id, currentUser(request).id]);
    return { subscribed: false };
  });
}
