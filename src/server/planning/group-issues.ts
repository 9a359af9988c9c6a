import type { Db } from '../db/index.js';
import { notFound } from '../http/errors.js';
import { recordIssueActivity, type ActivityIssue } from '../issues/activity.js';
import { checkIssueNotArchived, findLiveIssue } from '../issues/issue-lookup.js';
import { ISSUE_ROW_COLUMNS, type IssueRow } from '../issues/issue-shape.js';
import type { IssueGroup } from './issue-group.js';

/** A cycle or module as issues are added to or taken out of it. */
export interface GroupRef {
  id: string;
  name: string;
}

/** The project's cycle or module `groupId` (locked with `lock`, so it cannot be deleted meanwhile); 404 when there is none. */
export async function groupOf(db: Db, group: IssueGroup, projectId: string, groupId: string, lock = false): Promise<GroupRef> {
  const found = await db.maybeOne<GroupRef>(`SELECT id, name FROM ${group.groups} WHERE id = $1 AND project_id = $2${lock ? ' FOR UPDATE' : ''}`, [groupId, projectId]);
  if (!found) throw notFound(group.notFound);
  return found;
}

/** The issues of one cycle or module as issue rows, by issue number. */
export function listGroupIssues(db: Db, group: IssueGroup, groupId: string): Promise<IssueRow[]> {
  return db.query<IssueRow>(
    `SELECT ${ISSUE_ROW_COLUMNS}
       FROM ${group.table} g
       JOIN issues i ON i.id = g.issue_id AND i.deleted_at IS NULL
       JOIN projects p ON p.id = i.project_id
       LEFT JOIN states s ON s.id = i.state_id
      WHERE g.${group.key} = $1
      ORDER BY i.sequence_id`,
    [groupId],
  );
}

/**
 * Takes one issue out of the cycle or module (its activity: the group's field, deleted); false
 * when it was not in it, 409 when it is archived.
 */
export async function removeIssueFromGroup(tx: Db, group: IssueGroup, ref: GroupRef, issueId: string, actorId: string): Promise<boolean> {
  // An archived issue is read-only until restored: it stays where it was, as it cannot be added.
  const issue = await findLiveIssue(tx, issueId);
  if (issue) checkIssueNotArchived(issue);
  const removed = await tx.maybeOne<ActivityIssue>(
    `DELETE FROM ${group.table} g USING issues i
      WHERE g.${group.key} = $1 AND g.issue_id = $2 AND i.id = g.issue_id
      RETURNING i.id, i.project_id, i.workspace_id`,
    [ref.id, issueId],
  );
  if (!removed) return false;
  await recordIssueActivity(tx, { issue: removed, actorId, field: group.field, verb: 'deleted', oldValue: ref.name, oldIdentifier: ref.id });
  return true;
}

/** Records, for a cycle or module being deleted, that each of its live issues left it. */
export async function recordGroupDeletion(tx: Db, group: IssueGroup, ref: GroupRef, actorId: string): Promise<void> {
  const issues = await tx.query<ActivityIssue>(
    `SELECT i.id, i.project_id, i.workspace_id FROM ${group.table} g JOIN issues i ON i.id = g.issue_id
      WHERE g.${group.key} = $1 AND i.deleted_at IS NULL`,
    [ref.id],
  );
  for (const issue of issues) {
    await recordIssueActivity(tx, { issue, actorId, field: group.field, verb: 'deleted', oldValue: ref.name, oldIdentifier: ref.id });
  }
}
