import { Link } from 'react-router';
import type { Notification, NotificationUpdateBody } from '../../api/types.js';
import { paths } from '../../router/paths.js';
import { Button } from '../../ui/button.js';
import { absoluteTime, relativeTime } from '../../widgets/activity-feed/relative-time.js';
import { NOTIFICATION_WORDS, notificationSentence } from './notification-words.js';

/** Whether a notification is snoozed until later (`now` in ms). */
export const isSnoozed = (notification: Notification, now: number) => notification.snoozed_till !== null && Date.parse(notification.snoozed_till) > now;

/**
 * One notification: who did what, on which issue, and when. The row's link opens the issue and
 * marks the notification read; its buttons mark it read or unread, snooze or wake it, and
 * archive or restore it. Each button names the issue for assistive technology.
 */
export function NotificationRow({
  slug,
  notification,
  now,
  onChange,
  onSnooze,
}: {
  slug: string;
  notification: Notification;
  now: Date;
  onChange(changes: NotificationUpdateBody): void;
  onSnooze(): void;
}) {
  const { actor, action } = notificationSentence(notification);
  const unread = notification.read_at === null;
  const snoozed = isSnoozed(notification, now.getTime());
  const archived = notification.archived_at !== null;
  const about = (words: string) => `${words}: ${notification.issue_key}`;
  return (
    <li className="app-notification-row" data-unread={unread || undefined} data-notification={notification.id}>
      <span className="app-notification-dot" aria-hidden="true" />
      <Link
        className="app-notification-open"
        to={paths.issue(slug, notification.project_id, notification.issue_id)}
        onClick={() => {
          if (unread) onChange({ read: true });
        }}
      >
        <span className="app-notification-what">
          {unread ? <span className="app-visually-hidden">{`${NOTIFICATION_WORDS.unread}: `}</span> : null}
          <strong>
            <bdi>{actor}</bdi>
          </strong>{' '}
          {action}
        </span>
        <span className="app-notification-issue">
          {notification.issue_key} {notification.issue_name}
        </span>
      </Link>
      <time className="app-notification-when" dateTime={notification.created_at} title={absoluteTime(notification.created_at)}>
        {snoozed ? NOTIFICATION_WORDS.snoozedUntil(absoluteTime(notification.snoozed_till!)) : relativeTime(notification.created_at, now)}
      </time>
      <div className="app-notification-actions">
        <Button size="small" variant="ghost" aria-label={about(unread ? NOTIFICATION_WORDS.markRead : NOTIFICATION_WORDS.markUnread)} onClick={() => onChange({ read: unread })}>
          {unread ? NOTIFICATION_WORDS.markRead : NOTIFICATION_WORDS.markUnread}
        </Button>
        {snoozed ? (
          <Button size="small" variant="ghost" aria-label={about(NOTIFICATION_WORDS.unsnooze)} onClick={() => onChange({ snoozed_till: null })}>
            {NOTIFICATION_WORDS.unsnooze}
          </Button>
        ) : (
          <Button size="small" variant="ghost" aria-label={about(NOTIFICATION_WORDS.snooze)} onClick={onSnooze}>
            {NOTIFICATION_WORDS.snooze}
          </Button>
        )}
        <Button size="small" variant="ghost" aria-label={about(archived ? NOTIFICATION_WORDS.unarchive : NOTIFICATION_WORDS.archive)} onClick={() => onChange({ archived: !archived })}>
          {archived ? NOTIFICATION_WORDS.unarchive : NOTIFICATION_WORDS.archive}
        </Button>
      </div>
    </li>
  );
}
