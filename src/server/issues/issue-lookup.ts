import { Type, type StaticDecode } from 'typebox';
import { integer, nullable, nullableTimestamp, string, uuid } from '../../api-shapes/fields.js';
import { plainIssueFields } from '../../api-shapes/issue.js';
import { ISSUE_ARCHIVED } from '../../api-shapes/issue-archive.js';
import type { Db } from '../db/index.js';
import { selectList } from '../db/select-list.js';
import { conflict, notFound } from '../http/errors.js';
import { notInIntakeSql } from '../intake/intake-sql.js';

/** The columns of an issue that changes are checked against and recorded from (every plain field among them). */
export const issueLookupShape = Type.Object({
  id: uuid,
  project_id: uuid,
  workspace_id: uuid,
  sequence_id: integer,
  name: string,
  state_id: nullable(uuid),
  ...plainIssueFields,
  parent_id: nullable(uuid),
  estimate_point_id: nullable(uuid),
  description_html: string,
  description_version: integer,
  archived_at: nullableTimestamp,
  created_by: nullable(uuid),
});

/** An issue as changes check it (see issueLookupShape). */
export type IssueRow = StaticDecode<typeof issueLookupShape>;

const ISSUE_ROW_COLUMNS = selectList(issueLookupShape, 'issues');

/** The message of every "no such issue here" answer. */
export const ISSUE_NOT_FOUND = 'Issue not found.';

/**
 * The live (not deleted) issue `issueId` of project `projectId`, or 404. With `lock`, the row
 * stays locked until `db`'s transaction ends, so concurrent changes to one issue take turns.
 */
export async function findIssue(db: Db, projectId: string, issueId: string, options: { lock?: boolean } = {}): Promise<IssueRow> {
  const issue = await db.maybeOne<IssueRow>(
    `SELECT ${ISSUE_ROW_COLUMNS} FROM issues WHERE id = $1 AND project_id = $2 AND deleted_at IS NULL AND ${notInIntakeSql('issues')}${options.lock ? ' FOR NO KEY UPDATE' : ''}`,
    [issueId, projectId],
  );
  if (!issue) throw notFound(ISSUE_NOT_FOUND);
  return issue;
}

/** 409 when the issue is archived: an archived issue is read-only until it is restored. */
export function checkIssueNotArchived(issue: Pick<IssueRow, 'archived_at'>): void {
  if (issue.archived_at) throw conflict(ISSUE_ARCHIVED);
}

/**
 * The issue as findIssue finds it with `lock`, for a change to it or to what it holds (its
 * fields, description, comments, attachments, links, relations, sub-issues): 409 when it is
 * archived. The lock makes archiving wait for the change, and the change for archiving.
 */
export async function findIssueToChange(db: Db, projectId: string, issueId: string): Promise<IssueRow> {
  const issue = await findIssue(db, projectId, issueId, { lock: true });
  checkIssueNotArchived(issue);
  return issue;
}

/**
 * Locks the issues `ids` until `tx` ends, in id order. Every transaction that locks more than one
 * issue takes them through here, after the rows they hang from (the project, then the cycle or
 * module they join or leave) and before what hangs from them (estimate values): one order, so two
 * changes of the same issues take turns instead of each holding what the other waits for.
 */
export async function lockIssues(tx: Db, ids: readonly string[]): Promise<void> {
  if (ids.length) await tx.query('SELECT id FROM issues WHERE id = ANY($1::uuid[]) ORDER BY id FOR NO KEY UPDATE', [ids]);
}

/** The live issue `issueId` wherever it is, locked as with findIssue's `lock`; null when there is none. */
export function findLiveIssue(db: Db, issueId: string): Promise<IssueRow | null> {
  return db.maybeOne<IssueRow>(`SELECT ${ISSUE_ROW_COLUMNS} FROM issues WHERE id = $1 AND deleted_at IS NULL AND ${notInIntakeSql('issues')} FOR NO KEY UPDATE`, [issueId]);
}

/** The spec's issue key: `{project identifier}-{sequence_id}`. */
export function issueKey(identifier: string, sequenceId: number): string {
  return `${identifier}-${sequenceId}`;
}
