import type { ApiClient } from './client.js';

/** The spec's export providers. */
export const EXPORT_PROVIDERS = ['csv', 'xlsx', 'json'] as const;

/** One of the export providers. */
export type ExportProvider = (typeof EXPORT_PROVIDERS)[number];

/** An export job: its file format, where it stands and how far along it is (percent). */
export interface ExportJob {
  id: string;
  provider: ExportProvider;
  status: 'queued' | 'processing' | 'completed' | 'failed';
  progress: number;
  project_ids: string[];
  error: string | null;
  created_at: string;
  completed_at: string | null;
}

const exportsPath = (slug: string) => `/workspaces/${encodeURIComponent(slug)}/exports`;

/** The address a finished export is downloaded from. */
export function exportDownloadUrl(slug: string, jobId: string): string {
  return `/api${exportsPath(slug)}/${encodeURIComponent(jobId)}/download`;
}

/** A workspace's issue exports. */
export function exportsApi(client: ApiClient) {
  return {
    list: (slug: string) => client.request<ExportJob[]>('GET', exportsPath(slug)),
    create: (slug: string, input: { provider: ExportProvider; project_ids?: string[] }) => client.request<ExportJob>('POST', exportsPath(slug), { body: input }),
  };
}
