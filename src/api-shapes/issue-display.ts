// Plain data, no imports: the app loads this module at run time.

// How an issue list shows its issues, beside what it filters: the layout, the grouping of the
// list layout, the order and the properties each row shows. The app's controls and a saved view's
// shape (src/api-shapes/saved-view.ts) are both built from these lists.

/** How a list's issues are laid out. */
export const ISSUE_LAYOUTS = ['list', 'board'] as const;

/** One of the layouts. */
export type IssueLayout = (typeof ISSUE_LAYOUTS)[number];

/** What the list layout can group its rows by ('none': one plain list). */
export const ISSUE_GROUPINGS = ['none', 'state', 'priority', 'assignee', 'labels'] as const;

/** One of the groupings. */
export type IssueGrouping = (typeof ISSUE_GROUPINGS)[number];

/**
 * The orders a list can be read in: newest first (the default), last updated first, most
 * pressing priority first, nearest target date first (issues without one last).
 */
export const ISSUE_ORDERINGS = ['newest', 'updated', 'priority', 'target_date'] as const;

/** One of the orderings. */
export type IssueOrdering = (typeof ISSUE_ORDERINGS)[number];

/**
 * The properties a row or card can show beside the state and the name (all by default). The
 * estimate shows only while its project's estimates are on (src/api-shapes/estimate.ts).
 */
export const ISSUE_DISPLAY_PROPERTIES = ['priority', 'key', 'labels', 'assignees', 'target_date', 'estimate'] as const;

/** One of the display properties. */
export type IssueDisplayProperty = (typeof ISSUE_DISPLAY_PROPERTIES)[number];

/** The longest name a saved view of a list can have. */
export const VIEW_NAME_MAX = 255;
