import type { StaticDecode } from 'typebox';
import { notificationShape, type NotificationListQueryText, type NotificationTab } from '../../api-shapes/notification.js';
import { selectList } from '../db/select-list.js';
import type { SqlParams } from '../db/sql-params.js';
import { openableIssueSql, type Reader } from '../issues/issue-access.js';
import { DISPLAY_USER_JSON } from '../issues/issue-shape.js';

/** A notification as the server reads it (timestamps as Dates). */
export type NotificationRow = StaticDecode<typeof notificationShape>;

/** The message of every "no such notification of yours" answer (someone else's reads the same). */
export const NOTIFICATION_NOT_FOUND = 'Notification not found.';

/** The tables a notification is read from: `n`, its issue `i`, the issue's project `p` and the actor `u`. */
export const NOTIFICATION_FROM = `notifications n
  JOIN issues i ON i.id = n.issue_id
  JOIN projects p ON p.id = i.project_id
  LEFT JOIN users u ON u.id = n.actor_id`;

/** The SELECT list of the notification shape over NOTIFICATION_FROM. */
export const NOTIFICATION_COLUMNS = selectList(notificationShape, 'n', {
  project_id: 'i.project_id',
  issue_key: "p.identifier || '-' || i.sequence_id",
  issue_name: 'i.name',
  actor: `CASE WHEN u.id IS NULL THEN NULL ELSE ${DISPLAY_USER_JSON} END`,
});

/**
 * The reader's own notifications in the workspace, on live issues they can still open: the
 * condition every read and change of notifications starts from, so someone else's notification
 * and one about an issue the reader lost access to are alike not found.
 */
export function ownNotificationsSql(params: SqlParams, reader: Reader): string {
  return `n.receiver_id = ${params.bind(reader.userId)} AND n.workspace_id = ${params.bind(reader.workspaceId)}
    AND i.deleted_at IS NULL AND ${openableIssueSql('i', params, reader)}`;
}

/** Neither archived nor snoozed until later: what the inbox shows by default and the unread count counts. */
export const AWAKE_SQL = 'n.archived_at IS NULL AND (n.snoozed_till IS NULL OR n.snoozed_till <= now())';

/** What each tab adds: the issue is assigned to the reader, created by them, or followed by them. */
const TAB_SQL: Record<NotificationTab, (user: string) => string> = {
  'my-issues': (user) => `EXISTS (SELECT 1 FROM issue_assignees ta WHERE ta.issue_id = i.id AND ta.user_id = ${user})`,
  created: (user) => `i.created_by = ${user}`,
  subscribed: (user) => `EXISTS (SELECT 1 FROM issue_subscribers ts WHERE ts.issue_id = i.id AND ts.user_id = ${user})`,
};

/**
 * Whether the notification is in one of the inbox's tabs: what the unread count counts, so each
 * notification it counts is one the reader can see and mark read (one about an issue they were
 * since unassigned from or unsubscribed from is in none).
 */
export function inSomeTabSql(params: SqlParams, reader: Reader): string {
  const user = params.bind(reader.userId);
  return `(${Object.values(TAB_SQL)
    .map((tab) => tab(user))
    .join(' OR ')})`;
}

/** The conditions a list query adds to ownNotificationsSql (see notificationListQuery). */
export function notificationFilterSql(query: NotificationListQueryText, params: SqlParams, reader: Reader): string {
  const conditions: string[] = [];
  if (query.tab) conditions.push(TAB_SQL[query.tab](params.bind(reader.userId)));
  if (query.archived === 'true') conditions.push('n.archived_at IS NOT NULL');
  else if (query.snoozed === 'true') conditions.push('n.archived_at IS NULL AND n.snoozed_till > now()');
  else conditions.push(AWAKE_SQL);
  if (query.unread === 'true') conditions.push('n.read_at IS NULL');
  return conditions.map((condition) => ` AND ${condition}`).join('');
}
