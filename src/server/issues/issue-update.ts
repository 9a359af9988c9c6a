import { issueUpdateBody, PLAIN_ISSUE_FIELD_KEYS, type IssueUpdateBody, type PlainIssueField } from '../../api-shapes/issue.js';
import type { Db } from '../db/index.js';
import { checkedEstimatePoint, estimateValue } from '../estimates/estimate-system.js';
import { sqlExpression, updateSet, type ColumnValues } from '../db/row-writes.js';
import { SqlParams } from '../db/sql-params.js';
import { recordIssueActivity, type IssueActivityField } from './activity.js';
import { checkDates, checkedAssignees, checkedLabels, checkedName, checkedParent, checkedState, type NamedRef } from './issue-references.js';
import type { IssueRow } from './issue-lookup.js';
import { subscribe } from './subscriptions.js';
import { notify } from '../notifications/notify.js';

/** The fields of an issue an update may change (each optional; null clears a nullable one). */
export type IssueChanges = Omit<IssueUpdateBody, 'description_html' | 'description_json' | 'description_version'>;

type Activity = { field: IssueActivityField; oldValue?: string; newValue?: string; oldIdentifier?: string | null; newIdentifier?: string | null };

async function keyOf(tx: Db, issueId: string | null): Promise<string> {
  if (!issueId) return '';
  const row = await tx.maybeOne<{ key: string }>(
    "SELECT p.identifier || '-' || i.sequence_id AS key FROM issues i JOIN projects p ON p.id = i.project_id WHERE i.id = $1",
    [issueId],
  );
  return row?.key ?? '';
}

/** Replaces a set (assignees, labels): one activity row per added or removed item ('' old value: added). */
function setActivities(field: 'assignees' | 'labels', current: NamedRef[], next: NamedRef[]): { added: NamedRef[]; removed: NamedRef[]; rows: Activity[] } {
  const currentIds = new Set(current.map((item) => item.id));
  const nextIds = new Set(next.map((item) => item.id));
  const added = next.filter((item) => !currentIds.has(item.id));
  const removed = current.filter((item) => !nextIds.has(item.id));
  const rows: Activity[] = [
    ...added.map((item) => ({ field, oldValue: '', newValue: item.name, newIdentifier: item.id })),
    ...removed.map((item) => ({ field, oldValue: item.name, newValue: '', oldIdentifier: item.id })),
  ];
  return { added, removed, rows };
}

/** The update body's fields in order: an update's rows for its name, state, parent and plain fields follow it. */
const BODY_ORDER = Object.keys(issueUpdateBody.properties);

