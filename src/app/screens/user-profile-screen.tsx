import * as Tabs from '@radix-ui/react-tabs';
import { useEffect } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useWorkspace, useWorkspaceMembers, useWorkspaceSlug } from '../layout/workspace-data.js';
import { can, Role, roleName } from '../roles.js';
import { paths } from '../router/paths.js';
import { useSearchParamEdits } from '../router/search-param-edits.js';
import { useSignedInUser } from '../session/session.js';
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
import { tabStrip } from '../ui/tab-strip.js';

/** Rows of a profile's activity read at a time. */
export const PROFILE_ACTIVITY_PAGE_SIZE = 25;

/** What one tab of a profile is about, and who reads it. */
interface PanelProps {
  slug: string;
  userId: string;
  name: string;
  tab: ProfileTab;
  /** The reader's workspace role. */
  role: number | undefined;
  /** The reader opens only some of the projects: an empty tab may hide issues of others (the empty states say so). */
  limited: boolean;
}

/** One tab's content: the summary, an issue list or the activity, each with its own loading, error and empty state. */
function ProfilePanel({ slug, userId, name, tab, role, limited }: PanelProps) {
  const entry = PROFILE_TABS.find((candidate) => candidate.tab === tab)!;
  if (tab === 'summary') return <ProfileSummary slug={slug} userId={userId} role={role} limited={limited} />;
  if (isIssueTab(tab)) return <ProfileIssues slug={slug} userId={userId} tab={tab} label={`${entry.label} issues of ${name}`} empty={entry.empty} role={role} limited={limited} />;
  return (
    <WorkspaceActivity
      slug={slug}
      actor={userId}
      pageSize={PROFILE_ACTIVITY_PAGE_SIZE}
      label={`Activity of ${name}`}
      empty={<EmptyState type={entry.empty} role={role} limited={limited} />}
      more="Show more activity"
    />
  );
}

/** Whether two user ids are the same: ids are UUIDs, which are the same in upper and lower case. */
const sameId = (a: string, b: string) => a.toLowerCase() === b.toLowerCase();

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
  const navigate = useNavigate();
  const me = useSignedInUser();
  const asked = params.get('tab');
  const tab = profileTab(asked);
  const member = members.data?.find((candidate) => sameId(candidate.id, userId));
  // The address as the profile shows it: the member's own id, and no tab but one of theirs (the summary's is none).
  const canonicalId = member?.id;
  const canonicalTab = tab === 'summary' ? null : tab;
  useEffect(() => {
    if (!canonicalId || (canonicalId === userId && asked === canonicalTab)) return;
    const search = new URLSearchParams(params);
    if (canonicalTab) search.set('tab', canonicalTab);
    else search.delete('tab');
    const query = search.toString();
    void navigate({ pathname: paths.userProfile(slug, canonicalId), search: query ? `?${query}` : '' }, { replace: true });
  }, [canonicalId, userId, asked, canonicalTab, params, navigate, slug]);

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
  // Workspace admins open every project; anyone else, on another's profile, may not see all of their issues.
  const limited = !can(workspace.data?.role, Role.Admin) && member.id !== me.id;
  const choose = (value: string) =>
    edit((updated) => {
      if (profileTab(value) === 'summary') updated.delete('tab');
      else updated.set('tab', value);
    });
  return (
    <>
      <PageHeader title={member.display_name} description={`${roleName(member.role)} of this workspace`} documentTitle={[member.display_name, 'Profile']} />
      <Tabs.Root value={tab} onValueChange={choose}>
        <Tabs.List ref={tabStrip} className="app-tabs-list" aria-label={`Profile of ${member.display_name}`}>
          {PROFILE_TABS.map((entry) => (
            <Tabs.Trigger key={entry.tab} value={entry.tab} className="app-tab">
              {entry.label}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {PROFILE_TABS.map((entry) => (
          <Tabs.Content key={entry.tab} value={entry.tab} className="app-content app-profile-panel">
            <ProfilePanel slug={slug} userId={member.id} name={member.display_name} tab={entry.tab} role={workspace.data?.role} limited={limited} />
          </Tabs.Content>
        ))}
      </Tabs.Root>
    </>
  );
}
