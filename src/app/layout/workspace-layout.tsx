import type { MouseEvent } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { interceptLinks } from '../router/intercept-links.js';
import { isApiError } from '../api/api-error.js';
import { NotFoundScreen } from '../screens/not-found-screen.js';
import { useSignedInUser } from '../session/session.js';
import { useStyles } from '../ui/styles.js';
import { AppHeader } from './app-header.js';
import { FullPageMessage } from './full-page-message.js';
import { layoutCss } from './layout.css.js';
import { Sidebar } from './sidebar.js';
import { useSidebarOpen } from './sidebar-state.js';
import { WorkspaceCommands } from './workspace-commands.js';
import { useProjects, useWorkspace, useWorkspaces, useWorkspaceSlug } from './workspace-data.js';

function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  // A router would treat #main as a navigation; move focus instead.
  event.preventDefault();
  document.getElementById('main')?.focus();
}

/** The layout of every workspace screen: skip link, sidebar, header and the screen itself. */
export function WorkspaceLayout() {
  useStyles('app-layout', layoutCss);
  const slug = useWorkspaceSlug();
  const user = useSignedInUser();
  const workspace = useWorkspace(slug);
  const workspaces = useWorkspaces();
  const projects = useProjects(slug);
  const [sidebarOpen, toggleSidebar] = useSidebarOpen();
  const navigate = useNavigate();

  if (workspace.isPending) return <FullPageMessage busy title="Loading workspace…" />;
  if (workspace.isError) {
    if (isApiError(workspace.error, 404)) return <NotFoundScreen />;
    return <FullPageMessage title="Could not load this workspace" message={workspace.error.message} onRetry={() => void workspace.refetch()} />;
  }

  return (
    <div className="app-shell" data-collapsed={!sidebarOpen}>
      <a className="app-skip-link" href="#main" onClick={skipToContent}>
        Skip to content
      </a>
      {sidebarOpen ? <Sidebar workspace={workspace.data} workspaces={workspaces.data ?? [workspace.data]} projects={projects.data ?? []} /> : null}
      <div className="app-main-column">
        <AppHeader title={workspace.data.name} user={user} sidebarOpen={sidebarOpen} onToggleSidebar={toggleSidebar} />
        <main id="main" className="app-main" tabIndex={-1} onClick={interceptLinks(navigate)}>
          <Outlet />
        </main>
      </div>
      <WorkspaceCommands workspace={workspace.data} projects={projects.data ?? []} user={user} />
    </div>
  );
}
