import type { Db } from '../db/index.js';
import { nullable, timestamp, uuid } from '../http/schemas.js';
import { DISPLAY_USER_JSON, displayUserSchema, type DisplayUser } from './issue-shape.js';

/** One row of an issue's activity feed, in the spec's shape plus id, actor and created_at. */
export interface ActivityJson {
  id: string;
  field: string | null;
  verb: 'created' | 'updated' | 'deleted';
  old_value: string | null;
  new_value: string | null;
  old_identifier: string | null;
  new_identifier: string | null;
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
    'id', 'field', 'verb', 'old_value', 'new_value', 'old_identifier', 'new_identifier',
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

/** The activity rows of an issue (deleted or not), oldest first; rows of one change keep the order they were written in. */
export function listActivities(db: Db, issueId: string): Promise<ActivityJson[]> {
  return db.query<ActivityJson>(
    `SELECT a.id, a.field, a.verb, a.old_value, a.new_value, a.old_identifier, a.new_identifier,
            a.issue_id AS issue,
            CASE WHEN i.deleted_at IS NULL THEN json_build_object('name', i.name, 'sequence_id', i.sequence_id) END AS issue_detail,
            a.project_id AS project,
            json_build_object('identifier', p.identifier) AS project_detail,
            json_build_object('slug', w.slug) AS workspace_detail,
            CASE WHEN u.id IS NULL THEN NULL ELSE ${DISPLAY_USER_JSON} END AS actor,
            a.created_at
       FROM issue_activities a
       JOIN issues i ON i.id = a.issue_id
       JOIN projects p ON p.id = a.project_id
       JOIN workspaces w ON w.id = a.workspace_id
       LEFT JOIN users u ON u.id = a.actor_id
      WHERE a.issue_id = $1
      ORDER BY a.created_at, a.position`,
    [issueId],
  );
}