/** A plain field's value as an activity row keeps it: text, '' for none. */
function activityText(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

/** Sets the columns of `values` on the issue `issueId`. */
async function updateIssue(tx: Db, issueId: string, values: ColumnValues): Promise<void> {
  const params = new SqlParams();
  await tx.query(`UPDATE issues SET ${updateSet(values, params)} WHERE id = ${params.bind(issueId)}`, params.values);
}

/**
 * Checks and applies `changes` to the locked issue `issue` inside `tx`, recording one activity row
 * per changed field (per added or removed assignee and label). Values that do not change are left
 * alone and record nothing. Throws a 400 HttpError for a change that is not allowed.
 */
export async function applyIssueChanges(tx: Db, issue: IssueRow, changes: IssueChanges, actorId: string): Promise<void> {
  // The name, state, estimate and parent columns that change (the plain fields' in `plain`), and the
  // activity row of each changed field by its body field.
  const columns: Record<string, unknown> = {};
  const fieldRows = new Map<string, Activity>();

  if (changes.name !== undefined) {
    const name = checkedName(changes.name);
    if (name !== issue.name) {
      fieldRows.set('name', { field: 'name', oldValue: issue.name, newValue: name });
      columns.name = name;
    }
  }
  if (changes.state_id !== undefined && changes.state_id !== issue.state_id) {
    const state = await checkedState(tx, issue.project_id, changes.state_id);
    const old = issue.state_id ? await tx.maybeOne<{ name: string }>('SELECT name FROM states WHERE id = $1', [issue.state_id]) : null;
    fieldRows.set('state_id', { field: 'state', oldValue: old?.name ?? '', newValue: state.name, oldIdentifier: issue.state_id, newIdentifier: state.id });
    columns.state_id = state.id;
    // Entering a completed state marks the issue completed (once); any other state clears it.
    columns.completed_at = state.group === 'completed' ? sqlExpression('COALESCE(completed_at, now())') : null;
  }
  if (changes.estimate_point !== undefined) {
    const point = await checkedEstimatePoint(tx, issue.project_id, changes.estimate_point);
    if ((point?.id ?? null) !== issue.estimate_point_id) {
      const oldValue = await estimateValue(tx, issue.estimate_point_id);
      fieldRows.set('estimate_point', {
        field: 'estimate_point',
        oldValue,
        newValue: point?.value ?? '',
        oldIdentifier: issue.estimate_point_id,
        newIdentifier: point?.id ?? null,
      });
      columns.estimate_point_id = point?.id ?? null;
    }
  }
  const plain: Partial<Pick<IssueRow, PlainIssueField>> = {};
  for (const field of PLAIN_ISSUE_FIELD_KEYS) {
    const value = changes[field];
    if (value === undefined || value === issue[field]) continue;
    fieldRows.set(field, { field, oldValue: activityText(issue[field]), newValue: activityText(value) });
    (plain as Record<string, unknown>)[field] = value;
  }
  const next = { ...issue, ...plain };
  checkDates(next.start_date, next.target_date);
  if (changes.parent_id !== undefined && changes.parent_id !== issue.parent_id) {
    const parent = changes.parent_id ? await checkedParent(tx, issue.project_id, issue.id, changes.parent_id) : null;
    fieldRows.set('parent_id', {
      field: 'parent',
      oldValue: await keyOf(tx, issue.parent_id),
      newValue: parent?.key ?? '',
      oldIdentifier: issue.parent_id,
      newIdentifier: parent?.id ?? null,
    });
    columns.parent_id = parent?.id ?? null;
  }
  const activities = BODY_ORDER.flatMap((key) => fieldRows.get(key) ?? []);

  const scalarChanged = activities.length > 0 || changes.sort_order !== undefined;
  if (scalarChanged) await updateIssue(tx, issue.id, { ...columns, ...plain, sort_order: changes.sort_order, updated_by: actorId });

  if (changes.assignee_ids !== undefined) {
    const wanted = await checkedAssignees(tx, issue.project_id, changes.assignee_ids);
    const current = await tx.query<NamedRef>(
      'SELECT u.id, u.display_name AS name FROM issue_assignees a JOIN users u ON u.id = a.user_id WHERE a.issue_id = $1',
      [issue.id],
    );
    const { added, removed, rows } = setActivities('assignees', current, wanted);
    if (added.length) {
      await tx.query('INSERT INTO issue_assignees (issue_id, user_id) SELECT $1, unnest($2::uuid[])', [issue.id, added.map((user) => user.id)]);
      // Assignees follow the issues they work on, as its creator does.
      await subscribe(tx, issue.id, added.map((user) => user.id));
      await notify(tx, { issue, actorId, kind: 'assigned', to: added.map((user) => user.id) });
    }
    if (removed.length) {
      await tx.query('DELETE FROM issue_assignees WHERE issue_id = $1 AND user_id = ANY($2::uuid[])', [issue.id, removed.map((user) => user.id)]);
    }
    activities.push(...rows);
  }
  if (changes.label_ids !== undefined) {
    const wanted = await checkedLabels(tx, issue.project_id, changes.label_ids);
    const current = await tx.query<NamedRef>('SELECT l.id, l.name FROM issue_labels il JOIN labels l ON l.id = il.label_id WHERE il.issue_id = $1', [
      issue.id,
    ]);
    const { added, removed, rows } = setActivities('labels', current, wanted);
    if (added.length) {
      await tx.query('INSERT INTO issue_labels (issue_id, label_id) SELECT $1, unnest($2::uuid[])', [issue.id, added.map((label) => label.id)]);
    }
    if (removed.length) {
      await tx.query('DELETE FROM issue_labels WHERE issue_id = $1 AND label_id = ANY($2::uuid[])', [issue.id, removed.map((label) => label.id)]);
    }
    activities.push(...rows);
  }
  if (activities.length && !scalarChanged) await updateIssue(tx, issue.id, { updated_by: actorId });

  for (const activity of activities) {
    await recordIssueActivity(tx, { issue, actorId, verb: 'updated', ...activity });
  }
  const stateChange = fieldRows.get('state_id');
  if (stateChange) await notify(tx, { issue, actorId, kind: 'state_changed', to: 'followers', detail: stateChange.newValue });
}
