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

/**
 * Undoes the deletion of the deleted issues among `issueIds` inside `tx`: they are live again, an
 * 'issue' updated row says who restored each (the activity feed's "restored the issue"; the
 * webhook's issue updated), and the sub-issues their deletion detached are theirs again (those
 * whose last parent change, since the deletion, took them from it). Returns the restored issues' ids.
 */
export async function restoreDeletedIssues(tx: Db, issueIds: readonly string[], actorId: string): Promise<string[]> {
  // The moment of deletion as text: a Date would lose its microseconds.
  const restored = await tx.query<{ id: string; project_id: string; workspace_id: string; name: string; key: string; deleted_at: string }>(
    `WITH gone AS (SELECT id, deleted_at FROM issues WHERE id = ANY($1::uuid[]) AND deleted_at IS NOT NULL FOR NO KEY UPDATE)
     UPDATE issues i SET deleted_at = NULL, updated_by = $2
       FROM gone, projects p
      WHERE i.id = gone.id AND p.id = i.project_id
      RETURNING i.id, i.project_id, i.workspace_id, i.name, p.identifier || '-' || i.sequence_id AS key, gone.deleted_at::text AS deleted_at`,
    [issueIds, actorId],
  );
  for (const issue of restored) {
    await recordIssueActivity(tx, { issue, actorId, field: 'issue', verb: 'updated', newValue: issue.name });
    const children = await tx.query<{ id: string; project_id: string; workspace_id: string }>(
      `UPDATE issues child SET parent_id = $1, updated_by = $3
        WHERE child.parent_id IS NULL AND child.deleted_at IS NULL
          AND (SELECT a.old_identifier = $1 AND a.created_at >= $2::timestamptz FROM issue_activities a
                WHERE a.issue_id = child.id AND a.field = 'parent' ORDER BY a.created_at DESC, a.id DESC LIMIT 1)
      RETURNING child.id, child.project_id, child.workspace_id`,
      [issue.id, issue.deleted_at, actorId],
    );
    for (const child of children) {
      await recordIssueActivity(tx, { issue: child, actorId, field: 'parent', verb: 'updated', oldValue: '', newValue: issue.key, newIdentifier: issue.id });
    }
  }
  return restored.map((issue) => issue.id);
}
