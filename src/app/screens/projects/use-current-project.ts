import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { queryKeys } from '../../api/query-keys.js';
import { useProject, useWorkspaceSlug } from '../../layout/workspace-data.js';

/** The workspace slug, project id and project (loaded by ProjectLayout above) of a project screen. */
export function useCurrentProject() {
  const slug = useWorkspaceSlug();
  const { projectId = '' } = useParams();
  const project = useProject(slug, projectId);
  return { slug, projectId, project: project.data, query: project };
}

/**
 * Asks again for what shows a project's states or labels (names, colours, order): everything under
 * the project's key (its lists, boards, pickers and settings), the workspace's issue tabs and analytics.
 */
export function useProjectWorkflowRefresh(slug: string, projectId: string): () => Promise<unknown> {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      [queryKeys.project(slug, projectId), queryKeys.workspaceIssueTabs(slug), queryKeys.analytics(slug)].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
}
