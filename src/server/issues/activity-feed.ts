import type { StaticDecode } from 'typebox';
import { activityIssueShape, activityProjectShape, activityShape, activityWorkspaceShape } from '../../api-shapes/activity.js';
import type { Db } from '../db/index.js';
import { jsonObject, selectList } from '../db/select-list.js';
import { SqlParams } from '../db/sql-params.js';
import { ISSUE_REFERENCE_FIELDS } from './activity.js';
import { openableIssueSql, type Reader } from './issue-access.js';
import { DISPLAY_USER_JSON } from './issue-shape.js';

/** One row of an issue's activity feed as the server reads it (src/api-shapes/activity.ts; created_at a Date). */
export type ActivityJson = StaticDecode<typeof activityShape>;

/** Response schema of an activity row. */
export const activitySchema = activityShape;

/**
 * SQL: whether the `side` ('old' or 'new') of the row `a` names an issue the reader cannot open:
 * a parent or relation row whose value or identifier is set, and that identifier is not among
 * the `openable` ones (an issue that no longer exists counts as hidden too).
 */
function hiddenSideSql(side: 'old' | 'new', fields: string): string {
  return `(a.field = ANY(${fields}::text[]) AND (COALESCE(a.${side}_value, '') <> '' OR a.${side}_identifier IS NOT NULL)
           AND NOT COALESCE(a.${side}_identifier IN (SELECT o.id FROM openable o), false))`;
}

/**
 * SELECT list of an activity row from activityFromSql: the row `a`, its hidden sides `h` (see
 * hiddenSideSql), its issue `i`, project `p`, workspace `w` and actor `u`.
 */
export const ACTIVITY_COLUMNS = selectList(activityShape, 'a', {
  old_value: 'CASE WHEN h.old_hidden THEN NULL ELSE a.old_value END',
  new_value: 'CASE WHEN h.new_hidden THEN NULL ELSE a.new_value END',
  old_identifier: 'CASE WHEN h.old_hidden THEN NULL ELSE a.old_identifier END',
  new_identifier: 'CASE WHEN h.new_hidden THEN NULL ELSE a.new_identifier END',
  old_hidden: 'h.old_hidden',
  new_hidden: 'h.new_hidden',
  issue: 'a.issue_id',
  issue_detail: `CASE WHEN i.deleted_at IS NULL THEN ${jsonObject(activityIssueShape, 'i')} END`,
  deleted_issue_detail: `CASE WHEN i.deleted_at IS NOT NULL THEN ${jsonObject(activityIssueShape, 'i')} END`,
  project: 'a.project_id',
  project_detail: jsonObject(activityProjectShape, 'p'),
  workspace_detail: jsonObject(activityWorkspaceShape, 'w'),
  actor: `CASE WHEN u.id IS NULL THEN NULL ELSE ${DISPLAY_USER_JSON} END`,
});

/**
 * FROM list of ACTIVITY_COLUMNS over the activity rows `rows` (the table, or a WITH query's name)
 * as `a`. `fields` is the bound ISSUE_REFERENCE_FIELDS, and the statement must define `openable`:
 * the issues the rows name that the reader can open.
 */
export function activityFromSql(rows: string, fields: string): string {
  return `${rows} a
       CROSS JOIN LATERAL (SELECT ${hiddenSideSql('old', fields)} AS old_hidden, ${hiddenSideSql('new', fields)} AS new_hidden) h
       JOIN issues i ON i.id = a.issue_id
       JOIN projects p ON p.id = a.project_id
       JOIN workspaces w ON w.id = a.workspace_id
       LEFT JOIN users u ON u.id = a.actor_id`;
}

/**
 * The activity rows of an issue (deleted or not) as `reader` sees them, oldest first; rows of one
 * change keep the order they were written in. A value naming an issue the reader cannot open is
 * left out (see activityShape). The issues the rows name are checked once each (the `openable`
 * set), not once per row.
 */
export function listActivities(db: Db, issueId: string, reader: Reader): Promise<ActivityJson[]> {
  const params = new SqlParams();
  const fields = params.bind(ISSUE_REFERENCE_FIELDS);
  const issue = params.bind(issueId);
  return db.query<ActivityJson>(
    `WITH named AS (
            SELECT DISTINCT unnest(ARRAY[a.old_identifier, a.new_identifier]) AS id
              FROM issue_activities a WHERE a.issue_id = ${issue} AND a.field = ANY(${fields}::text[])),
          openable AS (SELECT x.id FROM issues x JOIN named n ON n.id = x.id WHERE ${openableIssueSql('x', params, reader)})
     SELECT ${ACTIVITY_COLUMNS}
       FROM ${activityFromSql('issue_activities', fields)}
      WHERE a.issue_id = ${issue}
      ORDER BY a.created_at, a.position`,
    params.values,
  );
}
