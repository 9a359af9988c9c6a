import { useParams } from 'react-router';
import { useProject, useWorkspaceSlug } from '../../layout/workspace-data.js';

/** The workspace slug, project id and project (loaded by ProjectLayout above) of a project screen. */
export function useCurrentProject() {
  const slug = useWorkspaceSlug();
  const { projectId = '' } = useParams();
  const project = useProject(slug, projectId);
  return { slug, projectId, project: project.data, query: project };
}
