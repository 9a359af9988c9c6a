import { useApi } from '../../api/api-context.js';
import { queryKeys } from '../../api/query-keys.js';
import { EmptyState, type EmptyStateKey } from '../../empty-states/index.js';
import { ShowMoreButton } from '../../ui/button.js';
import { LoadFailed } from '../../ui/load-failed.js';
import { Spinner } from '../../ui/spinner.js';
import { IssueList } from '../issues/issue-list.js';
import { ISSUE_PAGE_SIZE, useIssuePages } from '../issues/use-issue-pages.js';
import type { ProfileIssueTab } from './profile-tabs.js';

/** The query key of a person's issues in one tab (under the tab's own key, so whatever refreshes the tab refreshes it). */
export const profileIssuesKey = (slug: string, tab: ProfileIssueTab, userId: string) => [...queryKeys.workspaceIssues(slug, tab), 'user', userId] as const;

interface ProfileIssuesProps {
  slug: string;
  userId: string;
  tab: ProfileIssueTab;
  /** The list's accessible name. */
  label: string;
  empty: EmptyStateKey;
  /** The viewer's workspace role. */
  role: number | undefined;
  /** The viewer opens only some projects: the empty state says none may mean none there. */
  limited: boolean;
}

/** The issues assigned to, created by or subscribed to by a person, among those the viewer can open, newest first and page by page. */
export function ProfileIssues({ slug, userId, tab, label, empty, role, limited }: ProfileIssuesProps) {
  const api = useApi();
  const { query, issues, total } = useIssuePages(profileIssuesKey(slug, tab, userId), (offset) =>
    api.issues.workspaceTab(slug, tab, { user: userId, limit: ISSUE_PAGE_SIZE, offset }),
  );
  if (query.isPending) return <Spinner label="Loading issues…" />;
  if (query.isError) return <LoadFailed error={query.error} retry={() => void query.refetch()} />;
  if (!issues.length) return <EmptyState type={empty} role={role} limited={limited} />;
  return (
    <>
      <IssueList slug={slug} issues={issues} total={total} label={label} />
      <ShowMoreButton pages={query}>Show more issues</ShowMoreButton>
    </>
  );
}
