import type { StaticDecode } from 'typebox';
import { intakeIssueShape, type IntakeCreateBody, type IntakeStatus, type IntakeTab, type IntakeUpdateBody } from '../../api-shapes/intake.js';
import { nextIssueSequenceId, type Db } from '../db/index.js';
import { insertRow } from '../db/row-writes.js';
import { selectList } from '../db/select-list.js';
import { SqlParams } from '../db/sql-params.js';
import { badRequest, conflict, notFound } from '../http/errors.js';
import { recordIssueActivity, type ActivityIssue } from '../issues/activity.js';
import { defaultState } from '../issues/issue-references.js';
import { DISPLAY_USER_JSON } from '../issues/issue-shape.js';
import type { RichText } from '../rich-text/index.js';
import { Role } from '../roles.js';
import { subscribe } from '../issues/subscriptions.js';
import { notInIntakeSql } from './intake-sql.js';
import { requiredName } from '../http/typed-name.js';

// The shape is defined once in src/api-shapes/intake.ts (shared with the app); this module holds
// the inbox's SQL and the rules of filing and deciding.

/** An intake issue as the server reads it (timestamps as Dates). */
export type IntakeIssueRow = StaticDecode<typeof intakeIssueShape>;

/** The answer when an intake issue does not exist here or is not the caller's to see. */
export const INTAKE_NOT_FOUND = 'Intake issue not found.';

/** Who reads the inbox: a project guest sees only what they filed. */
export interface IntakeReader {
  userId: string;
  projectRole: number;
}

const INTAKE_FROM = `intake_issues t
  JOIN issues i ON i.id = t.issue_id AND i.deleted_at IS NULL
  JOIN projects p ON p.id = t.project_id
  LEFT JOIN users u ON u.id = t.created_by`;

const INTAKE_COLUMNS = selectList(intakeIssueShape, 't', {
  sequence_id: 'i.sequence_id',
  key: `p.identifier || '-' || i.sequence_id`,
  name: 'i.name',
  description_html: 'i.description_html',
  duplicate_of__key: `(SELECT p.identifier || '-' || d.sequence_id FROM issues d WHERE d.id = t.duplicate_of AND d.deleted_at IS NULL)`,
  created_by: `CASE WHEN u.id IS NULL THEN NULL ELSE ${DISPLAY_USER_JSON} END`,
});

/** What each tab shows: open is pending and snoozed ones whose date has come; closed is decided for good. */
const TAB_SQL: Record<IntakeTab, string> = {
  open: `(t.status = 'pending' OR (t.status = 'snoozed' AND t.snoozed_till <= now()))`,
  closed: `t.status IN ('accepted', 'declined', 'duplicate')`,
};

/** SQL (starting with AND): a guest of the project sees only the intake issues they filed. */
function readerSql(params: SqlParams, reader: IntakeReader): string {
  return reader.projectRole < Role.Viewer ? ` AND t.created_by = ${params.bind(reader.userId)}` : '';
}

/** A page of the project's intake issues on `tab` that `reader` sees, newest first, and how many there are. */
export async function listIntakeIssues(
  db: Db,
  projectId: string,
  tab: IntakeTab,
  reader: IntakeReader,
  page: { limit: number; offset: number },
): Promise<{ rows: IntakeIssueRow[]; total: number }> {
  const params = new SqlParams();
  const where = `t.project_id = ${params.bind(projectId)} AND ${TAB_SQL[tab]}${readerSql(params, reader)}`;
  const total = await db.one<{ count: number }>(`SELECT count(*)::int AS count FROM ${INTAKE_FROM} WHERE ${where}`, params.values);
  const rows = await db.query<IntakeIssueRow>(
    `SELECT ${INTAKE_COLUMNS} FROM ${INTAKE_FROM} WHERE ${where} ORDER BY t.created_at DESC, t.id LIMIT ${page.limit} OFFSET ${page.offset}`,
    params.values,
  );
  return { rows, total: total.count };
}

/** The intake issue `intakeId` of the project as `reader` sees it, or 404. */
export async function findIntakeIssue(db: Db, projectId: string, intakeId: string, reader: IntakeReader): Promise<IntakeIssueRow> {
  const params = new SqlParams();
  const row = await db.maybeOne<IntakeIssueRow>(
    `SELECT ${INTAKE_COLUMNS} FROM ${INTAKE_FROM}
      WHERE t.id = ${params.bind(intakeId)} AND t.project_id = ${params.bind(projectId)}${readerSql(params, reader)}`,
    params.values,
  );
  if (!row) throw notFound(INTAKE_NOT_FOUND);
  return row;
}

/** The project, workspace and filer of a new intake issue. */
export interface IntakeFiler {
  projectId: string;
  workspaceId: string;
  userId: string;
}

/** The name of a new intake issue, cleaned (http/typed-name.ts); 400 when blank. */
export function checkedIntakeName(body: IntakeCreateBody): string {
  return requiredName(body.name, 'Name is required');
}

/**
 * Files an intake issue inside `tx`: an issue with the project's next number and no state (it
 * gets the default state when accepted), its intake row (pending), the filer as its first
 * subscriber, and the "filed" activity. Returns the intake row's id.
 */
