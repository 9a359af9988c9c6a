import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { useApi } from '../api/api-context.js';
import { queryKeys } from '../api/query-keys.js';

/** The `:workspaceSlug` of the current route (empty outside a workspace). */
export function useWorkspaceSlug(): string {
  return useParams().workspaceSlug ?? '';
}

/** The workspace `slug` with the caller's role (shared, cached). */
export function useWorkspace(slug: string) {
  const api = useApi();
  return useQuery({ queryKey: queryKeys.workspace(slug), queryFn: () => api.workspaces.get(slug), enabled: !!slug });
}

/** The workspaces the user belongs to. */
export function useWorkspaces() {
  const api = useApi();
  return useQuery({ queryKey: queryKeys.workspaces(), queryFn: () => api.workspaces.list() });
}

/** The projects of workspace `slug` the user can open. */
export function useProjects(slug: string) {
  const api = useApi();
  return useQuery({ queryKey: queryKeys.projects(slug), queryFn: () => api.projects.list(slug), enabled: !!slug });
}

/** One project, with the caller's role in it and its feature toggles. */
export function useProject(slug: string, projectId: string) {
  const api = useApi();
  return useQuery({ queryKey: queryKeys.project(slug, projectId), queryFn: () => api.projects.get(slug, projectId), enabled: !!slug && !!projectId });
}

/** The members of workspace `slug`. */
export function useWorkspaceMembers(slug: string) {
  const api = useApi();
  return useQuery({ queryKey: queryKeys.members(slug), queryFn: () => api.workspaces.members(slug), enabled: !!slug, staleTime: 5 * 60_000 });
}

/** The signed-in user's issue drafts in workspace `slug`, last edited first (the Drafts screen and the sidebar's count). */
export function useDrafts(slug: string) {
  const api = useApi();
  return useQuery({ queryKey: queryKeys.drafts(slug), queryFn: () => api.drafts.list(slug), enabled: !!slug });
}
