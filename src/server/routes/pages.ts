import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pageCreateBody, pageListQuery, pageUpdateBody, type PageCreateBody, type PageListQuery, type PageUpdateBody } from '../../api-shapes/page.js';
import type { WebhookAction } from '../../api-shapes/webhook.js';
import type { Db } from '../db/index.js';
import { currentProject, currentUser, currentWorkspace } from '../http/context.js';
import { requireProjectRole } from '../http/permissions.js';
import { projectParams } from '../http/schemas.js';
import { normalisedRichText } from '../issues/rich-text-input.js';
import { checkCanManage, checkNotArchived, findVisiblePage, visibleTo } from '../pages/page-access.js';
import {
  PAGE_COLUMNS,
  PAGE_SUMMARY_COLUMNS,
  pageParams,
  pageSchema,
  pageSummarySchema,
  type PageJson,
  type PageListType,
  type PageSummary,
} from '../pages/page-shape.js';
import { descriptionEtag } from '../issues/description.js';
import { requireProjectFeature } from '../planning/project-feature.js';
import { Role, type RoleValue } from '../roles.js';
import { ofDocument } from '../collab/collab-service.js';
import { recordEvent } from '../webhooks/events.js';

interface PageParams {
  slug: string;
  projectId: string;
  pageId: string;
}

const pagesFor = (min: RoleValue) => [requireProjectRole(min), requireProjectFeature('page_view')];

/** WHERE conditions of each page list, beside visibility. */
const LIST_CONDITIONS: Record<PageListType | 'all', string> = {
  private: "pg.access = 'private' AND pg.owned_by = $2 AND pg.archived_at IS NULL",
  public: "pg.access = 'public' AND pg.archived_at IS NULL",
  archived: 'pg.archived_at IS NOT NULL',
  all: 'pg.archived_at IS NULL',
};

/**
 * Tells webhooks of a change to a page (webhooks/events.ts), without its content: a private page
 * is its owner's alone, so its changes are not told.
 */
async function pageEvent(tx: Db, request: FastifyRequest, action: WebhookAction, page: PageJson): Promise<void> {
  if (page.access === 'private') return;
  const { description_html: _content, ...summary } = page;
  await recordEvent(tx, { workspaceId: currentWorkspace(request).id, event: 'page', action, data: { ...summary, actor_id: currentUser(request).id } });
}

/**
 * A project's pages (when its pages feature is on). Everyone in the project reads the public
 * pages; a private page is its owner's alone (404 to anyone else). Members create pages; the
 * owner or a project admin renames, changes access, archives, restores and deletes.
 */
export async function pageRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  const base = '/workspaces/:slug/projects/:projectId/pages';

  app.get<{ Querystring: PageListQuery }>(
    base,
    {
      preHandler: pagesFor(Role.Guest),
      schema: {
        params: projectParams,
        querystring: pageListQuery,
        response: { 200: { type: 'array', items: pageSummarySchema } },
      },
    },
    async (request) =>
      db.query<PageSummary>(
        `SELECT ${PAGE_SUMMARY_COLUMNS} FROM pages pg
          WHERE pg.project_id = $1 AND ${visibleTo('$2')} AND ${LIST_CONDITIONS[request.query.type ?? 'all']}
          ORDER BY pg.updated_at DESC, pg.id`,
        [currentProject(request).id, currentUser(request).id],
      ),
  );

  app.post<{ Body: PageCreateBody }>(
    base,
    {
      preHandler: pagesFor(Role.Member),
      schema: {
        params: projectParams,
        body: pageCreateBody,
        response: { 201: pageSchema },
      },
    },
    async (request, reply) => {
      const body = request.body ?? {};
      const content = await normalisedRichText(request, { html: body.description_html ?? '', json: body.description_json }, 'page');
      const page = await db.transaction(async (tx) => {
        const created = await tx.one<PageJson>(
          `INSERT INTO pages AS pg (project_id, name, access, description_html, description_json, owned_by)
           VALUES ($1, $2, $3, $4, $5::jsonb, $6) RETURNING ${PAGE_COLUMNS}`,
          [currentProject(request).id, body.name?.trim() ?? '', body.access ?? 'public', content.html, JSON.stringify(content.json), currentUser(request).id],
        );
        await pageEvent(tx, request, 'created', created);
        return created;
      });
      return reply.code(201).header('etag', descriptionEtag(page.description_version)).send(page);
    },
  );

  app.get<{ Params: PageParams }>(
    `${base}/:pageId`,
    { preHandler: pagesFor(Role.Guest), schema: { params: pageParams, response: { 200: pageSchema } } },
    async (request, reply) => {
      const page = await findVisiblePage(db, currentProject(request).id, request.params.pageId, currentUser(request).id);
      return reply.header('etag', descriptionEtag(page.description_version)).send(page);
    },
  );

  app.patch<{ Params: PageParams; Body: PageUpdateBody }>(
    `${base}/:pageId`,
    {
      preHandler: pagesFor(Role.Member),
      schema: {
        params: pageParams,
        body: pageUpdateBody,
        response: { 200: pageSchema },
      },
    },
    async (request) => {
      const project = currentProject(request);
      const user = currentUser(request);
      const updated = await db.transaction(async (tx) => {
        const page = await findVisiblePage(tx, project.id, request.params.pageId, user.id, { lock: true });
        checkCanManage(page, user.id, project.role);
        checkNotArchived(page);
        const changed = await tx.one<PageJson>(
          `UPDATE pages pg SET name = COALESCE($2, name), access = COALESCE($3, access) WHERE pg.id = $1 RETURNING ${PAGE_COLUMNS}`,
          [page.id, request.body.name?.trim() ?? null, request.body.access ?? null],
        );
        await pageEvent(tx, request, 'updated', changed);
        return changed;
      });
      // A page made private is its owner's alone.
      if (request.body.access === 'private') await app.collab.recheck(ofDocument('page', updated.id));
      return updated;
    },
  );

  for (const [action, change] of [
    ['archive', 'COALESCE(archived_at, now())'],
    ['restore', 'NULL'],
  ] as const) {
    app.post<{ Params: PageParams }>(
      `${base}/:pageId/${action}`,
      { preHandler: pagesFor(Role.Member), schema: { params: pageParams, response: { 200: pageSchema } } },
      async (request) => {
        const project = currentProject(request);
        const user = currentUser(request);
        const updated = await db.transaction(async (tx) => {
          const page = await findVisiblePage(tx, project.id, request.params.pageId, user.id, { lock: true });
          checkCanManage(page, user.id, project.role);
          const changed = await tx.one<PageJson>(`UPDATE pages pg SET archived_at = ${change} WHERE pg.id = $1 RETURNING ${PAGE_COLUMNS}`, [page.id]);
          await pageEvent(tx, request, 'updated', changed);
          return changed;
        });
        // An archived page is read-only for everyone; a restored one writable again.
        await app.collab.recheck(ofDocument('page', updated.id));
        return updated;
      },
    );
  }

  app.delete<{ Params: PageParams }>(
    `${base}/:pageId`,
    { preHandler: pagesFor(Role.Member), schema: { params: pageParams } },
    async (request, reply) => {
      const project = currentProject(request);
      const user = currentUser(request);
      await db.transaction(async (tx) => {
        const page = await findVisiblePage(tx, project.id, request.params.pageId, user.id, { lock: true });
        checkCanManage(page, user.id, project.role);
        await tx.query('DELETE FROM pages WHERE id = $1', [page.id]);
        await pageEvent(tx, request, 'deleted', page);
      });
      await app.collab.recheck(ofDocument('page', request.params.pageId));
      return reply.code(204).send();
    },
  );
}
