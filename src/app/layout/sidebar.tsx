import {
  Bell,
  BellRing,
  ChartColumn,
  ChevronRight,
  FilePenLine,
  FolderKanban,
  House,
  ListTodo,
  SquarePen,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import { useState, type KeyboardEvent, type ReactNode } from 'react';
import { NavLink, useParams } from 'react-router';
import type { Project, ProjectFeature, Workspace } from '../api/types.js';
import { paths } from '../router/paths.js';
import { featureOn } from '../screens/projects/project-features.js';
import { Icon } from '../ui/icon.js';
import { SidebarFavorites } from './favorites.js';
import { SECTION_ICONS } from './section-icons.js';
import { useDrafts } from './workspace-data.js';
import { WorkspaceSwitcher } from './workspace-switcher.js';
import { UnreadCount } from '../screens/notifications/unread-count.js';
import { IntakeCount } from '../screens/inbox/intake-count.js';

/** The project sections, in the order the sidebar lists them, with the feature each needs turned on. */
export const PROJECT_SECTIONS: ReadonlyArray<{ label: string; icon: LucideIcon; to: (slug: string, projectId: string) => string; feature?: ProjectFeature }> = [
  { label: 'Issues', icon: SECTION_ICONS.issues, to: paths.projectIssues },
  { label: 'Cycles', icon: SECTION_ICONS.cycles, to: paths.cycles, feature: 'cycle_view' },
  { label: 'Modules', icon: SECTION_ICONS.modules, to: paths.modules, feature: 'module_view' },
  { label: 'Views', icon: SECTION_ICONS.views, to: paths.views, feature: 'issue_views_view' },
  { label: 'Pages', icon: SECTION_ICONS.pages, to: paths.pages, feature: 'page_view' },
  { label: 'Inbox', icon: SECTION_ICONS.inbox, to: paths.inbox, feature: 'inbox_view' },
  { label: 'Archives', icon: SECTION_ICONS.archives, to: paths.archives },
  { label: 'Settings', icon: SECTION_ICONS.settings, to: paths.projectSettings },
];

/** The workspace issue tabs with their labels (spec: all-issues is "All issues"). */
export const WORKSPACE_ISSUE_TAB_LABELS = [
  { tab: 'all-issues', label: 'All issues' },
  { tab: 'assigned', label: 'Assigned' },
  { tab: 'created', label: 'Created' },
  { tab: 'subscribed', label: 'Subscribed' },
] as const;

/** Each workspace issue tab's icon. */
const TAB_ICONS: Record<(typeof WORKSPACE_ISSUE_TAB_LABELS)[number]['tab'], LucideIcon> = {
  'all-issues': ListTodo,
  assigned: UserRound,
  created: SquarePen,
  subscribed: BellRing,
};

/** Arrow keys, Home and End move focus between the sidebar's links and buttons. */
function moveFocus(event: KeyboardEvent<HTMLElement>) {
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
  if (!keys.includes(event.key)) return;
  const items = [...event.currentTarget.querySelectorAll<HTMLElement>('a[href], button:not(:disabled)')];
  const index = items.indexOf(document.activeElement as HTMLElement);
  if (index < 0) return;
  event.preventDefault();
  const next =
    event.key === 'Home' ? 0 : event.key === 'End' ? items.length - 1 : (index + (event.key === 'ArrowDown' ? 1 : -1) + items.length) % items.length;
  items[next]?.focus();
}

/** How many drafts the user keeps in the workspace, beside the Drafts entry (nothing when none). */
function DraftCount({ slug }: { slug: string }) {
  const count = useDrafts(slug).data?.length ?? 0;
  if (!count) return null;
  return (
    <span className="app-sidebar-count">
      <span className="app-visually-hidden">: </span>
      {count}
      <span className="app-visually-hidden">{count === 1 ? ' draft' : ' drafts'}</span>
    </span>
  );
}

function ProjectEntry({ slug, project, expanded, onToggle }: { slug: string; project: Project; expanded: boolean; onToggle: () => void }) {
  const listId = `sidebar-project-${project.id}`;
  return (
    <li>
      <button type="button" className="app-sidebar-toggle" aria-expanded={expanded} aria-controls={listId} onClick={onToggle}>
        <span className="app-project-key" aria-hidden="true">
          {project.identifier}
        </span>
        {project.name}
        <Icon icon={ChevronRight} className="app-sidebar-chevron" />
      </button>
      <ul id={listId} className="app-sidebar-sublist" hidden={!expanded} aria-label={project.name}>
        {PROJECT_SECTIONS.filter((section) => featureOn(project, section.feature)).map((section) => (
          <li key={section.label}>
            <NavLink className="app-sidebar-link" to={section.to(slug, project.id)}>
              <Icon icon={section.icon} />
              {section.label}
              {section.feature === 'inbox_view' && expanded ? <IntakeCount slug={slug} projectId={project.id} /> : null}
            </NavLink>
          </li>
        ))}
      </ul>
    </li>
  );
}

/**
 * The workspace sidebar: the workspace switcher, the workspace's sections, its projects (each
 * opening onto its sections) and settings. The current page's link carries aria-current.
 * `action` sits beside the switcher (the drawer's close button on a phone).
 */
export function Sidebar({
  workspace,
  workspaces,
  projects,
  action,
}: {
  workspace: Workspace;
  workspaces: readonly Workspace[];
  projects: readonly Project[];
  action?: ReactNode;
}) {
  const { projectId } = useParams();
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set(projectId ? [projectId] : []));
  const slug = workspace.slug;
  const isOpen = (id: string) => open.has(id) || id === projectId;
  const toggle = (id: string) =>
    setOpen((current) => {
      const next = new Set(current);
      if (isOpen(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <aside className="app-sidebar" id="app-sidebar" aria-label="Sidebar">
      <div className="app-sidebar-top">
        <WorkspaceSwitcher current={workspace} workspaces={workspaces} />
        {action}
      </div>
      <nav aria-label="Workspace" onKeyDown={moveFocus}>
        <ul>
          <li>
            <NavLink className="app-sidebar-link" to={paths.workspace(slug)} end>
              <Icon icon={House} />
              Home
            </NavLink>
          </li>
          <li>
            <NavLink className="app-sidebar-link" to={paths.analytics(slug)}>
              <Icon icon={ChartColumn} />
              Analytics
            </NavLink>
          </li>
          <li>
            <NavLink className="app-sidebar-link" to={paths.notifications(slug)}>
              <Icon icon={Bell} />
              Notifications
              <UnreadCount slug={slug} />
            </NavLink>
          </li>
          <li>
            <NavLink className="app-sidebar-link" to={paths.drafts(slug)}>
              <Icon icon={FilePenLine} />
              Drafts
              <DraftCount slug={slug} />
            </NavLink>
          </li>
        </ul>
        <SidebarFavorites slug={slug} />
        <h2 className="app-sidebar-heading">
          <Icon icon={SECTION_ICONS.issues} size="small" />
          Your issues
        </h2>
        <ul>
          {WORKSPACE_ISSUE_TAB_LABELS.map(({ tab, label }) => (
            <li key={tab}>
              <NavLink className="app-sidebar-link" to={paths.workspaceIssues(slug, tab)}>
                <Icon icon={TAB_ICONS[tab]} />
                {label}
              </NavLink>
            </li>
          ))}
        </ul>
        <h2 className="app-sidebar-heading">
          <Icon icon={FolderKanban} size="small" />
          Projects
        </h2>
        <ul>
          <li>
            <NavLink className="app-sidebar-link" to={paths.projects(slug)} end>
              <Icon icon={FolderKanban} />
              All projects
            </NavLink>
          </li>
          {projects.map((project) => (
            <ProjectEntry key={project.id} slug={slug} project={project} expanded={isOpen(project.id)} onToggle={() => toggle(project.id)} />
          ))}
        </ul>
        <ul>
          <li>
            <NavLink className="app-sidebar-link" to={paths.settings(slug)}>
              <Icon icon={SECTION_ICONS.settings} />
              Settings
            </NavLink>
          </li>
        </ul>
      </nav>
    </aside>
  );
}
