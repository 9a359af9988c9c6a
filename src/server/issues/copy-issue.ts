import { randomUUID } from 'node:crypto';
import { copyName } from '../../api-shapes/issue-copy.js';
import type { IssueDetail } from './issue-shape.js';
import { workspaceAssetUrl } from '../assets/asset-url.js';
import { addIssuesToCycle } from '../cycles/cycle-issues.js';
import { findCycle } from '../cycles/cycle-shape.js';
import type { Db } from '../db/index.js';
import { addIssuesToModule } from '../modules/module-issues.js';
import type { RichText } from '../rich-text/index.js';
import type { Storage } from '../storage/index.js';
import type { ActivityIssue } from './activity.js';
import { checkedCreation, insertIssue, type IssueCreator } from './create-issue.js';

/** An image of the description stored as the workspace's asset, and the new asset its copy shows. */
interface CopiedAsset {
  from: string;
  to: string;
  key: string;
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';

/**
 * Copies the stored files of the workspace's live assets the description shows (its images) under
 * new ids, before any transaction: the copy's images are its own, so removing one from either
 * issue (which deletes its asset) leaves the other's in place. Images from elsewhere are left as
 * they are. The caller removes the files (`key`) when what follows fails.
 */
export async function copyDescriptionAssets(db: Db, storage: Storage, workspaceId: string, html: string): Promise<CopiedAsset[]> {
  const pattern = new RegExp(`${workspaceAssetUrl(workspaceId, '')}(${UUID})`, 'g');
  const ids = [...new Set([...html.matchAll(pattern)].map((match) => match[1]!))];
  if (!ids.length) return [];
  const assets = await db.query<{ id: string; storage_key: string; name: string; content_type: string }>(
    'SELECT id, storage_key, name, content_type FROM file_assets WHERE id = ANY($1::uuid[]) AND workspace_id = $2 AND deleted_at IS NULL',
    [ids, workspaceId],
  );
  const copied: CopiedAsset[] = [];
  try {
    for (const asset of assets) {
      const stored = await storage.get(asset.storage_key);
      if (!stored) continue;
      const to = randomUUID();
      const key = asset.storage_key.replace(asset.id, to);
      await storage.put(key, stored.stream, { contentType: asset.content_type, filename: asset.name || undefined });
      copied.push({ from: asset.id, to, key });
    }
  } catch (error) {
    await removeCopiedFiles(storage, copied);
    throw error;
  }
  return copied;
}

/** Removes the files copyDescriptionAssets wrote (after a failure); a missing one is no error. */
export async function removeCopiedFiles(storage: Storage, copied: readonly CopiedAsset[]): Promise<void> {
  await Promise.all(copied.map((asset) => storage.delete(asset.key).catch(() => {})));
}

/**
 * Creates a copy of `original` inside `tx` as `creator` (insertIssue: a new number, the creator
 * and assignees subscribed, the "created" activity, the assignees told): its name with " (copy)",
 * its description with each copied image's address changed to its copy's (`assets`, whose rows
 * are written here, tied to the copy), state, priority, assignees, labels, estimate, dates and
 * parent, the modules it is in, and its cycle while that has not ended. Comments, attachments,
 * links, relations and sub-issues stay with the original.
 */
export async function insertIssueCopy(
  tx: Db,
  creator: IssueCreator,
  original: IssueDetail & { description_json: unknown },
  assets: readonly CopiedAsset[],
): Promise<ActivityIssue> {
  let { description_html: html } = original;
  let json = JSON.stringify(original.description_json ?? null);
  for (const asset of assets) {
    const [from, to] = [workspaceAssetUrl(creator.workspaceId, asset.from), workspaceAssetUrl(creator.workspaceId, asset.to)];
    html = html.replaceAll(from, to);
    json = json.replaceAll(from, to);
  }
  const description: RichText | null = original.description_json ? { html, json: JSON.parse(json) } : null;
  const creation = checkedCreation(
    {
      name: copyName(original.name),
      state_id: original.state_id ?? undefined,
      priority: original.priority,
      assignee_ids: original.assignee_ids,
      label_ids: original.label_ids,
      estimate_point: original.estimate_point ?? undefined,
      start_date: original.start_date,
      target_date: original.target_date,
      parent_id: original.parent_id,
    },
    description,
  );
  const copy = await insertIssue(tx, creator, creation);
  if (assets.length) {
    await tx.query(
      `INSERT INTO file_assets (id, workspace_id, storage_key, name, content_type, size, sha256, attributes, created_by)
       SELECT c.to_id, a.workspace_id, c.key, a.name, a.content_type, a.size, a.sha256, a.attributes || jsonb_build_object('entity_identifier', $2::text), $3
         FROM unnest($1::uuid[], $4::uuid[], $5::text[]) AS c (from_id, to_id, key) JOIN file_assets a ON a.id = c.from_id`,
      [assets.map((asset) => asset.from), copy.id, creator.userId, assets.map((asset) => asset.to), assets.map((asset) => asset.key)],
    );
  }
  if (original.cycle_id) {
    const cycle = await findCycle(tx, creator.projectId, original.cycle_id);
    if (cycle && cycle.status !== 'completed') await addIssuesToCycle(tx, { id: cycle.id, name: cycle.name }, [copy], creator.userId);
  }
  for (const moduleId of original.module_ids) {
    const module = await tx.maybeOne<{ id: string; name: string }>('SELECT id, name FROM modules WHERE id = $1', [moduleId]);
    if (module) await addIssuesToModule(tx, module, [copy], creator.userId);
  }
  return copy;
}
