import type { Db } from '../db/index.js';
import { date, nullable, slug, text, timestamp, uuid } from '../http/schemas.js';
import { displayUserProperties } from '../users/user-shape.js';

/** The priorities an issue can have, most pressing first; 'none' is the default. */
export const PRIORITIES = ['urgent', 'high', 'medium', 'low', 'none'] as const;

/** One of the priorities. */
export type Priority = (typeof PRIORITIES)[number];

/** Route params of everything under …/issues/:issueId. */
export const issueParams = {
  type: 'object',
  required: ['slug', 'projectId', 'issueId'],
  properties: { slug, projectId: uuid, issueId: uuid },
} as const;

/**
 * The spec's "issue as listed" (id, name, sequence_id, state_id, project_id, project__identifier,
 * state__color) and its target date, which issue lists show in each row.
 */
export interface ListedIssue {
  id: string;
  name: string;
  sequence_id: number;
  state_id: string | null;
  project_id: string;
  project__identifier: string;
  state__color: string | null;
  target_date: string | null;
}

/** SELECT list of a listed issue from `issues i JOIN projects p … LEFT JOIN states s`. */
export const LISTED_ISSUE_COLUMNS =
  'i.id, i.name, i.sequence_id, i.state_id, i.project_id, p.identifier AS project__identifier, s.color AS state__color, i.target_date';

/** FROM clause that LISTED_ISSUE_COLUMNS reads. */
export const LISTED_ISSUE_FROM = 'issues i JOIN projects p ON p.id = i.project_id LEFT JOIN states s ON s.id = i.state_id';

/** Response schema of a listed issue. */
export const listedIssueSchema = {
  type: 'object',
  required: ['id', 'name', 'sequence_id', 'state_id', 'project_id', 'project__identifier', 'state__color', 'target_date'],
  properties: {
    id: uuid,
    name: { type: 'string' },
    sequence_id: { type: 'integer' },
    state_id: nullable(uuid),
    project_id: uuid,
    project__identifier: { type: 'string' },
    state__color: nullable({ type: 'string' }),
    target_date: nullable(date),
  },
} as const;

/** A user in the spec's display shape. */
export interface DisplayUser {
  id: string;
  display_name: string;
  first_name: string;
  is_bot: boolean;
  avatar: string | null;
}

/** Response schema of a user in the display shape. */
export const displayUserSchema = {
  type: 'object',
  required: ['id', 'display_name', 'first_name', 'is_bot', 'avatar'],
  properties: displayUserProperties,
} as const;

/** SQL building a display user object from `users u` (json). */
export const DISPLAY_USER_JSON =
  "json_build_object('id', u.id, 'display_name', u.display_name, 'first_name', u.first_name, 'is_bot', u.is_bot, 'avatar', u.avatar)";

/** A label as an issue shows it. */
export interface IssueLabel {
  id: string;
  name: string;
  color: string;
}

/**
 * A row of an issue list (a project's list and board, the workspace tabs, cycle and module
 * lists): the listed issue plus what a row shows, its state's name and group, priority, labels
 * and assignees, so every row is complete whichever projects it mixes.
 */
export interface IssueRow extends ListedIssue {
  state__name: string | null;
  state__group: string | null;
  priority: Priority;
  assignee_ids: string[];
  assignees: DisplayUser[];
  label_ids: string[];
  labels: IssueLabel[];
}

/** SELECT list of an issue row, read from LISTED_ISSUE_FROM. */
export const ISSUE_ROW_COLUMNS = `${LISTED_ISSUE_COLUMNS}, s.name AS state__name, s."group" AS state__group, i.priority,
  COALESCE((SELECT array_agg(a.user_id ORDER BY a.user_id) FROM issue_assignees a WHERE a.issue_id = i.id), '{}') AS assignee_ids,
  COALESCE((SELECT json_agg(${DISPLAY_USER_JSON} ORDER BY lower(u.display_name), u.id)
              FROM issue_assignees a JOIN users u ON u.id = a.user_id WHERE a.issue_id = i.id), '[]'::json) AS assignees,
  COALESCE((SELECT array_agg(il.label_id ORDER BY il.label_id) FROM issue_labels il WHERE il.issue_id = i.id), '{}') AS label_ids,
  COALESCE((SELECT json_agg(json_build_object('id', l.id, 'name', l.name, 'color', l.color) ORDER BY l.sort_order, lower(l.name))
              FROM issue_labels il JOIN labels l ON l.id = il.label_id WHERE il.issue_id = i.id), '[]'::json) AS labels`;

