import { useQuery } from '@tanstack/react-query';
import { useApi } from '../api/api-context.js';
import { queryKeys } from '../api/query-keys.js';
import { useProjects, useWorkspace, useWorkspaceSlug } from '../layout/workspace-data.js';
import { PageHeader } from '../ui/page-header.js';
import { Spinner } from '../ui/spinner.js';
import { EmptyState } from '../empty-states/index.js';
import { useWorkspaceCreate } from './empty-state-actions.js';

/** Workspace analytics: its empty state until there are issues, then the workspace's totals. */
export function AnalyticsScreen() {
  const slug = useWorkspaceSlug();
  const api = useApi();
  const workspace = useWorkspace(slug);
  const projects = useProjects(slug);
  const create = useWorkspaceCreate(slug);
  const issues = useQuery({ queryKey: [...queryKeys.workspaceIssues(slug, 'all-issues'), 'count'], queryFn: () => api.issues.workspaceTab(slug, 'all-issues', { limit: 1 }) });
  return (
    <>
      <PageHeader title="Analytics" />
      <div className="app-content">
        {issues.isPending ? (
          <Spinner label="Loading analytics…" />
        ) : issues.isError ? (
          <p role="alert">{issues.error.message}</p>
        ) : projects.data?.length === 0 ? (
          <EmptyState type="no-projects" role={workspace.data?.role} onAction={create} />
        ) : issues.data.total === 0 ? (
          <EmptyState type="analytics" role={workspace.data?.role} onAction={create} />
        ) : (
          <dl>
            <dt>Issues</dt>
            <dd>{issues.data.total}</dd>
            <dt>Projects</dt>
            <dd>{projects.data?.length ?? '…'}</dd>
          </dl>
        )}
      </div>
    </>
  );
}
