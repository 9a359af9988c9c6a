import type { Db } from '../db/index.js';
import { notFound } from '../http/errors.js';
import { checkIssueNotArchived, findLiveIssue } from '../issues/issue-lookup.js';
import { recordIssueActivity, type ActivityIssue } from '../issues/activity.js';
import { MODULE_NOT_FOUND } from './module-shape.js';

/** The module issues are added to or removed from. */
export interface ModuleRef {
  id: string;
  name: string;
}

/** The project's module `moduleId` (locked with `lock`, so it cannot be deleted meanwhile); 404 when there is none. */
export async function moduleOf(db: Db, projectId: string, moduleId: string, lock = false): Promise<ModuleRef> {
  const module = await db.maybeOne<ModuleRef>(`SELECT id, name FROM modules WHERE id = $1 AND project_id = $2${lock ? ' FOR UPDATE' : ''}`, [moduleId, projectId]);
  if (!module) throw notFound(MODULE_NOT_FOUND);
  return module;
}

/**
 * Adds the issues to the module, inside `tx` (activity `modules` created for each one added).
 * An issue may be in many modules; one already in this module is left alone.
 */
export async function addIssuesToModule(tx: Db, module: ModuleRef, issues: readonly ActivityIssue[], actorId: string): Promise<void> {
  const added = await tx.query<{ issue_id: string }>(
    `INSERT INTO module_issues (module_id, issue_id, created_by) SELECT $1, unnest($2::uuid[]), $3
     ON CONFLICT (module_id, issue_id) DO NOTHING RETURNING issue_id`,
    [module.id, issues.map((issue) => issue.id), actorId],
  );
  const addedIds = new Set(added.map((row) => row.issue_id));
  for (const issue of issues) {
    if (!addedIds.has(issue.id)) continue;
    await recordIssueActivity(tx, { issue, actorId, field: 'modules', verb: 'created', newValue: module.name, newIdentifier: module.id });
  }
}

/** Takes one issue out of the module (activity `modules` deleted); false when it was not in it, 409 when it is archived. */
export async function removeIssueFromModule(tx: Db, module: ModuleRef, issueId: string, actorId: string): Promise<boolean> {
  // An archived issue is read-only until restored: it stays where it was, as it cannot be added.
  const issue = await findLiveIssue(tx, issueId);
  if (issue) checkIssueNotArchived(issue);
  const removed = await tx.maybeOne<ActivityIssue>(
    `DELETE FROM module_issues mi USING issues i
      WHERE mi.module_id = $1 AND mi.issue_id = $2 AND i.id = mi.issue_id
      RETURNING i.id, i.project_id, i.workspace_id`,
    [module.id, issueId],
  );
  if (!removed) return false;
  await recordIssueActivity(tx, { issue: removed, actorId, field: 'modules', verb: 'deleted', oldValue: module.name, oldIdentifier: module.id });
  return true;
}

/** Records, for a module being deleted, that each of its issues left it. */
export async function recordModuleDeletion(tx: Db, module: ModuleRef, actorId: string): Promise<void> {
  const issues = await tx.query<ActivityIssue>(
    `SELECT i.id, i.project_id, i.workspace_id FROM module_issues mi JOIN issues i ON i.id = mi.issue_id
      WHERE mi.module_id = $1 AND i.deleted_at IS NULL`,
    [module.id],
  );
  for (const issue of issues) {
    await recordIssueActivity(tx, { issue, actorId, field: 'modules', verb: 'deleted', oldValue: module.name, oldIdentifier: module.id });
  }
}
