import type { Db } from '../db/index.js';
import { recordIssueActivity } from './activity.js';

/**
 * Soft-deletes the live issues among `issueIds` inside `tx` (their rows stay, so the activity
 * feed can still say "This issue has been deleted"), records an 'issue' deleted row on each, and
 * detaches their live sub-issues (a 'parent' row on each). Returns how many were deleted.
 */
export async function softDeleteIssues(tx: Db, issueIds: readonly string[], actorId: string): Promise<number> {
  const deleted = await tx.query<{ id: string; project_id: string; workspace_id: string; name: string; key: string }>(
    `UPDATE issues i SET deleted_at = now(), updated_by = $2
       FROM projects p
      WHERE p.id = i.project_id AND i.id = ANY($1::uuid[]) AND i.deleted_at IS NULL
      RETURNING i.id, i.project_id, i.workspace_id, i.name, p.identifier || '-' || i.sequence_id AS key`,
    [issueIds, actorId],
  );
  for (const issue of deleted) {
    await recordIssueActivity(tx, { issue, actorId, field: 'issue', verb: 'deleted', oldValue: issue.name });
  }
  if (!deleted.length) return 0;
  const keys = new Map(deleted.map((issue) => [issue.id, issue.key]));
  const orphans = await tx.query<{ id: string; project_id: string; workspace_id: string; parent_id: string }>(
    `UPDATE issues child SET parent_id = NULL, updated_by = $2
       FROM issues parent
      WHERE parent.id = child.parent_id AND child.parent_id = ANY($1::uuid[]) AND child.deleted_at IS NULL
      RETURNING child.id, child.project_id, child.workspace_id, parent.id AS parent_id`,
    [deleted.map((issue) => issue.id), actorId],
  );
  for (const child of orphans) {
    await recordIssueActivity(tx, {
      issue: child,
      actorId,
      field: 'parent',
      verb: 'updated',
      oldValue: keys.get(child.parent_id) ?? '',
      newValue: '',
      oldIdentifier: child.parent_id,
    });
  }
  return deleted.length;
}
