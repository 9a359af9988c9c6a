import { useQuery } from '@tanstack/react-query';
import { countsByStateGroup } from '../../api-shapes/state-groups.js';
import { useApi } from '../api/api-context.js';
import { queryKeys } from '../api/query-keys.js';
import { useProjects, useWorkspace, useWorkspaceSlug } from '../layout/workspace-data.js';
import { can, Role } from '../roles.js';
import { PageHeader } from '../ui/page-header.js';
import { Spinner } from '../ui/spinner.js';
import { useStyles } from '../ui/styles.js';
import { EmptyState } from '../empty-states/index.js';
import { percent, ProgressBars, ProgressBreakdown } from '../widgets/progress-breakdown/index.js';
import { useWorkspaceCreate } from './empty-state-actions.js';
import { screensCss } from './screens.css.js';

/**
 * Workspace analytics: its empty state until there are issues, then the issues of the projects
 * the user can open: how many, how many completed, each project's progress, and the progress
 * breakdown by assignee, label and state group that cycles and modules show.
 */
export function AnalyticsScreen() {
  useStyles('app-screens', screensCss);
  const slug = useWorkspaceSlug();
  const api = useApi();
  const workspace = useWorkspace(slug);
  const projects = useProjects(slug);
  const create = useWorkspaceCreate(slug);
  const analytics = useQuery({ queryKey: queryKeys.analytics(slug), queryFn: () => api.analytics.get(slug) });
  const data = analytics.data;
  return (
    <>
      <PageHeader title="Analytics" />
      <div className="app-content">
        {analytics.isPending ? (
          <Spinner label="Loading analytics…" />
        ) : analytics.isError ? (
          <p role="alert">{analytics.error.message}</p>
        ) : projects.data?.length === 0 ? (
          <EmptyState type="no-projects" role={workspace.data?.role} limited={!can(workspace.data?.role, Role.Admin)} onAction={create} />
        ) : !data || data.states.total_issues === 0 ? (
          <EmptyState type="analytics" role={workspace.data?.role} onAction={create} />
        ) : (
          <>
            <dl className="app-analytics-totals">
              <div>
                <dt>Issues</dt>
                <dd>{data.states.total_issues}</dd>
              </div>
              <div>
                <dt>Completed</dt>
                <dd>
                  {data.states.completed_issues} ({percent(data.states.completed_issues, data.states.total_issues)}%)
                </dd>
              </div>
              <div>
                <dt>In progress</dt>
                <dd>{data.states.started_issues}</dd>
              </div>
              <div>
                <dt>Projects</dt>
                <dd>{data.projects.length}</dd>
              </div>
            </dl>
            <section aria-labelledby="analytics-projects">
              <h2 id="analytics-projects">Projects</h2>
              <ProgressBars
                label="Completed issues by project"
                rows={data.projects.map((project) => ({ key: project.project_id, name: project.name, done: project.completed_issues, total: project.total_issues }))}
                empty="No projects yet."
              />
            </section>
            <section aria-labelledby="analytics-breakdown">
              <h2 id="analytics-breakdown">Progress</h2>
              <ProgressBreakdown distribution={{ assignees: data.assignees, labels: data.labels, states: countsByStateGroup(data.states) }} />
            </section>
          </>
        )}
      </div>
    </>
  );
}
