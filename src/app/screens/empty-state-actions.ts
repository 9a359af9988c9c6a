import { useLocation, useNavigate } from 'react-router';
import type { EmptyStateActionKey } from '../empty-states/index.js';
import { useProjects } from '../layout/workspace-data.js';
import { paths } from '../router/paths.js';
import { useNotify } from '../ui/toasts.js';

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
 * cycle or module is created (issues imported) in the workspace's first project (its screen opens the dialog),
 * and without any project the user is taken to create one.
 */
export function useWorkspaceCreate(slug: string): (action: EmptyStateActionKey) => void {
  const projects = useProjects(slug);
  const navigate = useNavigate();
  const unavailable = useUnavailableAction();
  return (action) => {
    const first = projects.data?.[0];
    const open = (to: string) => navigate(to, { state: { open: action } satisfies OpenRequest });
    if (action === 'create-project' || !first) return void navigate(paths.projects(slug), { state: { open: 'create-project' } satisfies OpenRequest });
    // Issues are imported from the project's issue list.
    if (action === 'create-issue' || action === 'import-issues') return void open(paths.projectIssues(slug, first.id));
    if (action === 'create-cycle') return void open(paths.cycles(slug, first.id));
    if (action === 'create-module') return void open(paths.modules(slug, first.id));
    if (action === 'create-page') return void open(paths.pages(slug, first.id));
    // A view is saved from the issue list, as it is arranged there.
    if (action === 'create-view') return void navigate(paths.projectIssues(slug, first.id));
    unavailable(action);
  };
}

const UNAVAILABLE: Partial<Record<EmptyStateActionKey, string>> = {
  'create-webhook': 'Webhooks are not available yet.',
  'create-label': 'Labels are managed in the project settings, which are not available yet.',
};

/** Tells the user, in a toast, that what an empty state's button offers is not built yet (the server has no such routes). */
export function useUnavailableAction(): (action: EmptyStateActionKey) => void {
  const notify = useNotify();
  return (action) => notify({ type: 'error', message: UNAVAILABLE[action] ?? 'This is not available yet.' });
}
