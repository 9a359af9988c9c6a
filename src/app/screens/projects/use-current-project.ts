import { useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { projectWorkflowKeys } from '../../api/query-keys.js';
import { useProject, useWorkspaceSlug } from '../../layout/workspace-data.js';

/** The workspace slug, project id and project (loaded by ProjectLayout above) of a project screen. */
export function useCurrentProject() {
  const slug = useWorkspaceSlug();
  const { projectId = '' } = useParams();
  const project = useProject(slug, projectId);
  return { slug, projectId, project: project.data, query: project };
}

/** Asks again for what shows a project's states or labels (names, colours, order): projectWorkflowKeys. */
export function useProjectWorkflowRefresh(slug: string, projectId: string): () => Promise<unknown> {
  const queryClient = useQueryClient();
  return () =>
    Promise.all(
      projectWorkflowKeys(slug, projectId).map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    );
}
