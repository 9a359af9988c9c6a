// Plain data, no imports: the app loads this module at run time.

/** The priorities an issue can have, most pressing first; 'none' is the default. */
export const PRIORITIES = ['urgent', 'high', 'medium', 'low', 'none'] as const;

/** One of the priorities. */
export type Priority = (typeof PRIORITIES)[number];

/** Each priority as people read it, in the app's pickers, lists and activity sentences. */
export const PRIORITY_NAMES: Readonly<Record<Priority, string>> = {
  urgent: 'Urgent',
  high: 'High',
  medium: 'Medium',
  low: 'Low',
  none: 'None',
};
