import type { FastifyInstance } from 'fastify';
import { descriptionSaveBody, type DescriptionSaveBody } from '../../api-shapes/description.js';
import { pageDocument } from '../collab/documents.js';
import { currentProject, currentUser } from '../http/context.js';
import { requireProjectRole } from '../http/permissions.js';
import { descriptionEtag, descriptionSchema, editedVersion } from '../issues/description.js';
import { normalisedRichText } from '../issues/rich-text-input.js';
import { checkNotArchived, findVisiblePage } from '../pages/page-access.js';
import { savePageContent } from '../pages/page-content.js';
import { pageParams } from '../pages/page-shape.js';
import { requireProjectFeature } from '../planning/project-feature.js';
import { Role } from '../roles.js';

/**
 * A page's content with optimistic concurrency, exactly like issue descriptions (and, like them,
 * saved through its shared document when it is edited together): a save names
 * the version it edited (in the body or as `If-Match: "<version>"`); a stale one gets 409 with
 * the current content to merge, and the stored text stays. Every answer carries the version as
 * its ETag. Members who can see the page edit it, unless it is archived.
 */
export async function pageDescriptionRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const path = '/workspaces/:slug/projects/:projectId/pages/:pageId/description';

  app.get<{ Params: { pageId: string } }>(
    path,
    { preHandler: [requireProjectRole(Role.Guest), requireProjectFeature('page_view')], schema: { params: pageParams, response: { 200: descriptionSchema } } },
    async (request, reply) => {
      const page = await findVisiblePage(db, currentProject(request).id, request.params.pageId, currentUser(request).id);
      return reply.header('etag', descriptionEtag(page.description_version)).send({ description_html: page.description_html, version: page.description_version });
    },
  );

  app.put<{ Params: { pageId: string }; Body: DescriptionSaveBody }>(
    path,
    {
      preHandler: [requireProjectRole(Role.Member), requireProjectFeature('page_view')],
      schema: {
        params: pageParams,
        body: descriptionSaveBody,
        response: { 200: descriptionSchema },
      },
    },
    async (request, reply) => {
      const version = editedVersion(request.headers['if-match'], request.body.version);
      const content = await normalisedRichText(request, { html: request.body.description_html, json: request.body.description_json }, 'page');
      const user = currentUser(request);
      const page = await findVisiblePage(db, currentProject(request).id, request.params.pageId, user.id);
      const saved = await app.collab.saveFromRest({
        document: pageDocument(page.id),
        version,
        content,
        actorId: user.id,
        begin: async (tx) => {
          const locked = await findVisiblePage(tx, page.project_id, page.id, user.id, { lock: true });
          checkNotArchived(locked);
          return locked;
        },
        save: savePageContent,
      });
      return reply.header('etag', descriptionEtag(saved.version)).send(saved);
    },
  );
}
