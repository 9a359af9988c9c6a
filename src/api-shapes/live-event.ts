// What the workspace's live stream (GET /api/workspaces/:slug/events, server-sent events) tells
// the open screens: that something changed, by ids only. The screens ask the API again for what
// they show; the API decides what each reader may see. Plain types, shared by server and app.
import type { WebhookAction, WebhookEvent } from './webhook-events.js';

/** The kinds of change the stream tells that webhooks do not: a project's labels and workflow states. */
export type WorkflowEvent = 'label' | 'state';

/**
 * Someone joined, changed role in or left the workspace (no project) or one of its projects: `id`
 * is the person's. Told to everyone in the workspace, or who opens the project, and always to
 * the person themself.
 */
export type MembershipEvent = 'member';

/**
 * Someone was told of something no change on the stream tells them of (an overdue reminder, from
 * the hourly run): `id` is the person told, `issue_id` the issue. Told to that person only.
 */
export type NotificationEvent = 'notification';

/** What a live event is about. */
export type LiveKind = WebhookEvent | WorkflowEvent | MembershipEvent | NotificationEvent;

/** One change, as each `message` of the stream carries it (its `data`, JSON). */
export interface LiveEvent {
  workspace_id: string;
  /** What changed: an issue (its fields, relations, links…), a comment, a cycle, a module, a page, a label, a state, a membership. */
  event: LiveKind;
  action: WebhookAction;
  /** The project it is in (null for the workspace's own membership). */
  project_id: string | null;
  /** The issue's, comment's, cycle's, module's, page's, label's or state's id; a member's or the person told's user id. */
  id: string | null;
  /** A comment's or a notification's issue. */
  issue_id: string | null;
  /** Who made it (null for the system). */
  actor_id: string | null;
}

/** The stream's event (`event: resync`) saying that changes may have been missed: all shown may be old. */
export const LIVE_RESYNC = 'resync';
