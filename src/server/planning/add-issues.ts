import type { AddIssuesBody } from '../../api-shapes/planning.js';
import type { Db } from '../db/index.js';
import { badRequest } from '../http/errors.js';
import type { ActivityIssue } from '../issues/activity.js';
import { notInIntakeSql } from '../intake/intake-sql.js';

/** The spec's text when an issue list to add is empty (section 5). */
export const SELECT_AT_LEAST_ONE_ISSUE = 'Please select at least one issue.';

/** The answer when some ids name no live issue of the project. */
export const ISSUES_NOT_IN_PROJECT = 'Some of the selected issues do not exist in this project.';

// The body's shape is defined once in src/api-shapes/planning.ts (emptiness is checked by `issuesToAdd`).
export { addIssuesBody, type AddIssuesBody } from '../../api-shapes/planning.js';

/**
 * The live issues of the project named by an add-issues body: 400 with the spec's text when it
 * names none, and 400 when any id is not a live issue of this project.
 */
export async function issuesToAdd(db: Db, projectId: string, body: AddIssuesBody | undefined): Promise<ActivityIssue[]> {
  const ids = [...new Set((body?.issues ?? []).map((id) => id.toLowerCase()))];
  if (!ids.length) throw badRequest(SELECT_AT_LEAST_ONE_ISSUE);
  const issues = await db.query<ActivityIssue>(
    `SELECT id, project_id, workspace_id FROM issues
      WHERE id = ANY($1::uuid[]) AND project_id = $2 AND deleted_at IS NULL AND ${notInIntakeSql('issues')}
      ORDER BY sequence_id`,
    [ids, projectId],
  );
  if (issues.length !== ids.length) throw badRequest(ISSUES_NOT_IN_PROJECT);
  return issues;
}
