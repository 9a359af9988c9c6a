import { Link, useParams } from 'react-router';
import { useApi } from '../api/api-context.js';
import { WORKSPACE_ISSUE_TABS, type WorkspaceIssueTab } from '../api/issues.js';
import { queryKeys } from '../api/query-keys.js';
import { WORKSPACE_ISSUE_TAB_LABELS } from '../layout/sidebar.js';
import { useProjects, useWorkspace, useWorkspaceSlug } from '../layout/workspace-data.js';
import { paths } from '../router/paths.js';
import { can, Role } from '../roles.js';
import { ShowMoreButton } from '../ui/button.js';
import { PageHeader } from '../ui/page-header.js';
import { Spinner } from '../ui/spinner.js';
import { useStyles } from '../ui/styles.js';
import { IssueList } from './issues/issue-list.js';
import { ISSUE_PAGE_SIZE, useIssuePages } from './issues/use-issue-pages.js';
import { NotFoundScreen } from './not-found-screen.js';
import { EmptyState } from '../empty-states/index.js';
import { useWorkspaceCreate } from './empty-state-actions.js';
import { screensCss } from './screens.css.js';
import { tabStrip } from '../ui/tab-strip.js';

const isTab = (tab: string | undefined): tab is WorkspaceIssueTab => WORKSPACE_ISSUE_TABS.includes(tab as WorkspaceIssueTab);

/** The workspace issue tabs (all-issues, assigned, created, subscribed) across the projects the user can open. */
export function WorkspaceIssuesScreen() {
  useStyles('app-screens', screensCss);
  const { tab } = useParams();
  if (!isTab(tab)) return <NotFoundScreen embedded />;
  return <WorkspaceIssuesTab tab={tab} />;
}

function WorkspaceIssuesTab({ tab }: { tab: WorkspaceIssueTab }) {
  const slug = useWorkspaceSlug();
  const api = useApi();
  const workspace = useWorkspace(slug);
  const projects = useProjects(slug);
  const create = useWorkspaceCreate(slug);
  const { query, issues, total } = useIssuePages(queryKeys.workspaceIssues(slug, tab), (offset) =>
    api.issues.workspaceTab(slug, tab, { limit: ISSUE_PAGE_SIZE, offset }),
  );
  const label = WORKSPACE_ISSUE_TAB_LABELS.find((entry) => entry.tab === tab)!.label;

  return (
    <>
      <PageHeader title="Your issues" documentTitle={[label, 'Your issues']} />
      <nav ref={tabStrip} className="app-tabs-list" aria-label="Issue tabs">
        {WORKSPACE_ISSUE_TAB_LABELS.map((entry) => (
          <Link key={entry.tab} className="app-tab" to={paths.workspaceIssues(slug, entry.tab)} aria-current={entry.tab === tab ? 'page' : undefined}>
            {entry.label}
          </Link>
        ))}
      </nav>
      <div className="app-content">
        {query.isPending ? (
          <Spinner label="Loading issues…" />
        ) : query.isError ? (
          <p role="alert">{query.error.message}</p>
        ) : issues.length === 0 ? (
          <EmptyState type={projects.data?.length === 0 ? 'no-projects' : tab} role={workspace.data?.role} limited={!can(workspace.data?.role, Role.Admin)} onAction={create} />
        ) : (
          <>
            <IssueList slug={slug} issues={issues} total={total} label={label} />
            <ShowMoreButton pages={query}>Show more issues</ShowMoreButton>
          </>
        )}
      </div>
    </>
  );
}
