import type { FastifyInstance } from 'fastify';
import { userAssetUrl } from '../assets/asset-url.js';
import { readImageUpload } from '../assets/image-upload-request.js';
import { ASSET_NOT_FOUND } from '../assets/serve-asset.js';
import { storeAsset } from '../assets/store-asset.js';
import { requireUser } from '../http/auth.js';
import { currentUser } from '../http/context.js';
import { notFound } from '../http/errors.js';
import { uuid } from '../http/schemas.js';
import { uploadedAssetSchema } from './file-assets.js';

/** A user's own uploads (spec section 7), such as an avatar: upload, and delete one's own. */
export async function userAssetRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app;

  app.post('/users/file-assets', { preHandler: requireUser, schema: { response: { 201: uploadedAssetSchema } } }, async (request, reply) => {
    const user = currentUser(request);
    const upload = await readImageUpload(request, config.fileSizeLimit);
    const asset = await storeAsset(db, app.storage, upload, { userId: user.id }, user.id);
    return reply.code(201).send({ id: asset.id, asset: userAssetUrl(asset.id) });
  });

  // Another user's file answers like a missing one.
  app.delete<{ Params: { assetId: string } }>(
    '/users/file-assets/:assetId',
    { preHandler: requireUser, schema: { params: { type: 'object', required: ['assetId'], properties: { assetId: uuid } } } },
    async (request, reply) => {
      const deleted = await db.maybeOne(
        'UPDATE file_assets SET deleted_at = COALESCE(deleted_at, now()) WHERE id = $1 AND user_id = $2 RETURNING id',
        [request.params.assetId, currentUser(request).id],
      );
      if (!deleted) throw notFound(ASSET_NOT_FOUND);
      return reply.code(204).send();
    },
  );
}
