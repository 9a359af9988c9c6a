import type { FastifyInstance } from 'fastify';
import { descriptionSaveBody, type DescriptionSaveBody } from '../../api-shapes/description.js';
import { descriptionDocument } from '../collab/documents.js';
import { currentProject, currentUser } from '../http/context.js';
import { requireProjectRole } from '../http/permissions.js';
import { descriptionEtag, descriptionSchema, editedVersion, saveDescription } from '../issues/description.js';
import { findIssue, findIssueToChange } from '../issues/issue-lookup.js';
import { issueParams } from '../issues/issue-shape.js';
import { normalisedRichText } from '../issues/rich-text-input.js';
import { Role } from '../roles.js';

/**
 * An issue's description with optimistic concurrency (a description being edited together is
 * saved through its shared document: src/server/collab/rest-writes.ts): a save names the version it edited (in
 * the body or as `If-Match: "<version>"`); a stale one gets 409 with the current description to
 * merge, and the stored text stays. Every answer carries the version as its ETag.
 */
export async function issueDescriptionRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  app.get<{ Params: { issueId: string } }>(
    '/workspaces/:slug/projects/:projectId/issues/:issueId/description',
    { preHandler: requireProjectRole(Role.Guest), schema: { params: issueParams, response: { 200: descriptionSchema } } },
    async (request, reply) => {
      const issue = await findIssue(db, currentProject(request).id, request.params.issueId);
      return reply
        .header('etag', descriptionEtag(issue.description_version))
        .send({ description_html: issue.description_html, version: issue.description_version });
    },
  );

  app.put<{ Params: { issueId: string }; Body: DescriptionSaveBody }>(
    '/workspaces/:slug/projects/:projectId/issues/:issueId/description',
    {
      preHandler: requireProjectRole(Role.Member),
      schema: {
        params: issueParams,
        body: descriptionSaveBody,
        response: { 200: descriptionSchema },
      },
    },
    async (request, reply) => {
      const version = editedVersion(request.headers['if-match'], request.body.version);
      const description = await normalisedRichText(request, { html: request.body.description_html, json: request.body.description_json }, 'description');
      const actorId = currentUser(request).id;
      const issue = await findIssue(db, currentProject(request).id, request.params.issueId);
      const saved = await app.collab.saveFromRest({
        document: descriptionDocument(issue.id),
        version,
        content: description,
        actorId,
        begin: (tx) => findIssueToChange(tx, issue.project_id, issue.id),
        save: (tx, locked, content, edited) => saveDescription(tx, locked, content, edited, actorId),
      });
      return reply.header('etag', descriptionEtag(saved.version)).send(saved);
    },
  );
}
