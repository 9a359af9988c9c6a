import { useState } from 'react';
import { useProjects, useWorkspace, useWorkspaceSlug } from '../layout/workspace-data.js';
import { can, Role } from '../roles.js';
import { useSignedInUser } from '../session/session.js';
import { PageHeader } from '../ui/page-header.js';
import { Spinner } from '../ui/spinner.js';
import { useStyles } from '../ui/styles.js';
import { MyIssues } from './home/my-issues.js';
import { RecentActivity } from './home/recent-activity.js';
import { CreateProjectDialog } from './projects/create-project-dialog.js';
import { ProjectCard } from './projects/project-card.js';
import { screensCss } from './screens.css.js';
import { EmptyState } from '../empty-states/index.js';

/**
 * The workspace's home (dashboard): its empty state until the user is in a project, then "My issues"
 * (assigned, created, subscribed; by state group), what happened recently in the projects the
 * user can open, and the projects.
 */
export function WorkspaceHomeScreen() {
  useStyles('app-screens', screensCss);
  const slug = useWorkspaceSlug();
  const user = useSignedInUser();
  const workspace = useWorkspace(slug);
  const projects = useProjects(slug);
  const [creating, setCreating] = useState(false);
  const role = workspace.data?.role;

  return (
    <>
      <PageHeader title={`Welcome, ${user.display_name}`} description={workspace.data?.name} documentTitle="Home" />
      <div className="app-content">
        {projects.isPending ? (
          <Spinner label="Loading…" />
        ) : projects.isError ? (
          <p role="alert">{projects.error.message}</p>
        ) : projects.data.length === 0 ? (
          // Only admins list every project: to anyone else none may mean none of theirs.
          <EmptyState type="dashboard" role={role} limited={!can(role, Role.Admin)} onAction={() => setCreating(true)} />
        ) : (
          <>
            <MyIssues slug={slug} role={role} />
            <RecentActivity slug={slug} />
            <h2>Your projects</h2>
            <ul className="app-project-grid" aria-label="Your projects">
              {projects.data.map((project) => (
                <li key={project.id}>
                  <ProjectCard slug={slug} project={project} level={3} />
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
      {can(role, Role.Member) ? <CreateProjectDialog slug={slug} open={creating} onOpenChange={setCreating} /> : null}
    </>
  );
}
