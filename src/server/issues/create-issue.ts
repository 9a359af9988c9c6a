import type { FastifyRequest } from 'fastify';
import { PLAIN_ISSUE_FIELD_KEYS, type IssueCreateBody } from '../../api-shapes/issue.js';
import { nextIssueSequenceId, type Db } from '../db/index.js';
import { checkedEstimatePoint } from '../estimates/estimate-system.js';
import { insertRow, sqlExpression, type ColumnValues } from '../db/row-writes.js';
import { SqlParams } from '../db/sql-params.js';
import { notify, notifyMentions } from '../notifications/notify.js';
import type { RichText } from '../rich-text/index.js';
import { recordIssueActivity, type ActivityIssue } from './activity.js';
import { checkDates, checkedAssignees, checkedLabels, checkedName, checkedParent, checkedState, defaultState, type NamedRef, type StateRef } from './issue-references.js';
import { normalisedRichText } from './rich-text-input.js';
import { subscribe } from './subscriptions.js';

/** The project, workspace and author of a new issue. */
export interface IssueCreator {
  projectId: string;
  workspaceId: string;
  userId: string;
}

/** An issue creation checked outside any transaction: its trimmed name and its cleaned description. */
export interface CheckedIssueCreation {
  body: IssueCreateBody;
  name: string;
  description: RichText | null;
}

/**
 * The checks of an issue creation that need no database: the name (400 when blank) and the
 * dates, with `description` as the stored description (already clean: a draft's).
 */
export function checkedCreation(body: IssueCreateBody, description: RichText | null): CheckedIssueCreation {
  const name = checkedName(body.name);
  checkDates(body.start_date ?? null, body.target_date ?? null);
  return { body, name, description };
}

/** An issue creation body checked and its description cleaned in the rich-text pool (before any transaction). */
export async function checkedCreationFromClient(request: FastifyRequest, body: IssueCreateBody): Promise<CheckedIssueCreation> {
  const checked = checkedCreation(body, null);
  const hasDescription = body.description_html !== undefined || body.description_json !== undefined;
  if (!hasDescription) return checked;
  return { ...checked, description: await normalisedRichText(request, { html: body.description_html, json: body.description_json }, 'description') };
}

/** The state, assignees and labels an issue (or a draft) names, each checked against the project: 400 otherwise. */
export async function checkedIssueReferences(
  tx: Db,
  projectId: string,
  fields: { state_id?: string | null; assignee_ids?: readonly string[]; label_ids?: readonly string[] },
): Promise<{ state: StateRef | null; assignees: NamedRef[]; labels: NamedRef[] }> {
  const state = fields.state_id ? await checkedState(tx, projectId, fields.state_id) : await defaultState(tx, projectId);
  const assignees = await checkedAssignees(tx, projectId, fields.assignee_ids ?? []);
  const labels = await checkedLabels(tx, projectId, fields.label_ids ?? []);
  return { state, assignees, labels };
}

/**
 * Creates the issue inside `tx`: references (and the estimate) checked, the next number of the project, its
 * assignees, labels, subscribers (the creator and the assignees), its "created" activity and the
 * notifications it causes (its assignees, the people its description mentions).
 * Every issue creation comes through here (the create route, publishing a draft).
 */
export async function insertIssue(tx: Db, creator: IssueCreator, creation: CheckedIssueCreation): Promise<ActivityIssue> {
  const { body, name, description } = creation;
  const { state, assignees, labels } = await checkedIssueReferences(tx, creator.projectId, body);
  // Locks the project row: numbers are handed out one at a time, and the parent cannot move meanwhile.
  const sequenceId = await nextIssueSequenceId(tx, creator.projectId);
  const parent = body.parent_id ? await checkedParent(tx, creator.projectId, null, body.parent_id) : null;
  const estimate = body.estimate_point === undefined ? null : await checkedEstimatePoint(tx, creator.projectId, body.estimate_point);
  const params = new SqlParams();
  const values: ColumnValues = {
    project_id: creator.projectId,
    workspace_id: creator.workspaceId,
    sequence_id: sequenceId,
    name,
    description_html: description?.html,
    description_json: description ? JSON.stringify(description.json) : undefined,
    state_id: state?.id ?? null,
    // The plain fields given; the others take their column defaults.
    ...Object.fromEntries(PLAIN_ISSUE_FIELD_KEYS.map((field) => [field, body[field]])),
    parent_id: parent?.id ?? null,
    estimate_point_id: estimate?.id ?? null,
    sort_order: body.sort_order,
    completed_at: state?.group === 'completed' ? sqlExpression('now()') : undefined,
    created_by: creator.userId,
    updated_by: creator.userId,
  };
  const issue = await tx.one<ActivityIssue>(`${insertRow('issues', values, params)} RETURNING id, project_id, workspace_id`, params.values);
  if (assignees.length) {
    await tx.query('INSERT INTO issue_assignees (issue_id, user_id) SELECT $1, unnest($2::uuid[])', [issue.id, assignees.map((a) => a.id)]);
  }
  if (labels.length) {
    await tx.query('INSERT INTO issue_labels (issue_id, label_id) SELECT $1, unnest($2::uuid[])', [issue.id, labels.map((l) => l.id)]);
  }
  // The creator and the assignees follow the issue from the start.
  await subscribe(tx, issue.id, [creator.userId, ...assignees.map((a) => a.id)]);
  await recordIssueActivity(tx, { issue, actorId: creator.userId, field: 'issue', verb: 'created', newValue: name });
  await notify(tx, { issue, actorId: creator.userId, kind: 'assigned', to: assignees.map((a) => a.id) });
  if (description) await notifyMentions(tx, { issue, actorId: creator.userId, kind: 'mentioned', document: description.json });
  return issue;
}
