import type { AddIssuesBody } from '../../api-shapes/planning.js';
import type { Db } from '../db/index.js';
import { ISSUE_ARCHIVED } from '../../api-shapes/issue-archive.js';
import { badRequest, conflict } from '../http/errors.js';
import type { ActivityIssue } from '../issues/activity.js';
import { notInIntakeSql } from '../intake/intake-sql.js';

/** The spec's text when an issue list to add is empty (section 5). */
export const SELECT_AT_LEAST_ONE_ISSUE = 'Please select at least one issue.';

/** The answer when some of several ids name archived issues (read-only until restored). */
export const SOME_ISSUES_ARCHIVED = 'Some of the selected issues are archived: restore them to change them.';

/** The answer when some ids name no live issue of the project. */
export const ISSUES_NOT_IN_PROJECT = 'Some of the selected issues do not exist in this project.';

// The body's shape is defined once in src/api-shapes/planning.ts (emptiness is checked by `issuesToAdd`).
export { addIssuesBody, type AddIssuesBody } from '../../api-shapes/planning.js';

/**
 * The live issues of the project named by an add-issues body: 400 with the spec's text when it
 * names none, 400 when any id is not a live issue of this project, and 409 when any is archived.
 */
export async function issuesToAdd(db: Db, projectId: string, body: AddIssuesBody | undefined): Promise<ActivityIssue[]> {
  const ids = [...new Set((body?.issues ?? []).map((id) => id.toLowerCase()))];
  if (!ids.length) throw badRequest(SELECT_AT_LEAST_ONE_ISSUE);
  const issues = await db.query<ActivityIssue & { archived: boolean }>(
    `SELECT id, project_id, workspace_id, archived_at IS NOT NULL AS archived FROM issues
      WHERE id = ANY($1::uuid[]) AND project_id = $2 AND deleted_at IS NULL AND ${notInIntakeSql('issues')}
      ORDER BY sequence_id`,
    [ids, projectId],
  );
  if (issues.length !== ids.length) throw badRequest(ISSUES_NOT_IN_PROJECT);
  if (issues.some((issue) => issue.archived)) throw conflict(ids.length === 1 ? ISSUE_ARCHIVED : SOME_ISSUES_ARCHIVED);
  return issues.map(({ archived: _archived, ...issue }) => issue);
}
