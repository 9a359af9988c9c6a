import { useLocation, useNavigate } from 'react-router';
import type { EmptyStateActionKey } from '../empty-states/index.js';
import { useProjects } from '../layout/workspace-data.js';
import { paths } from '../router/paths.js';

/** Router state asking the screen navigated to to open one of its create dialogs. */
export interface OpenRequest {
  open: EmptyStateActionKey;
}

/** Whether the navigation that led here asked this screen to open `action`'s dialog. */
export function useOpenRequest(action: EmptyStateActionKey): boolean {
  const state = useLocation().state as Partial<OpenRequest> | null;
  return state?.open === action;
}

/**
 * The handler of a workspace-level empty state's buttons: creating needs a project, so an issue,
 * cycle, module or page is created (issues imported) in the workspace's first project (its screen
 * opens the dialog), and without any project the user is taken to create one. What lives in
 * settings opens there: webhooks and API tokens in the workspace's, labels, estimates, features
 * and integrations in the project's.
 */
export function useWorkspaceCreate(slug: string): (action: EmptyStateActionKey) => void {
  const projects = useProjects(slug);
  const navigate = useNavigate();
  return (action) => {
    const first = projects.data?.[0];
    const open = (to: string) => navigate(to, { state: { open: action } satisfies OpenRequest });
    if (action === 'create-project' || !first) return void navigate(paths.projects(slug), { state: { open: 'create-project' } satisfies OpenRequest });
    const places: Record<Exclude<EmptyStateActionKey, 'create-project'>, () => void> = {
      // Issues are imported from the project's issue list.
      'create-issue': () => open(paths.projectIssues(slug, first.id)),
      'import-issues': () => open(paths.projectIssues(slug, first.id)),
      'create-cycle': () => open(paths.cycles(slug, first.id)),
      'create-module': () => open(paths.modules(slug, first.id)),
      'create-page': () => open(paths.pages(slug, first.id)),
      // A view is saved from the issue list, as it is arranged there.
      'create-view': () => void navigate(paths.projectIssues(slug, first.id)),
      'create-api-token': () => open(paths.settings(slug, 'api-tokens')),
      'create-webhook': () => void navigate(paths.settings(slug, 'webhooks')),
      'create-label': () => void navigate(paths.projectSettings(slug, first.id)),
      'create-estimate': () => void navigate(paths.projectSettings(slug, first.id)),
      'connect-github': () => void navigate(paths.projectSettings(slug, first.id)),
      'manage-features': () => void navigate(paths.projectSettings(slug, first.id)),
    };
    places[action]();
  };
}
