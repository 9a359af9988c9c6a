import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pageCreateBody, pageListQuery, pageUpdateBody, type PageCreateBody, type PageListQuery, type PageUpdateBody } from '../../api-shapes/page.js';
import type { WebhookAction } from '../../api-shapes/webhook.js';
import type { Db } from '../db/index.js';
import { currentProject, currentUser, currentWorkspace } from '../http/context.js';
import { conflict, HttpError } from '../http/errors.js';
import { requireProjectRole } from '../http/permissions.js';
import { pageRenamedMeanwhile } from '../../api-shapes/issue-rename.js';
import { projectParams } from '../http/schemas.js';
import { normalisedRichText } from '../issues/rich-text-input.js';
import { OTHERS_PAGES_INSIDE, PRIVATE_PARENT_OTHERS_PAGES, PRIVATE_PARENT_PUBLIC_PAGE } from '../../api-shapes/page-tree.js';
import { announceLive } from '../live/live-events.js';
import {
  checkCanManage,
  checkedParentPage,
  checkNotArchived,
  findVisiblePage,
  lockPageTree,
  makeTreePrivate,
  PAGE_AND_SUB_PAGES_SQL,
  visibleTo,
} from '../pages/page-access.js';
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
import { cleanName } from '../http/typed-name.js';

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
 * Tells the open screens (not webhooks) that a public page became private: by ids only, so each
 * screen asks again and the page leaves the lists of everyone but its owner.
 */
async function pageGoneFromOthers(tx: Db, request: FastifyRequest, page: PageJson): Promise<void> {
  const data = { project_id: page.project_id, id: page.id, actor_id: currentUser(request).id };
  await announceLive(tx, { workspaceId: currentWorkspace(request).id, event: 'page', action: 'updated', data });
}

/** The page's parent (for the tree's rules), or null at the top. */
function parentPage(tx: Db, page: PageJson): Promise<PageJson | null> {
  return page.parent_id ? tx.maybeOne<PageJson>(`SELECT ${PAGE_COLUMNS} FROM pages pg WHERE pg.id = $1`, [page.parent_id]) : Promise.resolve(null);
}

