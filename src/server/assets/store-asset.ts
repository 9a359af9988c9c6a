import { randomUUID } from 'node:crypto';
import type { Db } from '../db/index.js';
import type { Storage } from '../storage/index.js';
import { assetStorageKey } from './asset-url.js';
import { sha256Hex } from './digest-check.js';
import type { StoredUpload } from './image-upload-request.js';

/**
 * Whose file an upload is: a workspace's (editor images, covers, logos; with `issueId`, an
 * attachment of that issue) or a user's (avatars).
 */
export type AssetOwner = { workspaceId: string; issueId?: string } | { userId: string };

/**
 * Stores an accepted upload under a new key and records its file_assets row (with its size and
 * SHA-256, which serving checks the stored bytes against). The file is written
 * first; if the row cannot be written, the file is removed again. Answers the row's id and the
 * file's storage key (a caller whose transaction fails later removes the file itself).
 */
export async function storeAsset(db: Db, storage: Storage, upload: StoredUpload, owner: AssetOwner, createdBy: string): Promise<{ id: string; key: string }> {
  const id = randomUUID();
  const [scope, ownerId] = 'workspaceId' in owner ? (['workspaces', owner.workspaceId] as const) : (['users', owner.userId] as const);
  const key = assetStorageKey(scope, ownerId, id, upload.extension);
  await storage.put(key, upload.bytes, { contentType: upload.contentType, filename: upload.filename || undefined });
  try {
    await db.query(
      `INSERT INTO file_assets (id, workspace_id, user_id, storage_key, name, content_type, size, sha256, attributes, created_by, issue_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9::jsonb, $10, $11)`,
      [
        id,
        'workspaceId' in owner ? owner.workspaceId : null,
        'userId' in owner ? owner.userId : null,
        key,
        upload.filename,
        upload.contentType,
        upload.bytes.byteLength,
        sha256Hex(upload.bytes),
        JSON.stringify(upload.attributes),
        createdBy,
        ('workspaceId' in owner && owner.issueId) || null,
      ],
    );
  } catch (error) {
    await storage.delete(key).catch(() => {});
    throw error;
  }
  return { id, key };
}
