import { Type, type Static } from 'typebox';
import { boolean, integer, nullable, string, stringEnum, timestamp, uuid } from './fields.js';
import { ACTIVITY_VERBS } from './activity-fields.js';
import { displayUserShape } from './user.js';

export { ACTIVITY_FIELDS, ACTIVITY_VERBS, type ActivityField, type ActivityVerb, type IssueActivityField } from './activity-fields.js';

/** The issue an activity row is about, as the row names it. */
export const activityIssueShape = Type.Object({ name: string, sequence_id: integer });

/** The project of an activity row, as the row names it. */
export const activityProjectShape = Type.Object({ identifier: string });

/** The workspace of an activity row, as the row names it. */
export const activityWorkspaceShape = Type.Object({ slug: string });

/**
 * One row of an issue's activity feed: the spec's shape plus id, actor and created_at, and
 * `old_hidden` / `new_hidden`: the old or new value names an issue the reader cannot open, so
 * that value and its identifier are null (the other side keeps its '' for "nothing"). `field`
 * is text on the wire (src/api-shapes/activity-fields.ts lists those the feed words).
 */
export const activityShape = Type.Object({
  id: uuid,
  field: nullable(string),
  verb: stringEnum(ACTIVITY_VERBS),
  old_value: nullable(string),
  new_value: nullable(string),
  old_identifier: nullable(uuid),
  new_identifier: nullable(uuid),
  old_hidden: boolean,
  new_hidden: boolean,
  issue: uuid,
  /** null once the issue is deleted: the feed then says "This issue has been deleted". */
  issue_detail: nullable(activityIssueShape),
  /**
   * Once the issue is deleted, its name and number as they were (null while it is not), so feeds
   * that mix issues still say which issue a row is about. Rows are only ever read by those who
   * could open the issue (the feeds' one access rule), so no one else learns its name.
   */
  deleted_issue_detail: nullable(activityIssueShape),
  project: uuid,
  project_detail: activityProjectShape,
  workspace_detail: activityWorkspaceShape,
  actor: Type.Union([displayUserShape, Type.Null()]),
  created_at: timestamp,
});

/** One row of an issue's activity feed. */
export type Activity = Static<typeof activityShape>;
