import type { FastifyInstance } from 'fastify';
import { descriptionDocument } from '../collab/documents.js';
import { currentProject, currentUser, currentWorkspace } from '../http/context.js';
import { notFound } from '../http/errors.js';
import { requireProjectRole } from '../http/permissions.js';
import { copyDescriptionAssets, insertIssueCopy, removeCopiedFiles } from '../issues/copy-issue.js';
import { ISSUE_NOT_FOUND, findIssue } from '../issues/issue-lookup.js';
import { issueDetailSchema, issueParams, readIssueDetail } from '../issues/issue-shape.js';
import { Role } from '../roles.js';

/**
 * Making a copy of an issue (members and admins): `POST …/issues/:issueId/copy` answers 201 with
 * the new issue (copy-issue.ts says what it takes along). An archived issue can be copied: the
 * copy is a live issue. Its description is the one its editors hold: a stored copy still waiting for
 * the pause in their changes (collab/derived-copies.ts) is saved first.
 */
export async function issueCopyRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  app.post<{ Params: { issueId: string } }>(
    '/workspaces/:slug/projects/:projectId/issues/:issueId/copy',
    { preHandler: requireProjectRole(Role.Member), schema: { params: issueParams, response: { 201: issueDetailSchema } } },
    async (request, reply) => {
      const project = currentProject(request);
      const user = currentUser(request);
      const workspaceId = currentWorkspace(request).id;
      const found = await findIssue(db, project.id, request.params.issueId);
      await app.collab.upToDate(descriptionDocument(found.id));
      const detail = await readIssueDetail(db, found.id, user.id);
      if (!detail) throw notFound(ISSUE_NOT_FOUND);
      const { description_json } = await db.one<{ description_json: unknown }>('SELECT description_json FROM issues WHERE id = $1', [found.id]);
      const assets = await copyDescriptionAssets(db, app.storage, workspaceId, detail.description_html);
      let copy;
      try {
        copy = await db.transaction((tx) =>
          insertIssueCopy(tx, { projectId: project.id, workspaceId, userId: user.id }, { ...detail, description_json }, assets),
        );
      } catch (error) {
        await removeCopiedFiles(app.storage, assets);
        throw error;
      }
      return reply.code(201).send(await readIssueDetail(db, copy.id, user.id));
    },
  );
}
