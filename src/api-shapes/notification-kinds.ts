// Plain data, no imports: the app loads this module at run time.

/**
 * What a notification says happened: you were assigned to the issue, mentioned in its
 * description or a comment, an issue you created or subscribe to got a comment or a new state, or
 * an issue assigned to you (or, unassigned, created by you) passed its target date still open
 * (`overdue`, told by no one; its detail is the day, `YYYY-MM-DD`).
 */
export const NOTIFICATION_KINDS = ['assigned', 'mentioned', 'mentioned_in_comment', 'commented', 'state_changed', 'overdue'] as const;

/** One of the notification kinds. */
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/** The spec's notification tabs: my issues (assigned to me), created (by me) and subscribed. */
export const NOTIFICATION_TABS = ['my-issues', 'created', 'subscribed'] as const;

/** One of the notification tabs. */
export type NotificationTab = (typeof NOTIFICATION_TABS)[number];
