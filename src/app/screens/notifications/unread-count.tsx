import { useStyles } from '../../ui/styles.js';
import { NOTIFICATION_WORDS } from './notification-words.js';
import { notificationsCss } from './notifications.css.js';
import { useUnreadCount } from './use-unread-count.js';

/** The most the badge writes out; more reads "99+" (the accessible text keeps the number). */
const MOST_SHOWN = 99;

/** The sidebar's unread count beside "Notifications": nothing while there is none, kept current by polling (useUnreadCount). */
export function UnreadCount({ slug }: { slug: string }) {
  useStyles('app-notifications', notificationsCss);
  const count = useUnreadCount(slug);
  if (!count) return null;
  return (
    <span className="app-sidebar-count" data-unread-count={count}>
      <span aria-hidden="true">{count > MOST_SHOWN ? `${MOST_SHOWN}+` : count}</span>
      <span className="app-visually-hidden">{`, ${NOTIFICATION_WORDS.unreadCount(count)}`}</span>
    </span>
  );
}
