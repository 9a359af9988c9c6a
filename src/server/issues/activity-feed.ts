import type { Db } from '../db/index.js';
import { nullable, timestamp, uuid } from '../http/schemas.js';
import { ISSUE_REFERENCE_FIELDS } from './activity.js';
import { openableIssueSql, type Reader } from './issue-access.js';
import { DISPLAY_USER_JSON, displayUserSchema, type DisplayUser } from './issue-shape.js';
import { SqlParams } from './sql-params.js';

/**
 * One row of an issue's activity feed, in the spec's shape plus id, actor and created_at, and
 * `old_hidden` / `new_hidden`: the old or new value names an issue the reader cannot open, so
 * that value and its identifier are null (the other side keeps its '' for "nothing").
 */
export interface ActivityJson {
  id: string;
  field: string | null;
  verb: 'created' | 'updated' | 'deleted';
  old_value: string | null;
  new_value: string | null;
  old_identifier: string | null;
  new_identifier: string | null;
  old_hidden: boolean;
  new_hidden: boolean;
  issue: string;
  /** null once the issue is deleted: the feed then says "This issue has been deleted". */
  issue_detail: { name: string; sequence_id: number } | null;
  project: string;
  project_detail: { identifier: string };
  workspace_detail: { slug: string };
  actor: DisplayUser | null;
  created_at: Date;
}

/** Response schema of an activity row. */
export const activitySchema = {
  type: 'object',
  required: [
    'id', 'field', 'verb', 'old_value', 'new_value', 'old_identifier', 'new_identifier', 'old_hidden', 'new_hidden',
    'issue', 'issue_detail', 'project', 'project_detail', 'workspace_detail', 'actor', 'created_at',
  ],
  properties: {
    id: uuid,
    field: nullable({ type: 'string' }),
    verb: { type: 'string', enum: ['created', 'updated', 'deleted'] },
    old_value: nullable({ type: 'string' }),
    new_value: nullable({ type: 'string' }),
    old_identifier: nullable(uuid),
    new_identifier: nullable(uuid),
    old_hidden: { type: 'boolean' },
    new_hidden: { type: 'boolean' },
    issue: uuid,
    issue_detail: {
      type: ['object', 'null'],
      required: ['name', 'sequence_id'],
      properties: { name: { type: 'string' }, sequence_id: { type: 'integer' } },
    },
    project: uuid,
    project_detail: { type: 'object', required: ['identifier'], properties: { identifier: { type: 'string' } } },
    workspace_detail: { type: 'object', required: ['slug'], properties: { slug: { type: 'string' } } },
    actor: { anyOf: [displayUserSchema, { type: 'null' }] },
    created_at: timestamp,
  },
} as const;

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
 * The activity rows of an issue (deleted or not) as `reader` sees them, oldest first; rows of one
 * change keep the order they were written in. A value naming an issue the reader cannot open is
 * left out (see ActivityJson). The issues the rows name are checked once each (the `openable`
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
     SELECT a.id, a.field, a.verb,
            CASE WHEN h.old_hidden THEN NULL ELSE a.old_value END AS old_value,
            CASE WHEN h.new_hidden THEN NULL ELSE a.new_value END AS new_value,
            CASE WHEN h.old_hidden THEN NULL ELSE a.old_identifier END AS old_identifier,
            CASE WHEN h.new_hidden THEN NULL ELSE a.new_identifier END AS new_identifier,
            h.old_hidden, h.new_hidden,
            a.issue_id AS issue,
            CASE WHEN i.deleted_at IS NULL THEN json_build_object('name', i.name, 'sequence_id', i.sequence_id) END AS issue_detail,
            a.project_id AS project,
            json_build_object('identifier', p.identifier) AS project_detail,
            json_build_object('slug', w.slug) AS workspace_detail,
            CASE WHEN u.id IS NULL THEN NULL ELSE ${DISPLAY_USER_JSON} END AS actor,
            a.created_at
       FROM issue_activities a
       CROSS JOIN LATERAL (SELECT ${hiddenSideSql('old', fields)} AS old_hidden, ${hiddenSideSql('new', fields)} AS new_hidden) h
       JOIN issues i ON i.id = a.issue_id
       JOIN projects p ON p.id = a.project_id
       JOIN workspaces w ON w.id = a.workspace_id
       LEFT JOIN users u ON u.id = a.actor_id
      WHERE a.issue_id = ${issue}
      ORDER BY a.created_at, a.position`,
    params.values,
  );
}
