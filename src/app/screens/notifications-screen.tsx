import * as Tabs from '@radix-ui/react-tabs';
import { useQueryClient } from '@tanstack/react-query';
import { CheckCheck } from 'lucide-react';
import { useState } from 'react';
import { useApi } from '../api/api-context.js';
import { errorMessage } from '../api/index.js';
import { queryKeys } from '../api/query-keys.js';
import type { NotificationTab } from '../api/types.js';
import { useWorkspace, useWorkspaceSlug } from '../layout/workspace-data.js';
import { Button } from '../ui/button.js';
import { Icon } from '../ui/icon.js';
import { PageHeader } from '../ui/page-header.js';
import { useStyles } from '../ui/styles.js';
import { useNotify } from '../ui/toasts.js';
import { listQuery, NotificationList } from './notifications/notification-list.js';
import { NOTIFICATION_FILTERS, NOTIFICATION_TAB_LABELS, NOTIFICATION_WORDS, type NotificationFilter } from './notifications/notification-words.js';
import { notificationsCss } from './notifications/notifications.css.js';
import { screensCss } from './screens.css.js';
import { tabStrip } from '../ui/tab-strip.js';

/**
 * The user's notifications: the my issues, created and subscribed tabs, narrowed to unread,
 * snoozed or archived ones, each with its empty state. A row opens its issue (and becomes
 * read); its buttons mark it read or unread, snooze it until a day, or archive it.
 */
export function NotificationsScreen() {
  useStyles('app-screens', screensCss);
  useStyles('app-notifications', notificationsCss);
  const slug = useWorkspaceSlug();
  const workspace = useWorkspace(slug);
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const [filter, setFilter] = useState<NotificationFilter>('all');
  const [tab, setTab] = useState<NotificationTab>('my-issues');
  const [marking, setMarking] = useState(false);

  const markAllRead = async () => {
    setMarking(true);
    try {
      await api.notifications.markAllRead(slug, listQuery(tab, filter));
    } catch (error) {
      notify({ type: 'error', message: errorMessage(error) });
    } finally {
      setMarking(false);
      void queryClient.invalidateQueries({ queryKey: queryKeys.notifications(slug) });
    }
  };

  return (
    <>
      <PageHeader
        title={NOTIFICATION_WORDS.title}
        actions={
          <>
            <div className="app-field app-field-inline">
              <label htmlFor="notifications-filter">{NOTIFICATION_WORDS.show}</label>
              <select id="notifications-filter" value={filter} onChange={(event) => setFilter(event.target.value as NotificationFilter)}>
                {NOTIFICATION_FILTERS.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
            </div>
            <Button busy={marking} onClick={() => void markAllRead()}>
              <Icon icon={CheckCheck} />
              {NOTIFICATION_WORDS.markAllRead}
            </Button>
          </>
        }
      />
      <Tabs.Root value={tab} onValueChange={(value) => setTab(value as NotificationTab)}>
        <Tabs.List ref={tabStrip} className="app-tabs-list" aria-label={NOTIFICATION_WORDS.tabs}>
          {NOTIFICATION_TAB_LABELS.map((option) => (
            <Tabs.Trigger key={option.value} value={option.value} className="app-tab">
              {option.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {NOTIFICATION_TAB_LABELS.map((option) => (
          <Tabs.Content key={option.value} value={option.value} className="app-content">
            {option.value === tab ? <NotificationList slug={slug} tab={option.value} filter={filter} role={workspace.data?.role} /> : null}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </>
  );
}
