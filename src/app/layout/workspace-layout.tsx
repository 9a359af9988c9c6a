import * as Dialog from '@radix-ui/react-dialog';
import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useNavigationStart } from '../router/app-router.js';
import { interceptLinks } from '../router/intercept-links.js';
import { isApiError } from '../api/api-error.js';
import { NotFoundScreen } from '../screens/not-found-screen.js';
import { useSignedInUser } from '../session/session.js';
import { TitleScope } from '../ui/document-title.js';
import { FocusKeeperContext, useNewFocusKeeper } from '../ui/focus-keeper.js';
import { useStyles } from '../ui/styles.js';
import { AppHeader } from './app-header.js';
import { FullPageMessage } from './full-page-message.js';
import { layoutCss } from './layout.css.js';
import { Sidebar } from './sidebar.js';
import { CloseMenuButton, SidebarDrawer } from './sidebar-drawer.js';
import { useSidebarOpen } from './sidebar-state.js';
import { useLiveUpdates } from './use-live-updates.js';
import { useIsPhone } from './viewport.js';
import { WorkspaceCommands } from './workspace-commands.js';
import { useProjects, useWorkspace, useWorkspaces, useWorkspaceSlug } from './workspace-data.js';

function skipToContent(event: MouseEvent<HTMLAnchorElement>) {
  // A router would treat #main as a navigation; move focus instead.
  event.preventDefault();
  document.getElementById('main')?.focus();
}

/**
 * After a navigation that took focus away with the page it left (Enter on a list's row, Back),
 * focus goes to the new page's main region, where a keyboard or screen reader user goes on
 * (left on the page's body, the next Tab would start over at the skip link and the sidebar).
 * Focus still on something (a sidebar entry, the palette) stays where it is.
 */
function useFocusAfterNavigation(): void {
  const { pathname } = useLocation();
  const shown = useRef(pathname);
  useEffect(() => {
    if (shown.current === pathname) return;
    shown.current = pathname;
    const focused = document.activeElement;
    if (!focused || focused === document.body) document.getElementById('main')?.focus({ preventScroll: true });
  }, [pathname]);
}

/**
 * The layout of every workspace screen: skip link, sidebar, header and the screen itself. Below
 * 768 px the sidebar is a drawer, closed until the header's menu button opens it; wider, it is a
 * column the user may hide (remembered by useSidebarOpen).
 */
export function WorkspaceLayout() {
  useStyles('app-layout', layoutCss);
  const slug = useWorkspaceSlug();
  const user = useSignedInUser();
  const workspace = useWorkspace(slug);
  const workspaces = useWorkspaces();
  const projects = useProjects(slug);
  const [sidebarOpen, toggleSidebar] = useSidebarOpen();
  const navigate = useNavigate();
  const phone = useIsPhone();
  const [drawerOpen, setDrawerOpen] = useState(false);
  // Any navigation (an entry, the workspace switcher, Back, a link in the page) closes the drawer
  // as it starts, and a window grown past the phone width leaves it closed for when it shrinks.
  useNavigationStart(() => setDrawerOpen(false));
  useEffect(() => setDrawerOpen(false), [phone]);
  useFocusAfterNavigation();
  // Focus on the screen whose element leaves the page goes to what stands in for it (the next row, the heading).
  const focusKeeper = useNewFocusKeeper(useLocation().pathname);
  // Once the workspace is known to be there and the reader's: others' changes show as they are made.
  useLiveUpdates(slug, workspace.isSuccess);

  if (workspace.isPending) return <FullPageMessage busy title="Loading workspace…" />;
  if (workspace.isError) {
    if (isApiError(workspace.error, 404)) return <NotFoundScreen />;
    return <FullPageMessage title="Could not load this workspace" message={workspace.error.message} onRetry={() => void workspace.refetch()} />;
  }

  const sidebarProps = { workspace: workspace.data, workspaces: workspaces.data ?? [workspace.data], projects: projects.data ?? [] };
  return (
    // One tree whatever the width, so crossing 768 px never remounts the screen.
    <TitleScope name={workspace.data.name}>
      <FocusKeeperContext.Provider value={focusKeeper}>
        <Dialog.Root open={phone && drawerOpen} onOpenChange={setDrawerOpen}>
          <div className="app-shell" data-collapsed={!phone && !sidebarOpen} data-phone={phone}>
            <a className="app-skip-link" href="#main" onClick={skipToContent}>
              Skip to content
            </a>
            {phone ? (
              <SidebarDrawer onNavigate={() => setDrawerOpen(false)}>
                <Sidebar {...sidebarProps} action={<CloseMenuButton />} />
              </SidebarDrawer>
            ) : sidebarOpen ? (
              <Sidebar {...sidebarProps} />
            ) : null}
            <div className="app-main-column">
              <AppHeader title={workspace.data.name} user={user} phone={phone} sidebarOpen={sidebarOpen} onToggleSidebar={toggleSidebar} />
              <main id="main" ref={focusKeeper.attach} className="app-main" tabIndex={-1} onClick={interceptLinks(navigate)}>
                <Outlet />
              </main>
            </div>
          </div>
          <WorkspaceCommands workspace={workspace.data} projects={projects.data ?? []} user={user} />
        </Dialog.Root>
      </FocusKeeperContext.Provider>
    </TitleScope>
  );
}
