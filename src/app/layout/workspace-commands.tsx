import { useCallback, useMemo, useState } from 'react';
import { useMatch, useNavigate } from 'react-router';
import type { ListedIssue, PageSummary, Project, User, Workspace } from '../api/types.js';
import { can, Role } from '../roles.js';
import { paths, SETTINGS_MENU } from '../router/paths.js';
import { CreateIssueDialog } from '../screens/issues/create-issue-dialog.js';
import { useTheme } from '../ui/theme-provider.js';
import { CommandPalette, ShortcutsHelpDialog, useShortcuts, type PaletteItem, type ShortcutAction } from '../widgets/command-palette/index.js';
import { projectItems } from '../widgets/command-palette/palette-items.js';

/**
 * The workspace's keyboard layer: the command palette, the shortcuts help and the create-issue
 * dialog they open, with the shortcuts that open them (see SHORTCUTS).
 */
export function WorkspaceCommands({ workspace, projects, user }: { workspace: Workspace; projects: readonly Project[]; user: User }) {
  const slug = workspace.slug;
  const navigate = useNavigate();
  const theme = useTheme();
  const match = useMatch('/:workspaceSlug/projects/:projectId/*');
  const currentProject = projects.find((project) => project.id === match?.params.projectId);
  // Issues are created in the project the user is in, else in the first one they may create in.
  const createIn = currentProject && can(currentProject.role, Role.Member) ? currentProject : projects.find((project) => can(project.role, Role.Member));
  const [paletteOpen, setPaletteOpen] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const [creating, setCreating] = useState(false);

  const items = useMemo<PaletteItem[]>(() => {
    const go = (id: string, label: string, to: string, keywords = '', suggested = false): PaletteItem => ({
      id,
      group: 'Navigation',
      label,
      keywords: `go ${keywords}`,
      suggested,
      run: () => navigate(to),
    });
    const actions: PaletteItem[] = [];
    if (createIn) actions.push({ id: 'create-issue', group: 'Actions', label: 'Create issue', detail: 'C', keywords: 'new add', suggested: true, run: () => setCreating(true) });
    for (const [mode, label] of [['light', 'Light'], ['dark', 'Dark'], ['system', 'System']] as const) {
      actions.push({
        id: `theme-${mode}`,
        group: 'Actions',
        label: `Switch theme: ${label}`,
        keywords: 'theme appearance colour color mode',
        suggested: mode !== theme.mode && mode !== 'system',
        run: () => theme.setMode(mode),
      });
    }
    actions.push({ id: 'shortcuts', group: 'Actions', label: 'Show keyboard shortcuts', detail: '?', keywords: 'help keys', run: () => setHelpOpen(true) });
    const navigation = [
      go('go-home', 'Go to home', paths.workspace(slug), 'dashboard', true),
      go('go-projects', 'Go to projects', paths.projects(slug), '', true),
      go('go-notifications', 'Go to notifications', paths.notifications(slug), 'inbox', true),
      go('go-profile', 'Go to profile', paths.userProfile(slug, user.id), 'me', true),
      go('go-my-issues', 'Go to my issues', paths.workspaceIssues(slug, 'assigned'), 'assigned'),
      go('go-all-issues', 'Go to all issues', paths.workspaceIssues(slug, 'all-issues')),
      ...(currentProject ? [go('go-project-issues', `Go to ${currentProject.name} issues`, paths.projectIssues(slug, currentProject.id))] : []),
    ];
    const settings: PaletteItem[] = SETTINGS_MENU.filter((entry) => can(workspace.role, entry.minRole)).map((entry) => ({
      id: `settings-${entry.page || 'general'}`,
      group: 'Settings',
      label: `Settings: ${entry.label}`,
      keywords: 'workspace preferences',
      run: () => navigate(paths.settings(slug, entry.page)),
    }));
    settings.push({ id: 'settings-profile', group: 'Settings', label: 'Settings: Profile', keywords: 'account preferences me', run: () => navigate(paths.accountSettings(slug)) });
    return [...projectItems(projects, (project) => navigate(paths.projectIssues(slug, project.id))), ...actions, ...navigation, ...settings];
  }, [createIn, currentProject, navigate, projects, slug, theme, user.id, workspace.role]);

  const openIssue = useCallback((issue: ListedIssue) => navigate(paths.issue(slug, issue.project_id, issue.id)), [navigate, slug]);
  const openPage = useCallback((page: PageSummary) => navigate(paths.page(slug, page.project_id, page.id)), [navigate, slug]);

  useShortcuts((action: ShortcutAction) => {
    if (action === 'palette') setPaletteOpen((open) => !open);
    else if (action === 'search') setPaletteOpen(true);
    else if (action === 'help') setHelpOpen(true);
    else if (action === 'create-issue' && createIn) setCreating(true);
    else if (action === 'go-projects') navigate(paths.projects(slug));
    else if (action === 'go-issues') navigate(currentProject ? paths.projectIssues(slug, currentProject.id) : paths.workspaceIssues(slug, 'all-issues'));
  });

  return (
    <>
      <CommandPalette
        open={paletteOpen}
        onOpenChange={setPaletteOpen}
        slug={slug}
        searchProjectId={currentProject?.id ?? projects[0]?.id}
        currentProjectId={currentProject?.id}
        items={items}
        openIssue={openIssue}
        openPage={openPage}
      />
      <ShortcutsHelpDialog open={helpOpen} onOpenChange={setHelpOpen} />
      {createIn ? <CreateIssueDialog slug={slug} projectId={createIn.id} open={creating} onOpenChange={setCreating} /> : null}
    </>
  );
}
