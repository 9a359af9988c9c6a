import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useApi } from '../api/api-context.js';
import { errorMessage } from '../api/api-error.js';
import { EXPORT_PROVIDERS, exportDownloadUrl, type ExportJob, type ExportProvider } from '../api/exports.js';
import { useWorkspace, useWorkspaceSlug } from '../layout/workspace-data.js';
import { can, Role } from '../roles.js';
import { Button } from '../ui/button.js';
import { Spinner } from '../ui/spinner.js';
import { useNotify } from '../ui/toasts.js';
import { SettingsGuard } from './settings-layout.js';
import { EmptyState } from '../empty-states/index.js';

const unfinished = (jobs: readonly ExportJob[] | undefined) => !!jobs?.some((job) => job.status === 'queued' || job.status === 'processing');

/** Settings, Exports (members): export the workspace's issues as CSV, XLSX or JSON, and download finished exports. */
export function SettingsExportsScreen() {
  const slug = useWorkspaceSlug();
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const workspace = useWorkspace(slug);
  const [provider, setProvider] = useState<ExportProvider>('csv');
  const key = ['workspaces', slug, 'exports'];
  const jobs = useQuery({
    queryKey: key,
    queryFn: () => api.exports.list(slug),
    enabled: can(workspace.data?.role, Role.Member),
    // Jobs run on the server: look again while one is still going.
    refetchInterval: (query) => (unfinished(query.state.data) ? 2000 : false),
  });
  const start = useMutation({
    mutationFn: () => api.exports.create(slug, { provider }),
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
                <td>{job.status === 'processing' ? `processing (${job.progress}%)` : job.status}</td>
                <td>{job.status === 'completed' ? <a href={exportDownloadUrl(slug, job.id)} download>Download</a> : job.error ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </SettingsGuard>
  );
}
