import type { Db } from '../db/index.js';
import { recordIssueActivity, type ActivityIssue } from '../issues/activity.js';
import type { GroupRef } from '../planning/group-issues.js';
import { MODULE_GROUP } from '../planning/issue-group.js';

/**
 * Adds the issues to the module, inside `tx` (activity `modules` created for each one added).
 * An issue may be in many modules; one already in this module is left alone.
 */
export async function addIssuesToModule(tx: Db, module: GroupRef, issues: readonly ActivityIssue[], actorId: string): Promise<void> {
  const added = await tx.query<{ issue_id: string }>(
    `INSERT INTO module_issues (module_id, issue_id, created_by) SELECT $1, unnest($2::uuid[]), $3
     ON CONFLICT (module_id, issue_id) DO NOTHING RETURNING issue_id`,
    [module.id, issues.map((issue) => issue.id), actorId],
  );
  const addedIds = new Set(added.map((row) => row.issue_id));
  for (const issue of issues) {
    if (!addedIds.has(issue.id)) continue;
    await recordIssueActivity(tx, { issue, actorId, field: MODULE_GROUP.field, verb: 'created', newValue: module.name, newIdentifier: module.id });
  }
}
