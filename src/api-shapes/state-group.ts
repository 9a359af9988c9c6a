// Plain data, no imports: the app loads this module at run time.

/** The state groups, in workflow order. */
export const STATE_GROUPS = ['backlog', 'unstarted', 'started', 'completed', 'cancelled'] as const;

/** One of the state groups. */
export type StateGroup = (typeof STATE_GROUPS)[number];