export async function fileIntakeIssue(tx: Db, filer: IntakeFiler, name: string, description: RichText | null): Promise<string> {
  const sequenceId = await nextIssueSequenceId(tx, filer.projectId);
  const params = new SqlParams();
  const values = {
    project_id: filer.projectId,
    workspace_id: filer.workspaceId,
    sequence_id: sequenceId,
    name,
    description_html: description?.html,
    description_json: description ? JSON.stringify(description.json) : undefined,
    state_id: null,
    created_by: filer.userId,
    updated_by: filer.userId,
  };
  const issue = await tx.one<ActivityIssue>(`${insertRow('issues', values, params)} RETURNING id, project_id, workspace_id`, params.values);
  const intake = await tx.one<{ id: string }>(
    'INSERT INTO intake_issues (issue_id, project_id, workspace_id, created_by) VALUES ($1, $2, $3, $4) RETURNING id',
    [issue.id, issue.project_id, issue.workspace_id, filer.userId],
  );
  await subscribe(tx, issue.id, [filer.userId]);
  await recordIssueActivity(tx, { issue, actorId: filer.userId, field: 'intake', verb: 'created', newValue: 'pending' });
  return intake.id;
}

/** A decision checked against the body alone: the snooze date (in the future) goes only with snoozed, the other issue only with duplicate. */
export function checkedDecision(body: IntakeUpdateBody, now: Date): { status: IntakeUpdateBody['status']; snoozedTill: Date | null; duplicateOf: string | null } {
  if (body.snoozed_till !== undefined && body.status !== 'snoozed') throw badRequest('Snoozed till goes only with the snoozed status.');
  if (body.duplicate_of !== undefined && body.status !== 'duplicate') throw badRequest('Duplicate of goes only with the duplicate status.');
  if (body.status === 'snoozed') {
    if (body.snoozed_till === undefined) throw badRequest('Snoozed till is required to snooze an intake issue.');
    const till = new Date(body.snoozed_till);
    if (!(till.getTime() > now.getTime())) throw badRequest('Snoozed till must be in the future.');
    return { status: 'snoozed', snoozedTill: till, duplicateOf: null };
  }
  if (body.status === 'duplicate') {
    if (body.duplicate_of === undefined) throw badRequest('Duplicate of is required to mark an intake issue as a duplicate.');
    return { status: 'duplicate', snoozedTill: null, duplicateOf: body.duplicate_of.toLowerCase() };
  }
  return { status: body.status, snoozedTill: null, duplicateOf: null };
}

/**
 * Applies a member's decision on intake issue `intakeId` inside `tx`, with its activity rows.
 * Accepted, the issue joins the project's issues in the default state (final: 409 afterwards).
 * A duplicate names another live issue of the project, itself not waiting in the inbox (400).
 */
export async function decideIntakeIssue(tx: Db, projectId: string, intakeId: string, body: IntakeUpdateBody, actorId: string): Promise<void> {
  const decision = checkedDecision(body, new Date());
  const current = await tx.maybeOne<{ issue_id: string; status: IntakeStatus; workspace_id: string }>(
    `SELECT t.issue_id, t.status, t.workspace_id FROM intake_issues t JOIN issues i ON i.id = t.issue_id AND i.deleted_at IS NULL
      WHERE t.id = $1 AND t.project_id = $2 FOR NO KEY UPDATE OF t`,
    [intakeId, projectId],
  );
  if (!current) throw notFound(INTAKE_NOT_FOUND);
  if (current.status === 'accepted') throw conflict('This intake issue was already accepted: it is one of the project’s issues now.');
  const issue: ActivityIssue = { id: current.issue_id, project_id: projectId, workspace_id: current.workspace_id };
  let duplicate: { id: string; key: string } | null = null;
  if (decision.duplicateOf) {
    if (decision.duplicateOf === issue.id) throw badRequest('An intake issue cannot be a duplicate of itself.');
    duplicate = await tx.maybeOne<{ id: string; key: string }>(
      `SELECT i.id, p.identifier || '-' || i.sequence_id AS key FROM issues i JOIN projects p ON p.id = i.project_id
        WHERE i.id = $1 AND i.project_id = $2 AND i.deleted_at IS NULL AND ${notInIntakeSql('i')}`,
      [decision.duplicateOf, projectId],
    );
    if (!duplicate) throw badRequest('Duplicate of must be an issue of this project.');
  }
  await tx.query('UPDATE intake_issues SET status = $2, snoozed_till = $3, duplicate_of = $4 WHERE id = $1', [
    intakeId,
    decision.status,
    decision.snoozedTill,
    duplicate?.id ?? null,
  ]);
  const record = (field: 'intake' | 'snoozed_till' | 'duplicate', values: { newValue: string; newIdentifier?: string | null }) =>
    recordIssueActivity(tx, { issue, actorId, field, verb: 'updated', oldValue: field === 'intake' ? current.status : '', ...values });
  if (decision.status === 'snoozed') await record('snoozed_till', { newValue: decision.snoozedTill!.toISOString() });
  else if (duplicate) await record('duplicate', { newValue: duplicate.key, newIdentifier: duplicate.id });
  else await record('intake', { newValue: decision.status });
  if (decision.status === 'accepted') await acceptIntoProject(tx, issue, actorId);
}

/** The accepted issue takes the project's default state (completed if that state is), with its activity row. */
async function acceptIntoProject(tx: Db, issue: ActivityIssue, actorId: string): Promise<void> {
  const state = await defaultState(tx, issue.project_id);
  await tx.query(
    `UPDATE issues SET state_id = $2, updated_by = $3, completed_at = CASE WHEN $4::boolean THEN now() END WHERE id = $1`,
    [issue.id, state?.id ?? null, actorId, state?.group === 'completed'],
  );
  if (state) {
    await recordIssueActivity(tx, { issue, actorId, field: 'state', verb: 'updated', oldValue: '', newValue: state.name, newIdentifier: state.id });
  }
}
