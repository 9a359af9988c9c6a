import type { Db } from '../db/index.js';
import { badRequest } from '../http/errors.js';
import { notInIntakeSql } from '../intake/intake-sql.js';
import { requiredName } from '../http/typed-name.js';

/** A state as an issue change needs it. */
export interface StateRef {
  id: string;
  name: string;
  group: string;
}

/** A user or label as an activity row names it. */
export interface NamedRef {
  id: string;
  name: string;
}

/** A parent issue as an activity row names it. */
export interface ParentRef {
  id: string;
  key: string;
}

/** The issue name cleaned (http/typed-name.ts); 400 when nothing is left. */
export function checkedName(name: string): string {
  return requiredName(name, 'Name is required');
}

/** 400 unless the start date is on or before the target date (either may be absent). */
export function checkDates(startDate: string | null, targetDate: string | null): void {
  if (startDate && targetDate && startDate > targetDate) throw badRequest('The start date cannot be after the target date.');
}

/** The state `stateId` of the project, or 400. */
export async function checkedState(db: Db, projectId: string, stateId: string): Promise<StateRef> {
  const state = await db.maybeOne<StateRef>('SELECT id, name, "group" FROM states WHERE id = $1 AND project_id = $2', [stateId, projectId]);
  if (!state) throw badRequest('The state must be one of this project’s states.');
  return state;
}

/** The project's default state (every project has exactly one). */
export async function defaultState(db: Db, projectId: string): Promise<StateRef | null> {
  return db.maybeOne<StateRef>('SELECT id, name, "group" FROM states WHERE project_id = $1 AND is_default', [projectId]);
}

/** The assignees `userIds` (deduplicated), each a member of the project, or 400; named by display name. */
export async function checkedAssignees(db: Db, projectId: string, userIds: readonly string[]): Promise<NamedRef[]> {
  const ids = [...new Set(userIds)];
  if (!ids.length) return [];
  const users = await db.query<NamedRef>(
    `SELECT u.id, u.display_name AS name
       FROM project_members pm JOIN users u ON u.id = pm.user_id
      WHERE pm.project_id = $1 AND pm.user_id = ANY($2::uuid[])`,
    [projectId, ids],
  );
  if (users.length !== ids.length) throw badRequest('Assignees must be members of the project.');
  return users;
}

/** The labels `labelIds` (deduplicated), each of the project, or 400. */
export async function checkedLabels(db: Db, projectId: string, labelIds: readonly string[]): Promise<NamedRef[]> {
  const ids = [...new Set(labelIds)];
  if (!ids.length) return [];
  const labels = await db.query<NamedRef>('SELECT id, name FROM labels WHERE project_id = $1 AND id = ANY($2::uuid[])', [projectId, ids]);
  if (labels.length !== ids.length) throw badRequest('Labels must be labels of this project.');
  return labels;
}

/**
 * The parent `parentId` for issue `issueId` (null while creating), or 400: it must be a live
 * issue of the same project and neither the issue itself nor one of its sub-issues (no cycles).
 * Inside a transaction, call it after locking the project's issue tree (lockIssueTree), so two
 * concurrent re-parentings cannot build a cycle between them.
 */
export async function checkedParent(db: Db, projectId: string, issueId: string | null, parentId: string): Promise<ParentRef> {
  const parent = await db.maybeOne<ParentRef>(
    `SELECT i.id, p.identifier || '-' || i.sequence_id AS key
       FROM issues i JOIN projects p ON p.id = i.project_id
      WHERE i.id = $1 AND i.project_id = $2 AND i.deleted_at IS NULL AND ${notInIntakeSql('i')}`,
    [parentId, projectId],
  );
  if (!parent) throw badRequest('The parent must be an issue of the same project.');
  if (issueId) {
    // Walks up from the proposed parent: meeting the issue itself means it would become its own ancestor.
    const loop = await db.maybeOne<{ id: string }>(
      `WITH RECURSIVE ancestors (id, parent_id, depth) AS (
         SELECT id, parent_id, 0 FROM issues WHERE id = $1
         UNION ALL
         SELECT i.id, i.parent_id, a.depth + 1 FROM issues i JOIN ancestors a ON i.id = a.parent_id WHERE a.depth < 10000
       )
       SELECT id FROM ancestors WHERE id = $2 LIMIT 1`,
      [parentId, issueId],
    );
    if (loop) throw badRequest('An issue cannot be its own parent or a sub-issue of its own sub-issues.');
  }
  return parent;
}

/**
 * Locks the project row, so re-parentings (and creations) in one project take turns and see each
 * other's result. Take it before locking any issue of the project: creations lock the project row
 * first too (the sequence counter), so both orders agree and never deadlock. NO KEY UPDATE still
 * lets foreign-key checks (inserting activity rows…) through.
 */
export async function lockIssueTree(tx: Db, projectId: string): Promise<void> {
  await tx.query('SELECT id FROM projects WHERE id = $1 FOR NO KEY UPDATE', [projectId]);
}
