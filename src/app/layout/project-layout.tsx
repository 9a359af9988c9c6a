import { Outlet, useParams } from 'react-router';
import { isApiError } from '../api/api-error.js';
import { NotFoundScreen } from '../screens/not-found-screen.js';
import { TitleScope } from '../ui/document-title.js';
import { Spinner } from '../ui/spinner.js';
import { useProject, useWorkspaceSlug } from './workspace-data.js';

/** The layout of a project's screens: loads the project once, shows not-found for a project the user cannot open; its screens' titles name it. */
export function ProjectLayout() {
  const slug = useWorkspaceSlug();
  const { projectId = '' } = useParams();
  const project = useProject(slug, projectId);
  if (project.isPending) {
    return (
      <div className="app-content">
        <Spinner label="Loading project…" />
      </div>
    );
  }
  if (project.isError) {
    // 400 is the server's answer to an id that is not even a UUID.
    if (isApiError(project.error, 404) || isApiError(project.error, 400)) return <NotFoundScreen embedded />;
    return (
      <div className="app-content" role="alert">
        {project.error.message}
      </div>
    );
  }
  return (
    <TitleScope name={project.data.name}>
      <Outlet />
    </TitleScope>
  );
}
