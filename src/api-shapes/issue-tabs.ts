// Plain data, no imports: the app loads this module at run time.

/** The spec's workspace issue tabs (all-issues is "All issues"). */
export const WORKSPACE_ISSUE_TABS = ['all-issues', 'assigned', 'created', 'subscribed'] as const;

/** One of the workspace issue tabs. */
export type WorkspaceIssueTab = (typeof WORKSPACE_ISSUE_TABS)[number];
