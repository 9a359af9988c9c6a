import type { NotificationListQuery, NotificationUpdateBody } from '../../api-shapes/notification.js';
import type { ApiClient } from './client.js';
import type { Notification } from './types.js';

/** A page of the caller's notifications and how many match in all. */
export interface NotificationPage {
  notifications: Notification[];
  total: number;
}

/** The unread count with the entity tag it came with, for the next poll's If-None-Match. */
export interface UnreadCount {
  unread: number;
  etag: string | null;
}

const notificationsPath = (slug: string) => `/workspaces/${encodeURIComponent(slug)}/notifications`;

/** The caller's notifications in a workspace: the list, changes to one, mark all read and the unread count. */
export function notificationsApi(client: ApiClient) {
  return {
    list: async (slug: string, query: NotificationListQuery = {}): Promise<NotificationPage> => {
      const { data, headers } = await client.requestWithHeaders<Notification[]>('GET', notificationsPath(slug), { query: { ...query } });
      const total = Number(headers.get('x-total-count'));
      return { notifications: data, total: headers.has('x-total-count') && Number.isFinite(total) ? total : data.length };
    },
    update: (slug: string, notificationId: string, changes: NotificationUpdateBody) =>
      client.request<Notification>('PATCH', `${notificationsPath(slug)}/${encodeURIComponent(notificationId)}`, { body: changes }),
    markAllRead: (slug: string, query: Pick<NotificationListQuery, 'tab' | 'unread' | 'snoozed' | 'archived'> = {}) =>
      client.request<{ updated: number }>('POST', `${notificationsPath(slug)}/mark-all-read`, { query: { ...query } }),
    /** The unread count, or null when `etag` still names it (the server answered 304). */
    unreadCount: async (slug: string, etag: string | null = null): Promise<UnreadCount | null> => {
      const { data, headers, status } = await client.requestWithHeaders<{ unread: number }>('GET', `${notificationsPath(slug)}/unread-count`, {
        headers: etag ? { 'if-none-match': etag } : {},
      });
      return status === 304 ? null : { unread: data.unread, etag: headers.get('etag') };
    },
  };
}
