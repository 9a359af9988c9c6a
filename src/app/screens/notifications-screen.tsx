import * as Tabs from '@radix-ui/react-tabs';
import { useState } from 'react';
import { EmptyState } from '../empty-states/index.js';
import { useWorkspace, useWorkspaceSlug } from '../layout/workspace-data.js';
import { PageHeader } from '../ui/page-header.js';
import { useStyles } from '../ui/styles.js';
import { screensCss } from './screens.css.js';

const TABS = [
  { value: 'my-issues', label: 'My issues' },
  { value: 'created', label: 'Created' },
  { value: 'subscribed', label: 'Subscribed' },
] as const;

const FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'unread', label: 'Unread' },
  { value: 'snoozed', label: 'Snoozed' },
  { value: 'archived', label: 'Archived' },
] as const;

type Filter = (typeof FILTERS)[number]['value'];

/**
 * The user's notifications: the my issues, created and subscribed tabs, narrowed to unread,
 * snoozed or archived ones. The server sends no notifications yet, so each shows its empty state.
 */
export function NotificationsScreen() {
  useStyles('app-screens', screensCss);
  const workspace = useWorkspace(useWorkspaceSlug());
  const [filter, setFilter] = useState<Filter>('all');
  return (
    <>
      <PageHeader
        title="Notifications"
        actions={
          <div className="app-field app-field-inline">
            <label htmlFor="notifications-filter">Show</label>
            <select id="notifications-filter" value={filter} onChange={(event) => setFilter(event.target.value as Filter)}>
              {FILTERS.map((option) => (
                <option key={option.value} value={option.value}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
        }
      />
      <Tabs.Root defaultValue="my-issues">
        <Tabs.List className="app-tabs-list" aria-label="Notification tabs">
          {TABS.map((tab) => (
            <Tabs.Trigger key={tab.value} value={tab.value} className="app-tab">
              {tab.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {TABS.map((tab) => (
          <Tabs.Content key={tab.value} value={tab.value} className="app-content">
            <EmptyState type={`notifications-${filter === 'all' ? tab.value : filter}`} role={workspace.data?.role} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </>
  );
}
