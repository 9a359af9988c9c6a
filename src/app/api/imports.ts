import type { ImportJob } from '../../api-shapes/import-job.js';
import type { ImportSource } from '../../api-shapes/import-sources.js';
import type { ApiClient } from './client.js';

export type { ImportJob, ImportReport, ImportRowNote } from '../../api-shapes/import-job.js';
export { IMPORT_FILE_MAX_BYTES, IMPORT_SOURCES, IMPORT_TOO_LARGE, type ImportSource } from '../../api-shapes/import-sources.js';

const importsPath = (slug: string, projectId: string, importId?: string) =>
  `/workspaces/${encodeURIComponent(slug)}/projects/${encodeURIComponent(projectId)}/imports${importId ? `/${encodeURIComponent(importId)}` : ''}`;

/** Whether an import is still running on the server. */
export function importRunning(job: ImportJob | undefined): boolean {
  return job?.status === 'queued' || job?.status === 'processing';
}

/** A project's imports of other trackers' export files: start one, follow it. */
export function importsApi(client: ApiClient) {
  return {
    list: (slug: string, projectId: string) => client.request<ImportJob[]>('GET', importsPath(slug, projectId)),
    get: (slug: string, projectId: string, importId: string) => client.request<ImportJob>('GET', importsPath(slug, projectId, importId)),
    /** Sends `file` (as multipart) to be imported from `source`; the job is queued. */
    create: (slug: string, projectId: string, source: ImportSource, file: File) => {
      const form = new FormData();
      form.append('source', source);
      form.append('file', file, file.name);
      return client.request<ImportJob>('POST', importsPath(slug, projectId), { body: form });
    },
  };
}