/** Response schema of an issue row. */
export const issueRowSchema = {
  type: 'object',
  required: [...listedIssueSchema.required, 'state__name', 'state__group', 'priority', 'assignee_ids', 'assignees', 'label_ids', 'labels'],
  properties: {
    ...listedIssueSchema.properties,
    state__name: nullable({ type: 'string' }),
    state__group: nullable({ type: 'string' }),
    priority: { type: 'string', enum: PRIORITIES },
    assignee_ids: { type: 'array', items: uuid },
    assignees: { type: 'array', items: displayUserSchema },
    label_ids: { type: 'array', items: uuid },
    labels: {
      type: 'array',
      items: { type: 'object', required: ['id', 'name', 'color'], properties: { id: uuid, name: text(255), color: { type: 'string' } } },
    },
  },
} as const;

/** One issue with everything its page shows. */
export interface IssueDetail extends IssueRow {
  workspace_id: string;
  /** `{project identifier}-{sequence_id}`, as the spec shows an issue. */
  key: string;
  start_date: string | null;
  target_date: string | null;
  parent_id: string | null;
  parent_detail: { id: string; name: string; sequence_id: number; project__identifier: string } | null;
  sort_order: number;
  description_html: string;
  description_version: number;
  is_subscribed: boolean;
  /** The cycle the issue is in (an issue is in at most one), or null. */
  cycle_id: string | null;
  /** The modules the issue is in, first added first. */
  module_ids: string[];
  completed_at: Date | null;
  archived_at: Date | null;
  created_by: string | null;
  updated_by: string | null;
  created_at: Date;
  updated_at: Date;
}

/** Response schema of an issue's detail. */
export const issueDetailSchema = {
  type: 'object',
  required: [...issueRowSchema.required, 'workspace_id', 'key', 'description_html', 'description_version'],
  properties: {
    ...issueRowSchema.properties,
    workspace_id: uuid,
    key: { type: 'string' },
    start_date: nullable(date),
    target_date: nullable(date),
    parent_id: nullable(uuid),
    parent_detail: {
      type: ['object', 'null'],
      properties: { id: uuid, name: { type: 'string' }, sequence_id: { type: 'integer' }, project__identifier: { type: 'string' } },
    },
    sort_order: { type: 'number' },
    description_html: { type: 'string' },
    description_version: { type: 'integer' },
    is_subscribed: { type: 'boolean' },
    cycle_id: nullable(uuid),
    module_ids: { type: 'array', items: uuid },
    completed_at: nullable(timestamp),
    archived_at: nullable(timestamp),
    created_by: nullable(uuid),
    updated_by: nullable(uuid),
    created_at: timestamp,
    updated_at: timestamp,
  },
} as const;

/** The issue's detail as `userId` sees it (is_subscribed is theirs); null when it is gone. */
export async function readIssueDetail(db: Db, issueId: string, userId: string): Promise<IssueDetail | null> {
  return db.maybeOne<IssueDetail>(
    `SELECT ${ISSUE_ROW_COLUMNS}, i.workspace_id, p.identifier || '-' || i.sequence_id AS key,
            i.start_date, i.parent_id, i.sort_order,
            i.description_html, i.description_version, i.completed_at, i.archived_at,
            i.created_by, i.updated_by, i.created_at, i.updated_at,
            (SELECT json_build_object('id', pi.id, 'name', pi.name, 'sequence_id', pi.sequence_id, 'project__identifier', p.identifier)
               FROM issues pi WHERE pi.id = i.parent_id AND pi.deleted_at IS NULL) AS parent_detail,
            EXISTS (SELECT 1 FROM issue_subscribers sub WHERE sub.issue_id = i.id AND sub.user_id = $2) AS is_subscribed,
            (SELECT ci.cycle_id FROM cycle_issues ci WHERE ci.issue_id = i.id) AS cycle_id,
            ARRAY(SELECT mi.module_id FROM module_issues mi WHERE mi.issue_id = i.id ORDER BY mi.created_at, mi.module_id) AS module_ids
       FROM ${LISTED_ISSUE_FROM}
      WHERE i.id = $1 AND i.deleted_at IS NULL`,
    [issueId, userId],
  );
}
