import type { FastifyInstance } from 'fastify';
import { Type, type StaticDecode } from 'typebox';
import { favoriteCreateBody, favoriteShape, type FavoriteKind } from '../../api-shapes/favorite.js';
import { FAVORITE_NOT_FOUND, FAVORITES_FULL, FAVORITE_KINDS, MAX_FAVORITES } from '../../api-shapes/favorite-kinds.js';
import type { Db } from '../db/index.js';
import { SqlParams } from '../db/sql-params.js';
import { currentUser, currentWorkspace } from '../http/context.js';
import { badRequest, notFound } from '../http/errors.js';
import { requireWorkspaceRole } from '../http/permissions.js';
import { withIds, workspaceParams } from '../http/schemas.js';
import { typedRoutes } from '../http/type-provider.js';
import { openableIssueSql, readerOf, type Reader } from '../issues/issue-access.js';
import { visibleProjectSql } from '../issues/visible-projects.js';
import { Role } from '../roles.js';

/** A favorite as read (its time a Date). */
type FavoriteRow = StaticDecode<typeof favoriteShape>;

/**
 * Each kind: the favorites column that keeps it, and the things of that kind `reader` may open now
 * (`entity_id`, `project_id`, `name`, `key`), the same rules their own routes apply.
 */
const KINDS: Record<FavoriteKind, { column: string; visible(params: SqlParams, reader: Reader): string }> = {
  issue: {
    column: 'issue_id',
    visible: (params, reader) => `SELECT i.id AS entity_id, i.project_id, i.name, p.identifier || '-' || i.sequence_id AS key
      FROM issues i JOIN projects p ON p.id = i.project_id WHERE i.deleted_at IS NULL AND ${openableIssueSql('i', params, reader)}`,
  },
  cycle: {
    column: 'cycle_id',
    visible: (params, reader) => `SELECT c.id AS entity_id, c.project_id, c.name, NULL::text AS key FROM cycles c
      WHERE ${visibleProjectSql('c.project_id', params, reader.workspaceId, reader.userId, reader.workspaceRole)}`,
  },
  module: {
    column: 'module_id',
    visible: (params, reader) => `SELECT m.id AS entity_id, m.project_id, m.name, NULL::text AS key FROM modules m
      WHERE ${visibleProjectSql('m.project_id', params, reader.workspaceId, reader.userId, reader.workspaceRole)}`,
  },
  page: {
    column: 'page_id',
    visible: (params, reader) => `SELECT pg.id AS entity_id, pg.project_id, pg.name, NULL::text AS key FROM pages pg
      WHERE (pg.access = 'public' OR pg.owned_by = ${params.bind(reader.userId)})
        AND ${visibleProjectSql('pg.project_id', params, reader.workspaceId, reader.userId, reader.workspaceRole)}`,
  },
};

/** The reader's favorites in their workspace that they may still open (`id`: one of them), oldest first. */
function readFavorites(db: Db, reader: Reader, id?: string): Promise<FavoriteRow[]> {
  const params = new SqlParams();
  const owner = `f.user_id = ${params.bind(reader.userId)} AND f.workspace_id = ${params.bind(reader.workspaceId)}${id ? ` AND f.id = ${params.bind(id)}` : ''}`;
  const parts = FAVORITE_KINDS.map((kind) => {
    const { column, visible } = KINDS[kind];
    return `SELECT f.id, '${kind}' AS kind, t.entity_id, t.project_id, t.name, t.key, f.created_at
      FROM favorites f JOIN (${visible(params, reader)}) t ON t.entity_id = f.${column} WHERE ${owner}`;
  });
  return db.query<FavoriteRow>(`${parts.join(' UNION ALL ')} ORDER BY created_at, id`, params.values);
}

/**
 * A person's favorites in a workspace: issues, cycles, modules and pages they keep at hand in the
 * sidebar. Anyone in the workspace keeps their own; nobody else lists them. What they can no longer
 * open (taken out of the project, a page made private by someone else, a deleted issue) is left
 * out of the list, and comes back if they can again; deleting what a favorite keeps removes it.
 */
export async function favoriteRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typedRoutes(fastify);
  const { db } = app;
  const path = '/workspaces/:slug/favorites';

  app.get(
    path,
    { preHandler: requireWorkspaceRole(Role.Guest), schema: { params: workspaceParams, response: { 200: Type.Array(favoriteShape) } } },
    async (request) => readFavorites(db, readerOf(request)),
  );

  // Keeping something already kept answers the favorite there is (200).
  app.post(
    path,
    { preHandler: requireWorkspaceRole(Role.Guest), schema: { params: workspaceParams, body: favoriteCreateBody, response: { 200: favoriteShape, 201: favoriteShape } } },
    async (request, reply) => {
      const reader = readerOf(request);
      const { kind, entity_id: entityId } = request.body;
      const { column, visible } = KINDS[kind];
      const { id, created } = await db.transaction(async (tx) => {
        const params = new SqlParams();
        const target = await tx.maybeOne(`SELECT 1 FROM (${visible(params, reader)}) t WHERE t.entity_id = ${params.bind(entityId)}`, params.values);
        if (!target) throw notFound(FAVORITE_NOT_FOUND);
        // The owner's row, locked, makes two additions take turns over the count.
        await tx.query('SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE', [reader.userId]);
        const kept = await tx.maybeOne<{ id: string }>(`SELECT id FROM favorites WHERE user_id = $1 AND ${column} = $2`, [reader.userId, entityId]);
        if (kept) return { id: kept.id, created: false };
        const { count } = await tx.one<{ count: number }>('SELECT count(*)::int AS count FROM favorites WHERE user_id = $1 AND workspace_id = $2', [reader.userId, reader.workspaceId]);
        if (count >= MAX_FAVORITES) throw badRequest(FAVORITES_FULL);
        const added = await tx.one<{ id: string }>(`INSERT INTO favorites (user_id, workspace_id, ${column}) VALUES ($1, $2, $3) RETURNING id`, [
          reader.userId,
          reader.workspaceId,
          entityId,
        ]);
        return { id: added.id, created: true };
      });
      const [favorite] = await readFavorites(db, reader, id);
      return reply.code(created ? 201 : 200).send(favorite);
    },
  );

  app.delete(
    `${path}/:favoriteId`,
    {
      preHandler: requireWorkspaceRole(Role.Guest),
      schema: { params: withIds(workspaceParams, 'favoriteId') },
    },
    async (request, reply) => {
      const removed = await db.maybeOne('DELETE FROM favorites WHERE id = $1 AND user_id = $2 AND workspace_id = $3 RETURNING id', [
        request.params.favoriteId,
        currentUser(request).id,
        currentWorkspace(request).id,
      ]);
      if (!removed) throw notFound(FAVORITE_NOT_FOUND);
      return reply.code(204).send();
    },
  );
}
