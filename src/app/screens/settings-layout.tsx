import { NavLink, Outlet, useLocation } from 'react-router';
import { useWorkspace, useWorkspaceSlug } from '../layout/workspace-data.js';
import { can } from '../roles.js';
import { paths, SETTINGS_MENU } from '../router/paths.js';
import { PageHeader } from '../ui/page-header.js';
import { useStyles } from '../ui/styles.js';
import { screensCss } from './screens.css.js';
import { tabStrip } from '../ui/tab-strip.js';

/** The settings pages a role may open (spec: the settings menu table). */
export function settingsEntriesFor(role: number | undefined) {
  return SETTINGS_MENU.filter((entry) => can(role, entry.minRole));
}

/** The workspace settings: the menu of the pages the user's role opens, and the page itself. */
export function SettingsLayout() {
  useStyles('app-screens', screensCss);
  const slug = useWorkspaceSlug();
  const workspace = useWorkspace(slug);
  const { pathname } = useLocation();
  const shown = SETTINGS_MENU.find((entry) => pathname.replace(/\/$/, '') === paths.settings(slug, entry.page));
  return (
    <>
      <PageHeader title="Settings" description={workspace.data?.name} documentTitle={shown ? [shown.label, 'Settings'] : 'Settings'} />
      <nav ref={tabStrip} className="app-tabs-list" aria-label="Settings">
        {settingsEntriesFor(workspace.data?.role).map((entry) => (
          <NavLink key={entry.label} className="app-tab" to={paths.settings(slug, entry.page)} end>
            {entry.label}
          </NavLink>
        ))}
      </nav>
      <div className="app-content">
        <Outlet />
      </div>
    </>
  );
}

/** A settings page's body for a role below its minimum: the page is named, its content withheld. */
export function SettingsGuard({ page, children }: { page: (typeof SETTINGS_MENU)[number]['page']; children: React.ReactNode }) {
  const workspace = useWorkspace(useWorkspaceSlug());
  const entry = SETTINGS_MENU.find((candidate) => candidate.page === page)!;
  if (!workspace.data) return null;
  if (!can(workspace.data.role, entry.minRole)) {
    return (
      <p role="alert">
        You do not have access to {entry.label}. Ask a workspace admin if you need it.
      </p>
    );
  }
  return (
    <section aria-labelledby={`settings-${page || 'general'}`}>
      <h2 id={`settings-${page || 'general'}`}>{entry.label}</h2>
      {children}
    </section>
  );
}
