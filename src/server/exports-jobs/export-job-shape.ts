import { nullable, timestamp, uuid, withIds, workspaceParams } from '../http/schemas.js';
import { EXPORT_PROVIDERS, type ExportProvider } from '../exports/index.js';

/** Where an export job stands. */
export type ExportJobStatus = 'queued' | 'processing' | 'completed' | 'failed';

/** An export job as the API returns it; `progress` is a percentage (0 to 100). */
export interface ExportJobJson {
  id: string;
  provider: ExportProvider;
  status: ExportJobStatus;
  progress: number;
  project_ids: string[];
  error: string | null;
  requested_by: string | null;
  created_at: Date;
  updated_at: Date;
  completed_at: Date | null;
}

/** SELECT list of an export job from `export_jobs j`. */
export const EXPORT_JOB_COLUMNS = 'j.id, j.provider, j.status, j.progress, j.project_ids, j.error, j.requested_by, j.created_at, j.updated_at, j.completed_at';

/** Response schema of an export job. */
export const exportJobSchema = {
  type: 'object',
  required: ['id', 'provider', 'status', 'progress', 'project_ids', 'error', 'requested_by', 'created_at', 'completed_at'],
  properties: {
    id: uuid,
    provider: { type: 'string', enum: EXPORT_PROVIDERS },
    status: { type: 'string', enum: ['queued', 'processing', 'completed', 'failed'] },
    progress: { type: 'integer' },
    project_ids: { type: 'array', items: uuid },
    error: nullable({ type: 'string' }),
    requested_by: nullable(uuid),
    created_at: timestamp,
    updated_at: timestamp,
    completed_at: nullable(timestamp),
  },
} as const;

/** Route params of …/exports/:jobId. */
export const exportJobParams = withIds(workspaceParams, 'jobId');

/**
 * The storage key of the file an attempt at an export makes. Each attempt writes a file of its
 * own, so a worker that lost its lease while storing cannot overwrite the file of the worker that
 * took the job over; the job's row names the one that counts.
 */
export function exportFileKey(workspaceId: string, jobId: string, attempt: number, extension: string): string {
  return `exports/${workspaceId}/${jobId}-${attempt}.${extension}`;
}
