import * as Tabs from '@radix-ui/react-tabs';
import { useParams } from 'react-router';
import { useWorkspace, useWorkspaceMembers, useWorkspaceSlug } from '../layout/workspace-data.js';
import { roleName } from '../roles.js';
import { useSearchParamEdits } from '../router/search-param-edits.js';
import { LoadFailed } from '../ui/load-failed.js';
import { PageHeader } from '../ui/page-header.js';
import { Spinner } from '../ui/spinner.js';
import { useStyles } from '../ui/styles.js';
import { EmptyState } from '../empty-states/index.js';
import { WorkspaceActivity } from './activity/workspace-activity.js';
import { NotFoundScreen } from './not-found-screen.js';
import { ProfileIssues } from './profile/profile-issues.js';
import { ProfileSummary } from './profile/profile-summary.js';
import { isIssueTab, PROFILE_TABS, profileTab, type ProfileTab } from './profile/profile-tabs.js';
import { profileCss } from './profile/profile.css.js';
import { screensCss } from './screens.css.js';

/** Rows of a profile's activity read at a time. */
export const PROFILE_ACTIVITY_PAGE_SIZE = 25;

/** One tab's content: the summary, an issue list or the activity, each with its own loading, error and empty state. */
function ProfilePanel({ slug, userId, name, tab, role }: { slug: string; userId: string; name: string; tab: ProfileTab; role: number | undefined }) {
  const entry = PROFILE_TABS.find((candidate) => candidate.tab === tab)!;
  if (tab === 'summary') return <ProfileSummary slug={slug} userId={userId} role={role} />;
  if (isIssueTab(tab)) return <ProfileIssues slug={slug} userId={userId} tab={tab} label={`${entry.label} issues of ${name}`} empty={entry.empty} role={role} />;
  return (
    <WorkspaceActivity
      slug={slug}
      actor={userId}
      pageSize={PROFILE_ACTIVITY_PAGE_SIZE}
      label={`Activity of ${name}`}
      empty={<EmptyState type={entry.empty} role={role} />}
      more="Show more activity"
    />
  );
}

/**
 * A workspace member's profile: who they are and their role, then their issues in tabs (the
 * summary in numbers, the issues assigned to, created by and subscribed to by them, and what
 * they did), each over the issues the viewer can open. The tab is kept in the address (`?tab=`),
 * so a tab can be linked to and comes back on reload.
 */
export function UserProfileScreen() {
  useStyles('app-screens', screensCss);
  useStyles('app-profile', profileCss);
  const slug = useWorkspaceSlug();
  const { userId = '' } = useParams();
  const workspace = useWorkspace(slug);
  const members = useWorkspaceMembers(slug);
  const [params, edit] = useSearchParamEdits();
  const tab = profileTab(params.get('tab'));
  const member = members.data?.find((candidate) => candidate.id === userId);

  if (members.isPending) {
    return (
      <div className="app-content">
        <Spinner label="Loading profile…" />
      </div>
    );
  }
  if (members.isError) {
    return (
      <div className="app-content">
        <LoadFailed error={members.error} retry={() => void members.refetch()} />
      </div>
    );
  }
  if (!member) return <NotFoundScreen embedded />;
  const choose = (value: string) =>
    edit((updated) => {
      if (profileTab(value) === 'summary') updated.delete('tab');
      else updated.set('tab', value);
    });
  return (
    <>
      <PageHeader title={member.display_name} description={`${roleName(member.role)} of this workspace`} />
      <Tabs.Root value={tab} onValueChange={choose}>
        <Tabs.List className="app-tabs-list" aria-label={`Profile of ${member.display_name}`}>
          {PROFILE_TABS.map((entry) => (
            <Tabs.Trigger key={entry.tab} value={entry.tab} className="app-tab">
              {entry.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {PROFILE_TABS.map((entry) => (
          <Tabs.Content key={entry.tab} value={entry.tab} className="app-content app-profile-panel">
            <ProfilePanel slug={slug} userId={member.id} name={member.display_name} tab={entry.tab} role={workspace.data?.role} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </>
  );
}
