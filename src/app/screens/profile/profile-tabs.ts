import type { WorkspaceIssueTab } from '../../api/issues.js';
import type { EmptyStateKey } from '../../empty-states/index.js';
import { WORKSPACE_ISSUE_TAB_LABELS } from '../../layout/sidebar.js';

/** A profile tab that lists issues: the workspace issue tabs about one person. */
export type ProfileIssueTab = Exclude<WorkspaceIssueTab, 'all-issues'>;

/** One of a profile's tabs. */
export type ProfileTab = 'summary' | ProfileIssueTab | 'activity';

/** A workspace issue tab's name ("Assigned"), as the sidebar and "My issues" call it. */
const issueTabLabel = (tab: ProfileIssueTab) => WORKSPACE_ISSUE_TAB_LABELS.find((entry) => entry.tab === tab)!.label;

/** A profile's tabs in order, each with its name and its empty state (the spec's profile tabs). */
export const PROFILE_TABS: ReadonlyArray<{ tab: ProfileTab; label: string; empty: EmptyStateKey }> = [
  { tab: 'summary', label: 'Summary', empty: 'profile-summary' },
  { tab: 'assigned', label: issueTabLabel('assigned'), empty: 'profile-assigned' },
  { tab: 'created', label: issueTabLabel('created'), empty: 'profile-created' },
  { tab: 'subscribed', label: issueTabLabel('subscribed'), empty: 'profile-subscribed' },
  { tab: 'activity', label: 'Activity', empty: 'profile-activity' },
];

/** The tab an address's `tab` asks for: one of the profile's, else the summary. */
export function profileTab(value: string | null): ProfileTab {
  return PROFILE_TABS.find((entry) => entry.tab === value)?.tab ?? 'summary';
}

/** Whether a profile tab lists issues. */
export function isIssueTab(tab: ProfileTab): tab is ProfileIssueTab {
  return tab !== 'summary' && tab !== 'activity';
}