/**
 * A project's pages (when its pages feature is on). Everyone in the project reads the public
 * pages; a private page is its owner's alone (404 to anyone else). Members create pages; the
 * owner or a project admin renames, changes access, moves, archives, restores and deletes.
 * Pages nest: a page under another (`parent_id`) is archived with it and restored with it, and
 * deleting a page moves its sub-pages up to its own parent. A page inside a private page is
 * private and its owner's: making a page private, or moving one inside a private page, takes the
 * pages inside it along, and is refused while a live page of someone else is among them.
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
      const project = currentProject(request);
      const user = currentUser(request);
      const content = await normalisedRichText(request, { html: body.description_html ?? '', json: body.description_json }, 'page');
      const page = await db.transaction(async (tx) => {
        if (body.parent_id) await lockPageTree(tx, project.id);
        const parent = body.parent_id ? await checkedParentPage(tx, project.id, body.parent_id, user.id) : null;
        // A sub-page is seen by whoever sees its parent, unless it says otherwise; inside a private page (only its owner sees it), private.
        if (parent?.access === 'private' && body.access === 'public') throw conflict(PRIVATE_PARENT_PUBLIC_PAGE);
        const access = body.access ?? parent?.access ?? 'public';
        const created = await tx.one<PageJson>(
          `INSERT INTO pages AS pg (project_id, name, access, description_html, description_json, owned_by, parent_id)
           VALUES ($1, $2, $3, $4, $5::jsonb, $6, $7) RETURNING ${PAGE_COLUMNS}`,
          [project.id, cleanName(body.name ?? ''), access, content.html, JSON.stringify(content.json), user.id, parent?.id ?? null],
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
      const { parent_id: parentId, access } = request.body;
      const { updated, madePrivate } = await db.transaction(async (tx) => {
        // Moving and access both touch what the tree's invariant holds (a page inside a private page is private and its owner's).
        if (parentId !== undefined || access !== undefined) await lockPageTree(tx, project.id);
        const page = await findVisiblePage(tx, project.id, request.params.pageId, user.id, { lock: true });
        checkCanManage(page, user.id, project.role);
        checkNotArchived(page);
        const { name, name_base: nameBase } = request.body;
        // A rename from a name that is no longer the page's would undo someone's rename unseen.
        if (nameBase !== undefined && name !== undefined && cleanName(name) !== page.name && nameBase !== page.name) {
          throw new HttpError(409, pageRenamedMeanwhile(page.name), { details: { current: { name: page.name } } });
        }
        const parent =
          parentId === undefined ? await parentPage(tx, page) : parentId === null ? null : await checkedParentPage(tx, project.id, parentId, user.id, page.id);
        if (parent?.access === 'private' && access === 'public') throw conflict(PRIVATE_PARENT_PUBLIC_PAGE);
        const changed = await tx.one<PageJson>(
          `UPDATE pages pg SET name = COALESCE($2, name), access = COALESCE($3, access), parent_id = CASE WHEN $4 THEN $5::uuid ELSE parent_id END
            WHERE pg.id = $1 RETURNING ${PAGE_COLUMNS}`,
          [page.id, request.body.name === undefined ? null : cleanName(request.body.name), access ?? null, parentId !== undefined, parentId ?? null],
        );
        const privateTree =
          parent?.access === 'private' && parentId !== undefined
            ? await makeTreePrivate(tx, page.id, parent.owned_by, PRIVATE_PARENT_OTHERS_PAGES)
            : access === 'private'
              ? await makeTreePrivate(tx, page.id, page.owned_by, OTHERS_PAGES_INSIDE)
              : [];
        // Read as it is now (an admin making someone's page private no longer sees it, yet is answered).
        const now = privateTree.length ? await tx.one<PageJson>(`SELECT ${PAGE_COLUMNS} FROM pages pg WHERE pg.id = $1`, [page.id]) : changed;
        if (page.access === 'public' && now.access === 'private') await pageGoneFromOthers(tx, request, page);
        else await pageEvent(tx, request, 'updated', now);
        for (const each of privateTree) if (each.id !== page.id) await pageGoneFromOthers(tx, request, each);
        const madePrivate = [...new Set([...(access === 'private' ? [page.id] : []), ...privateTree.map((each) => each.id)])];
        return { updated: now, madePrivate };
      });
      // A page made private is its owner's alone.
      if (madePrivate.length) await app.collab.recheck(ofDocument('page', madePrivate));
      return updated;
    },
  );

  // Archiving takes the sub-pages along (all at one moment, the transaction's); restoring brings
  // back the page and those archived with it, and a page whose parent stays archived comes back at the top.
  for (const [action, change] of [
    ['archive', 'SET archived_at = now() WHERE pg.archived_at IS NULL'],
    ['restore', 'SET archived_at = NULL WHERE pg.archived_at = (SELECT archived_at FROM pages WHERE id = $1)'],
  ] as const) {
    app.post<{ Params: PageParams }>(
      `${base}/:pageId/${action}`,
      { preHandler: pagesFor(Role.Member), schema: { params: pageParams, response: { 200: pageSchema } } },
      async (request) => {
        const project = currentProject(request);
        const user = currentUser(request);
        const { updated, changedIds } = await db.transaction(async (tx) => {
          // A subtree's rows change together: after the tree's lock, as moves and deletions take it, so none waits on another in a circle.
          await lockPageTree(tx, project.id);
          const page = await findVisiblePage(tx, project.id, request.params.pageId, user.id, { lock: true });
          checkCanManage(page, user.id, project.role);
          const changed = await tx.query<PageJson>(
            `${PAGE_AND_SUB_PAGES_SQL} UPDATE pages pg ${change} AND pg.id IN (SELECT id FROM tree) RETURNING ${PAGE_COLUMNS}`,
            [page.id],
          );
          if (action === 'restore') {
            await tx.query('UPDATE pages SET parent_id = NULL WHERE id = $1 AND parent_id IN (SELECT id FROM pages WHERE archived_at IS NOT NULL)', [page.id]);
          }
          for (const each of changed) if (each.id !== page.id) await pageEvent(tx, request, 'updated', each);
          const now = await findVisiblePage(tx, project.id, page.id, user.id);
          await pageEvent(tx, request, 'updated', now);
          return { updated: now, changedIds: [page.id, ...changed.map((each) => each.id)] };
        });
        // An archived page is read-only for everyone; a restored one writable again.
        await app.collab.recheck(ofDocument('page', [...new Set(changedIds)]));
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
        await lockPageTree(tx, project.id);
        const page = await findVisiblePage(tx, project.id, request.params.pageId, user.id, { lock: true });
        checkCanManage(page, user.id, project.role);
        // Its sub-pages are not lost with it: they move up to its parent (or the top).
        const moved = await tx.query<PageJson>(`UPDATE pages pg SET parent_id = $2 WHERE pg.parent_id = $1 RETURNING ${PAGE_COLUMNS}`, [page.id, page.parent_id]);
        for (const each of moved) await pageEvent(tx, request, 'updated', each);
        await tx.query('DELETE FROM pages WHERE id = $1', [page.id]);
        await pageEvent(tx, request, 'deleted', page);
      });
      await app.collab.recheck(ofDocument('page', request.params.pageId));
      return reply.code(204).send();
    },
  );
}
