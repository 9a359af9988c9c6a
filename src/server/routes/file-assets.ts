import type { FastifyInstance } from 'fastify';
import { workspaceAssetUrl } from '../assets/asset-url.js';
import { readImageUpload } from '../assets/image-upload-request.js';
import { ASSET_NOT_FOUND } from '../assets/serve-asset.js';
import { storeAsset } from '../assets/store-asset.js';
import type { Db } from '../db/index.js';
import { requireUser } from '../http/auth.js';
import { currentUser, currentWorkspace } from '../http/context.js';
import { forbidden, notFound } from '../http/errors.js';
import { requireWorkspaceRole } from '../http/permissions.js';
import { uuid, workspaceParams } from '../http/schemas.js';
import { Role } from '../roles.js';

/** The answer of an upload (spec section 7: the asset URL), with the file's id for deleting it. */
export const uploadedAssetSchema = {
  type: 'object',
  required: ['id', 'asset'],
  properties: { id: uuid, asset: { type: 'string' } },
} as const;

const assetParams = { type: 'object', required: ['assetId'], properties: { assetId: uuid } } as const;
const scopedAssetParams = { type: 'object', required: ['workspaceId', 'assetId'], properties: { workspaceId: uuid, assetId: uuid } } as const;

/** Why guests and viewers are refused. */
export const FILES_NEED_MEMBER = 'Guests and viewers cannot change files.';

/** Why a member cannot delete the workspace's logo (changing it is the admins' setting). */
export const LOGO_NEEDS_ADMIN = 'Only workspace admins can remove the workspace logo.';

/** Why a member cannot delete a project's cover image (changing it is the project admins' setting). */
export const COVER_NEEDS_ADMIN = 'Only the project’s admins can remove its cover image.';

/**
 * The workspace file `assetId` (in `workspaceId` when given) as the user may change it: 404 when
 * there is none, the user is not a member of its workspace or it is an issue attachment (those
 * have their own rules: routes/issue-attachments.ts), 403 below Member. Any member may
 * delete and restore: editing a description that holds a teammate's image deletes that image
 * when it is removed and restores it on undo, and a delete is soft (restorable) anyway.
 */
async function manageableAsset(db: Db, userId: string, assetId: string, workspaceId?: string): Promise<{ id: string; workspace_id: string; role: number }> {
  const asset = await db.maybeOne<{ id: string; workspace_id: string; role: number | null }>(
    `SELECT fa.id, fa.workspace_id, m.role
       FROM file_assets fa LEFT JOIN workspace_members m ON m.workspace_id = fa.workspace_id AND m.user_id = $2
      WHERE fa.id = $1 AND fa.workspace_id IS NOT NULL AND fa.issue_id IS NULL AND ($3::uuid IS NULL OR fa.workspace_id = $3)`,
    [assetId, userId, workspaceId ?? null],
  );
  if (!asset || asset.role === null) throw notFound(ASSET_NOT_FOUND);
  if (asset.role < Role.Member) throw forbidden(FILES_NEED_MEMBER);
  return { ...asset, role: asset.role };
}

/**
 * A file in use as a setting (the workspace's logo, a project's cover) is deleted only by who may
 * change that setting: a workspace admin, or for a cover the project's admins. Without this a
 * member could take the logo from everyone with one request.
 */
async function checkNotAnotherSetting(db: Db, userId: string, asset: { id: string; workspace_id: string; role: number }): Promise<void> {
  if (asset.role >= Role.Admin) return;
  const url = workspaceAssetUrl(asset.workspace_id, asset.id);
  const use = await db.one<{ logo: boolean; cover: boolean }>(
    `SELECT EXISTS (SELECT 1 FROM workspaces w WHERE w.id = $1 AND w.logo = $2) AS logo,
            EXISTS (SELECT 1 FROM projects p WHERE p.workspace_id = $1 AND p.cover_image = $2
                      AND NOT EXISTS (SELECT 1 FROM project_members pm WHERE pm.project_id = p.id AND pm.user_id = $3 AND pm.role >= $4)) AS cover`,
    [asset.workspace_id, url, userId, Role.Admin],
  );
  if (use.logo) throw forbidden(LOGO_NEEDS_ADMIN);
  if (use.cover) throw forbidden(COVER_NEEDS_ADMIN);
}

/**
 * Workspace uploads (spec section 7): Members upload images (editor images, covers, logos),
 * and delete and restore them (a delete keeps the file on disk, so undo can restore it).
 */
export async function fileAssetRoutes(app: FastifyInstance): Promise<void> {
  const { db, config } = app;

  app.post(
    '/workspaces/:slug/file-assets',
    { preHandler: requireWorkspaceRole(Role.Member), schema: { params: workspaceParams, response: { 201: uploadedAssetSchema } } },
    async (request, reply) => {
      const workspace = currentWorkspace(request);
      const upload = await readImageUpload(request, config.fileSizeLimit);
      const asset = await storeAsset(db, app.storage, upload, { workspaceId: workspace.id }, currentUser(request).id);
      return reply.code(201).send({ id: asset.id, asset: workspaceAssetUrl(workspace.id, asset.id) });
    },
  );

  const setDeleted = (deleted: boolean) => async (assetId: string) =>
    db.query(`UPDATE file_assets SET deleted_at = ${deleted ? 'COALESCE(deleted_at, now())' : 'NULL'} WHERE id = $1`, [assetId]);
  const softDelete = setDeleted(true);
  const restore = setDeleted(false);

  app.delete<{ Params: { workspaceId: string; assetId: string } }>(
    '/workspaces/file-assets/:workspaceId/:assetId',
    { preHandler: requireUser, schema: { params: scopedAssetParams } },
    async (request, reply) => {
      const asset = await manageableAsset(db, currentUser(request).id, request.params.assetId, request.params.workspaceId);
      await checkNotAnotherSetting(db, currentUser(request).id, asset);
      await softDelete(asset.id);
      return reply.code(204).send();
    },
  );

  // The editor's image delete callback knows only the image's address, so the id alone suffices.
  app.delete<{ Params: { assetId: string } }>(
    '/workspaces/file-assets/:assetId',
    { preHandler: requireUser, schema: { params: assetParams } },
    async (request, reply) => {
      const asset = await manageableAsset(db, currentUser(request).id, request.params.assetId);
      await checkNotAnotherSetting(db, currentUser(request).id, asset);
      await softDelete(asset.id);
      return reply.code(204).send();
    },
  );

  app.post<{ Params: { assetId: string } }>(
    '/workspaces/file-assets/:assetId/restore',
    { preHandler: requireUser, schema: { params: assetParams } },
    async (request, reply) => {
      const asset = await manageableAsset(db, currentUser(request).id, request.params.assetId);
      await restore(asset.id);
      return reply.code(204).send();
    },
  );
}
