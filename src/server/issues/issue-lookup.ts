import type { Db } from '../db/index.js';
import { notFound } from '../http/errors.js';
import type { Priority } from './issue-shape.js';

/** The columns of an issue that changes are checked against and recorded from. */
export interface IssueRow {
  id: string;
  project_id: string;
  workspace_id: string;
  sequence_id: number;
  name: string;
  state_id: string | null;
  priority: Priority;
  start_date: string | null;
  target_date: string | null;
  parent_id: string | null;
  description_html: string;
  description_version: number;
  archived_at: Date | null;
  created_by: string | null;
}

const ISSUE_ROW_COLUMNS =
  'id, project_id, workspace_id, sequence_id, name, state_id, priority, start_date, target_date, parent_id, description_html, description_version, archived_at, created_by';

/** The message of every "no such issue here" answer. */
export const ISSUE_NOT_FOUND = 'Issue not found.';

/**
 * The live (not deleted) issue `issueId` of project `projectId`, or 404. With `lock`, the row
 * stays locked until `db`'s transaction ends, so concurrent changes to one issue take turns.
 */
export async function findIssue(db: Db, projectId: string, issueId: string, options: { lock?: boolean } = {}): Promise<IssueRow> {
  const issue = await db.maybeOne<IssueRow>(
    `SELECT ${ISSUE_ROW_COLUMNS} FROM issues WHERE id = $1 AND project_id = $2 AND deleted_at IS NULL${options.lock ? ' FOR NO KEY UPDATE' : ''}`,
    [issueId, projectId],
  );
  if (!issue) throw notFound(ISSUE_NOT_FOUND);
  return issue;
}

/** The spec's issue key: `{project identifier}-{sequence_id}`. */
export function issueKey(identifier: string, sequenceId: number): string {
  return `${identifier}-${sequenceId}`;
}
