import type { FastifyInstance } from 'fastify';
import { ofDocument } from '../collab/collab-service.js';
import { currentProject, currentUser } from '../http/context.js';
import { conflict } from '../http/errors.js';
import { requireProjectRole } from '../http/permissions.js';
import { recordIssueActivity } from '../issues/activity.js';
import { findIssue } from '../issues/issue-lookup.js';
import { issueDetailSchema, issueParams, readIssueDetail } from '../issues/issue-shape.js';
import { Role } from '../roles.js';

/**
 * Archiving: members and admins archive an issue (it leaves the lists, which show it again with
 * archived=true) and restore it. The feed records both under archived_at: archiving with the
 * time as new value, restoring with the new value 'restore'. An archived issue is read-only
 * until restored (findIssueToChange answers 409 to every change).
 */
export async function issueArchiveRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  app.post<{ Params: { issueId: string } }>(
    '/workspaces/:slug/projects/:projectId/issues/:issueId/archive',
    { preHandler: requireProjectRole(Role.Member), schema: { params: issueParams, response: { 200: issueDetailSchema } } },
    async (request) => {
      const user = currentUser(request);
      await db.transaction(async (tx) => {
        const issue = await findIssue(tx, currentProject(request).id, request.params.issueId, { lock: true });
        if (issue.archived_at) throw conflict('This issue is already archived.');
        const archived = await tx.one<{ archived_at: Date }>(
          'UPDATE issues SET archived_at = now(), updated_by = $2 WHERE id = $1 RETURNING archived_at',
          [issue.id, user.id],
        );
        await recordIssueActivity(tx, {
          issue,
          actorId: user.id,
          field: 'archived_at',
          verb: 'updated',
          oldValue: '',
          newValue: archived.archived_at.toISOString(),
        });
      });
      // An archived issue's description is read-only for everyone editing it; a restored one writable again.
      await app.collab.recheck(ofDocument('issue-description', request.params.issueId));
      return readIssueDetail(db, request.params.issueId, user.id);
    },
  );

  app.post<{ Params: { issueId: string } }>(
    '/workspaces/:slug/projects/:projectId/issues/:issueId/restore',
    { preHandler: requireProjectRole(Role.Member), schema: { params: issueParams, response: { 200: issueDetailSchema } } },
    async (request) => {
      const user = currentUser(request);
      await db.transaction(async (tx) => {
        const issue = await findIssue(tx, currentProject(request).id, request.params.issueId, { lock: true });
        if (!issue.archived_at) throw conflict('This issue is not archived.');
        await tx.query('UPDATE issues SET archived_at = NULL, updated_by = $2 WHERE id = $1', [issue.id, user.id]);
        await recordIssueActivity(tx, {
          issue,
          actorId: user.id,
          field: 'archived_at',
          verb: 'updated',
          oldValue: issue.archived_at.toISOString(),
          newValue: 'restore',
        });
      });
      // An archived issue's description is read-only for everyone editing it; a restored one writable again.
      await app.collab.recheck(ofDocument('issue-description', request.params.issueId));
      return readIssueDetail(db, request.params.issueId, user.id);
    },
  );
}
