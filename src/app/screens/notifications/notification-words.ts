import type { Notification, NotificationKind } from '../../api/types.js';
import { formatDay } from '../../ui/dates.js';
import { OVERDUE } from '../../ui/overdue.js';

/** Every word the notifications screen and the sidebar's count show (one table, as the tests read it). */
export const NOTIFICATION_WORDS = {
  title: 'Notifications',
  show: 'Show',
  tabs: 'Notification tabs',
  markAllRead: 'Mark all as read',
  markRead: 'Mark as read',
  markUnread: 'Mark as unread',
  snooze: 'Snooze',
  unsnooze: 'Unsnooze',
  archive: 'Archive',
  unarchive: 'Unarchive',
  unread: 'Unread',
  loading: 'Loading notifications…',
  retry: 'Try again',
  someone: 'Someone',
  snoozeTitle: 'Snooze notification',
  snoozeDescription: 'It leaves your list until the start of the day you choose.',
  snoozeUntil: 'Snooze until',
  cancel: 'Cancel',
  snoozedUntil: (day: string) => `Snoozed until ${day}`,
  unreadCount: (count: number) => `${count} unread`,
} as const;

/** What each kind of notification says its actor did. */
const ACTIONS: Record<NotificationKind, (detail: string | null) => string> = {
  assigned: () => 'assigned you',
  mentioned: () => 'mentioned you in the description',
  mentioned_in_comment: () => 'mentioned you in a comment',
  commented: () => 'commented',
  state_changed: (detail) => (detail ? `moved it to ${detail}` : 'changed the state'),
  overdue: (detail) => (detail ? `(target date ${formatDay(detail)})` : ''),
};

/** Who acted and what they did, as the row reads ("Ada", "assigned you"); a reminder nobody sent leads with what it is ("Overdue", "(target date Jun 14, 2026)"). */
export function notificationSentence(notification: Notification): { actor: string; action: string } {
  const actor = notification.kind === 'overdue' ? OVERDUE : notification.actor?.display_name || NOTIFICATION_WORDS.someone;
  return { actor, action: ACTIONS[notification.kind](notification.detail) };
}

/** The filters beside the tabs, with the empty state each shows (all: the tab's own). */
export const NOTIFICATION_FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'unread', label: 'Unread' },
  { value: 'snoozed', label: 'Snoozed' },
  { value: 'archived', label: 'Archived' },
] as const;

/** One of the filters. */
export type NotificationFilter = (typeof NOTIFICATION_FILTERS)[number]['value'];

/** The spec's tabs with their labels. */
export const NOTIFICATION_TAB_LABELS = [
  { value: 'my-issues', label: 'My issues' },
  { value: 'created', label: 'Created' },
  { value: 'subscribed', label: 'Subscribed' },
] as const;
