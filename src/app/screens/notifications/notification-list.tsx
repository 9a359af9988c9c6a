import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../../api/api-context.js';
import { errorMessage } from '../../api/index.js';
import { queryKeys } from '../../api/query-keys.js';
import type { Notification, NotificationListQuery, NotificationTab, NotificationUpdateBody } from '../../api/types.js';
import { EmptyState } from '../../empty-states/index.js';
import { Button, ShowMoreButton } from '../../ui/button.js';
import { Spinner } from '../../ui/spinner.js';
import { useNotify } from '../../ui/toasts.js';
import { NotificationRow } from './notification-row.js';
import { NOTIFICATION_WORDS, type NotificationFilter } from './notification-words.js';
import { SnoozeDialog } from './snooze-dialog.js';

/** How many notifications a page of the list holds. */
const PAGE_SIZE = 50;

/** The list query of a tab and filter. */
export function listQuery(tab: NotificationTab, filter: NotificationFilter): NotificationListQuery {
  return { tab, ...(filter === 'all' ? {} : { [filter]: true }) };
}

/** Changes a notification and refreshes the lists and the unread count; a refusal is shown as the server's text. */
export function useNotificationChange(slug: string) {
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const refresh = () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications(slug) });
  return {
    /** Changes one, throwing the server's refusal (for a dialog that shows it). */
    apply: async (notification: Notification, changes: NotificationUpdateBody) => {
      try {
        return await api.notifications.update(slug, notification.id, changes);
      } finally {
        void refresh();
      }
    },
    /** Changes one, telling a refusal in a toast. */
    change: (notification: Notification, changes: NotificationUpdateBody) =>
      api.notifications
        .update(slug, notification.id, changes)
        .catch((error: unknown) => notify({ type: 'error', message: errorMessage(error) }))
        .finally(() => void refresh()),
  };
}

/**
 * One tab's notifications under the chosen filter, newest first, a page at a time: loading,
 * the server's error with a way to try again, the spec's empty state for the tab or filter, or
 * the rows.
 */
export function NotificationList({ slug, tab, filter, role }: { slug: string; tab: NotificationTab; filter: NotificationFilter; role: number | undefined }) {
  const api = useApi();
  const query = listQuery(tab, filter);
  const list = useInfiniteQuery({
    queryKey: [...queryKeys.notifications(slug), 'list', tab, filter],
    queryFn: ({ pageParam }) => api.notifications.list(slug, { ...query, limit: PAGE_SIZE, offset: pageParam }),
    initialPageParam: 0,
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.notifications.length, 0);
      return loaded < last.total ? loaded : undefined;
    },
  });
  const { change, apply } = useNotificationChange(slug);
  const [snoozing, setSnoozing] = useState<Notification | null>(null);
  const now = new Date();

  if (list.isPending) return <Spinner label={NOTIFICATION_WORDS.loading} />;
  if (list.isError) {
    return (
      <div role="alert" className="app-notifications-error">
        <p>{errorMessage(list.error)}</p>
        <Button onClick={() => void list.refetch()}>{NOTIFICATION_WORDS.retry}</Button>
      </div>
    );
  }
  const notifications = list.data.pages.flatMap((page) => page.notifications);
  if (!notifications.length) return <EmptyState type={`notifications-${filter === 'all' ? tab : filter}`} role={role} />;
  return (
    <>
      <ul className="app-notification-list" aria-label={NOTIFICATION_WORDS.title}>
        {notifications.map((notification) => (
          <NotificationRow
            key={notification.id}
            slug={slug}
            notification={notification}
            now={now}
            onChange={(changes) => void change(notification, changes)}
            onSnooze={() => setSnoozing(notification)}
          />
        ))}
      </ul>
      {list.hasNextPage ? (
        <div className="app-notifications-more">
          <ShowMoreButton pages={list}>Show more</ShowMoreButton>
        </div>
      ) : null}
      <SnoozeDialog
        open={snoozing !== null}
        onOpenChange={(open) => {
          if (!open) setSnoozing(null);
        }}
        onSnooze={(till) => apply(snoozing!, { snoozed_till: till })}
      />
    </>
  );
}
