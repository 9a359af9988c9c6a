import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../api/api-context.js';
import { errorMessage } from '../api/api-error.js';
import { EXPORT_PROVIDERS, exportDownloadUrl, type ExportJob, type ExportProvider } from '../api/exports.js';
import { useProjects, useWorkspace, useWorkspaceSlug } from '../layout/workspace-data.js';
import { can, Role } from '../roles.js';
import { Button } from '../ui/button.js';
import { Spinner } from '../ui/spinner.js';
import { useNotify } from '../ui/toasts.js';
import { SettingsGuard } from './settings-layout.js';
import { EmptyState } from '../empty-states/index.js';
import { useWorkspaceCreate } from './empty-state-actions.js';
import { IMPORT_WORDS } from './imports/import-words.js';
import { PastImports } from './imports/past-imports.js';

const unfinished = (jobs: readonly ExportJob[] | undefined) => !!jobs?.some((job) => job.status === 'queued' || job.status === 'processing');

/** Settings, Exports (members): export the issues of chosen projects as CSV, XLSX or JSON, follow the job, download it; and the past imports (their empty state's button starts one). */
export function SettingsExportsScreen() {
  const slug = useWorkspaceSlug();
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const workspace = useWorkspace(slug);
  const workspaceAction = useWorkspaceCreate(slug);
  const [provider, setProvider] = useState<ExportProvider>('csv');
  const projects = useProjects(slug);
  const [projectIds, setProjectIds] = useState<readonly string[]>([]);
  const key = ['workspaces', slug, 'exports'];
  const jobs = useQuery({
    queryKey: key,
    queryFn: () => api.exports.list(slug),
    enabled: can(workspace.data?.role, Role.Member),
    // Jobs run on the server: look again while one is still going.
    refetchInterval: (query) => (unfinished(query.state.data) ? 2000 : false),
  });
  const start = useMutation({
    mutationFn: () => api.exports.create(slug, projectIds.length ? { provider, project_ids: [...projectIds] } : { provider }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: key }),
    onError: (error) => notify({ type: 'error', message: errorMessage(error) }),
  });

  return (
    <SettingsGuard page="exports">
      <form
        className="app-inline-form"
        aria-label="Export issues"
        onSubmit={(event) => {
          event.preventDefault();
          start.mutate();
        }}
      >
        <div className="app-field">
          <label htmlFor="export-provider">Format</label>
          <select id="export-provider" value={provider} onChange={(event) => setProvider(event.target.value as ExportProvider)}>
            {EXPORT_PROVIDERS.map((value) => (
              <option key={value} value={value}>
                {value.toUpperCase()}
              </option>
            ))}
          </select>
        </div>
        {projects.data?.length ? (
          <fieldset className="app-fieldset">
            <legend>Projects (none chosen: all of them)</legend>
            <div className="app-options">
            {projects.data.map((project) => (
              <label key={project.id} className="app-option">
                <input
                  type="checkbox"
                  checked={projectIds.includes(project.id)}
                  onChange={(event) =>
                    setProjectIds((now) => (event.target.checked ? [...now, project.id] : now.filter((id) => id !== project.id)))
                  }
                />{' '}
                {project.name}
              </label>
            ))}
            </div>
          </fieldset>
        ) : null}
        <Button type="submit" variant="primary" busy={start.isPending}>
          Export issues
        </Button>
      </form>
      {jobs.isPending ? (
        <Spinner label="Loading exports…" />
      ) : jobs.isError ? (
        <p role="alert">{jobs.error.message}</p>
      ) : jobs.data.length === 0 ? (
        <EmptyState type="settings-export" role={workspace.data?.role} />
      ) : (
        <div className="app-table-scroll">
          <table className="app-table">
            <thead>
              <tr>
                <th scope="col">Requested</th>
                <th scope="col">Format</th>
                <th scope="col">Status</th>
                <th scope="col">File</th>
              </tr>
            </thead>
            <tbody>
              {jobs.data.map((job) => (
                <tr key={job.id}>
                  <td>{new Date(job.created_at).toLocaleString()}</td>
                  <td>{job.provider.toUpperCase()}</td>
                  <td>
                    {job.status === 'processing' || job.status === 'queued' ? (
                      <>
                        <progress max={100} value={job.progress} aria-label={`Export progress, ${job.provider.toUpperCase()}`} /> {job.status} ({job.progress}%)
                      </>
                    ) : (
                      job.status
                    )}
                  </td>
                  <td>{job.status === 'completed' ? <a href={exportDownloadUrl(slug, job.id)} download>Download</a> : job.error ?? ''}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <section aria-labelledby="settings-imports">
        <h3 id="settings-imports">{IMPORT_WORDS.title}</h3>
        {/* Imports go into one project: its button opens the first project's issue list with its import dialog. */}
        <PastImports slug={slug} role={workspace.data?.role} onAction={workspaceAction} />
      </section>
    </SettingsGuard>
  );
}
