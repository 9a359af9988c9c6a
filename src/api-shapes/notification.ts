import { Type, type Static, type StaticDecode } from 'typebox';
import { integer, nullable, nullableTimestamp, string, stringEnum, timestamp, uuid } from './fields.js';
import { NOTIFICATION_KINDS, NOTIFICATION_TABS } from './notification-kinds.js';
import { queryBoolean, queryInteger } from './query-fields.js';
import { displayUserShape } from './user.js';

export { NOTIFICATION_KINDS, NOTIFICATION_TABS, type NotificationKind, type NotificationTab } from './notification-kinds.js';

/** A notification as the caller's list shows it: what happened to which issue, who did it, and its read, snoozed and archived state. */
export const notificationShape = Type.Object({
  id: uuid,
  kind: stringEnum(NOTIFICATION_KINDS),
  issue_id: uuid,
  project_id: uuid,
  /** The spec's issue key, `{project identifier}-{sequence_id}`. */
  issue_key: string,
  issue_name: string,
  /** Who acted (null once their account is gone). */
  actor: nullable(displayUserShape),
  /** The new state's name for a state change; null otherwise. */
  detail: nullable(string),
  read_at: nullableTimestamp,
  snoozed_till: nullableTimestamp,
  archived_at: nullableTimestamp,
  created_at: timestamp,
});

/** A notification. */
export type Notification = Static<typeof notificationShape>;

/**
 * GET …/notifications: the tab (the issues assigned to me, created by me or that I subscribe
 * to; every one when absent), narrowed to unread, snoozed or archived ones, and a page. Without
 * `archived=true` archived ones are left out; without `snoozed=true`, those snoozed until later.
 */
export const notificationListQuery = Type.Object(
  {
    tab: Type.Optional(stringEnum(NOTIFICATION_TABS)),
    unread: Type.Optional(queryBoolean),
    snoozed: Type.Optional(queryBoolean),
    archived: Type.Optional(queryBoolean),
    limit: Type.Optional(queryInteger),
    offset: Type.Optional(queryInteger),
  },
  { additionalProperties: false },
);

/** The list's query as text, as the server reads it. */
export type NotificationListQueryText = Static<typeof notificationListQuery>;

/** The list's query as values, as the app builds it. */
export type NotificationListQuery = StaticDecode<typeof notificationListQuery>;

/**
 * PATCH …/notifications/:notificationId: read or unread, archived or not, snoozed until a time
 * in the future (null wakes it). At least one field.
 */
export const notificationUpdateBody = Type.Object(
  {
    read: Type.Optional(Type.Boolean()),
    archived: Type.Optional(Type.Boolean()),
    snoozed_till: Type.Optional(nullableTimestamp),
  },
  { additionalProperties: false, minProperties: 1 },
);

/** What changing a notification sends (timestamps as ISO text). */
export type NotificationUpdateBody = Static<typeof notificationUpdateBody>;

/** GET …/notifications/unread-count: the sidebar's number (unread, neither archived nor snoozed). */
export const unreadCountShape = Type.Object({ unread: integer });

/** The unread count. */
export type UnreadCount = Static<typeof unreadCountShape>;

/** POST …/notifications/mark-all-read: how many were marked. */
export const markAllReadShape = Type.Object({ updated: integer });
