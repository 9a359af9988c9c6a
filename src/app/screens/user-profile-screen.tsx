import { useParams } from 'react-router';
import { useApi } from '../api/api-context.js';
import { queryKeys } from '../api/query-keys.js';
import { useWorkspace, useWorkspaceMembers, useWorkspaceSlug } from '../layout/workspace-data.js';
import { roleName } from '../roles.js';
import { PageHeader } from '../ui/page-header.js';
import { Spinner } from '../ui/spinner.js';
import { IssueList } from './issues/issue-list.js';
import { ISSUE_PAGE_SIZE, useIssuePages } from './issues/use-issue-pages.js';
import { NotFoundScreen } from './not-found-screen.js';
import { EmptyState } from '../empty-states/index.js';

/** A workspace member's profile: who they are, their role, and the issues assigned to them. */
export function UserProfileScreen() {
  const slug = useWorkspaceSlug();
  const { userId = '' } = useParams();
  const api = useApi();
  const workspace = useWorkspace(slug);
  const members = useWorkspaceMembers(slug);
  const member = members.data?.find((candidate) => candidate.id === userId);
  const { query, issues, total } = useIssuePages(
    [...queryKeys.workspaceIssues(slug, 'all-issues'), 'assignee', userId],
    (offset) => api.issues.workspaceTab(slug, 'all-issues', { assignee: [userId], limit: ISSUE_PAGE_SIZE, offset }),
    { enabled: !!member },
  );

  if (members.isPending) {
    return (
      <div className="app-content">
        <Spinner label="Loading profile…" />
      </div>
    );
  }
  if (!member) return <NotFoundScreen embedded />;
  return (
    <>
      <PageHeader title={member.display_name} description={`${roleName(member.role)} of this workspace`} />
      <div className="app-content">
        <h2>Assigned issues</h2>
        {query.isPending ? (
          <Spinner label="Loading issues…" />
        ) : query.isError ? (
          <p role="alert">{query.error.message}</p>
        ) : issues.length === 0 ? (
          <EmptyState type="profile-assigned" role={workspace.data?.role} />
        ) : (
          <IssueList slug={slug} issues={issues} total={total} label="Assigned issues" />
        )}
      </div>
    </>
  );
}
