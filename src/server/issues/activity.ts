import type { IssueActivityField } from '../../api-shapes/activity.js';
import { joinLatestActivity, recordActivity, type ActivityVerb, type Db } from '../db/index.js';
import { recordEvent, type WorkspaceEvent } from '../webhooks/events.js';

export type { IssueActivityField } from '../../api-shapes/activity.js';

/**
 * The fields whose rows name another issue by its key (value) and id (identifier): the parent and
 * the relations. Feeds show those values only to readers who can open that issue.
 */
export const ISSUE_REFERENCE_FIELDS: readonly IssueActivityField[] = ['parent', 'relates_to', 'blocking', 'blocked_by', 'duplicate'];

/** The issue an activity row is about: enough to file the row under its project and workspace. */
export interface ActivityIssue {
  id: string;
  project_id: string;
  workspace_id: string;
}

/** One change to record on an issue's activity feed. */
export interface IssueActivityInput {
  issue: ActivityIssue;
  /** Who made the change (null for the system). */
  actorId: string | null;
  field: IssueActivityField;
  verb: ActivityVerb;
  /** What it was, as people read it (a state name, a cycle name…); '' or absent for nothing. */
  oldValue?: string | null;
  /** What it became; '' or absent for nothing. */
  newValue?: string | null;
  /** The id of the record it was (a state, a cycle, a user…). */
  oldIdentifier?: string | null;
  /** The id of the record it became. */
  newIdentifier?: string | null;
  /** A free note kept with the row (never shown by the feed's shape). */
  comment?: string | null;
}

/**
 * Records one activity row for an issue, inside the transaction `tx` of the change it describes.
 *
 * Conventions the activity feed reads (spec: "An empty old value means added; otherwise it means
 * removed"; "a link or a cycle shows created, updated or removed depending on the verb"):
 * - set-like fields (assignees, labels): one row per item, verb 'updated'; added is
 *   `oldValue: ''`, `newValue: name`, `newIdentifier: id`; removed is `oldValue: name`,
 *   `newValue: ''`, `oldIdentifier: id`.
 * - cycles and modules: added to one is verb 'created' (`newValue: name`, `newIdentifier: id`),
 *   moved from one cycle to another is 'updated' (old and new), removed is 'deleted'
 *   (`oldValue: name`, `oldIdentifier: id`).
 *
 * Each row is also the issue's (or, for field 'comment', its comment's) webhook event
 * (webhooks/events.ts), queued in the same transaction. With `joinWithinSeconds`, a change that
 * repeats the issue's latest row (same field, verb and actor, within that many seconds) updates
 * that row instead of adding one; its webhook event is sent all the same.
 */
export async function recordIssueActivity(tx: Db, input: IssueActivityInput, options: { joinWithinSeconds?: number } = {}): Promise<void> {
  const entry = {
    issueId: input.issue.id,
    projectId: input.issue.project_id,
    workspaceId: input.issue.workspace_id,
    actorId: input.actorId,
    verb: input.verb,
    field: input.field,
    oldValue: input.oldValue ?? null,
    newValue: input.newValue ?? null,
    oldIdentifier: input.oldIdentifier ?? null,
    newIdentifier: input.newIdentifier ?? null,
    comment: input.comment ?? null,
  };
  const joined = options.joinWithinSeconds !== undefined && (await joinLatestActivity(tx, entry, options.joinWithinSeconds));
  if (!joined) await recordActivity(tx, entry);
  await recordEvent(tx, activityEvent(input));
}

/** The webhook event an activity row tells: a comment's, the issue's creation or deletion, or a change to one of its fields. */
function activityEvent(input: IssueActivityInput): WorkspaceEvent {
  const { issue, actorId, verb } = input;
  const base = { project_id: issue.project_id, actor_id: actorId };
  if (input.field === 'comment') {
    const data = { id: input.newIdentifier ?? input.oldIdentifier ?? null, issue_id: issue.id, ...base, comment_html: verb === 'deleted' ? null : (input.newValue ?? null) };
    return { workspaceId: issue.workspace_id, event: 'comment', action: verb, data };
  }
  if (input.field === 'issue') {
    return { workspaceId: issue.workspace_id, event: 'issue', action: verb, data: { id: issue.id, ...base, name: input.newValue || input.oldValue || null } };
  }
  const change = {
    field: input.field,
    verb,
    old_value: input.oldValue ?? null,
    new_value: input.newValue ?? null,
    old_identifier: input.oldIdentifier ?? null,
    new_identifier: input.newIdentifier ?? null,
  };
  return { workspaceId: issue.workspace_id, event: 'issue', action: 'updated', data: { id: issue.id, ...base, change } };
}
