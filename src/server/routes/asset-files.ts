import type { FastifyInstance } from 'fastify';
import { ASSET_NOT_FOUND, sendAsset, SERVED_ASSET_COLUMNS, type ServedAsset } from '../assets/serve-asset.js';
import { requireUser } from '../http/auth.js';
import { currentUser } from '../http/context.js';
import { notFound } from '../http/errors.js';
import { uuid } from '../http/schemas.js';

/**
 * Serves uploaded files at the URLs uploads answer. A workspace's files only to its members
 * (404 to anyone else, as for a missing file); a user's files (avatars, shown beside their
 * name in shared workspaces) to anyone signed in. Deleted files are 404, and so are issue
 * attachments, which download only through their issue (routes/issue-attachments.ts).
 */
export async function assetFileRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  app.get<{ Params: { workspaceId: string; assetId: string } }>(
    '/workspaces/file-assets/:workspaceId/:assetId',
    { preHandler: requireUser, schema: { params: { type: 'object', required: ['workspaceId', 'assetId'], properties: { workspaceId: uuid, assetId: uuid } } } },
    async (request, reply) => {
      const asset = await db.maybeOne<ServedAsset>(
        `SELECT ${SERVED_ASSET_COLUMNS}
           FROM file_assets fa JOIN workspace_members m ON m.workspace_id = fa.workspace_id AND m.user_id = $3
          WHERE fa.id = $2 AND fa.workspace_id = $1 AND fa.issue_id IS NULL AND fa.deleted_at IS NULL`,
        [request.params.workspaceId, request.params.assetId, currentUser(request).id],
      );
      if (!asset) throw notFound(ASSET_NOT_FOUND);
      return sendAsset(request, reply, app.storage, asset);
    },
  );

  app.get<{ Params: { assetId: string } }>(
    '/users/file-assets/:assetId',
    { preHandler: requireUser, schema: { params: { type: 'object', required: ['assetId'], properties: { assetId: uuid } } } },
    async (request, reply) => {
      const asset = await db.maybeOne<ServedAsset>(
        `SELECT ${SERVED_ASSET_COLUMNS} FROM file_assets fa WHERE fa.id = $1 AND fa.user_id IS NOT NULL AND fa.deleted_at IS NULL`,
        [request.params.assetId],
      );
      if (!asset) throw notFound(ASSET_NOT_FOUND);
      return sendAsset(request, reply, app.storage, asset);
    },
  );
}
