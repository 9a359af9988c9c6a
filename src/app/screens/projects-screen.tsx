import { Plus } from 'lucide-react';
import { useState } from 'react';
import { useProjects, useWorkspace, useWorkspaceSlug } from '../layout/workspace-data.js';
import { can, Role } from '../roles.js';
import { Button } from '../ui/button.js';
import { PageHeader } from '../ui/page-header.js';
import { Spinner } from '../ui/spinner.js';
import { useStyles } from '../ui/styles.js';
import { CreateProjectDialog } from './projects/create-project-dialog.js';
import { ProjectCard } from './projects/project-card.js';
import { screensCss } from './screens.css.js';
import { useOpenRequest } from './empty-state-actions.js';
import { EmptyState } from '../empty-states/index.js';
import { Icon } from '../ui/icon.js';

/** The workspace's projects; Members and Admins create new ones. */
export function ProjectsScreen() {
  useStyles('app-screens', screensCss);
  const slug = useWorkspaceSlug();
  const workspace = useWorkspace(slug);
  const projects = useProjects(slug);
  const [creating, setCreating] = useState(useOpenRequest('create-project'));
  const role = workspace.data?.role;
  const mayCreate = can(role, Role.Member);

  return (
    <>
      <PageHeader
        title="Projects"
        actions={
          <Button variant="primary" disabled={!mayCreate} title={mayCreate ? undefined : 'Only members and admins can create projects.'} onClick={() => setCreating(true)}>
            <Icon icon={Plus} />
            Create project
          </Button>
        }
      />
      <div className="app-content">
        {projects.isPending ? (
          <Spinner label="Loading projects…" />
        ) : projects.isError ? (
          <p role="alert">{projects.error.message}</p>
        ) : projects.data.length === 0 ? (
          <EmptyState type="projects" role={role} onAction={() => setCreating(true)} />
        ) : (
          <ul className="app-project-grid" aria-label="Projects">
            {projects.data.map((project) => (
              <li key={project.id}>
                <ProjectCard slug={slug} project={project} />
              </li>
            ))}
          </ul>
        )}
      </div>
      {mayCreate ? <CreateProjectDialog slug={slug} open={creating} onOpenChange={setCreating} /> : null}
    </>
  );
}
