import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/index.js';
import { createJobRunner, writeExport, type ExportProvider, type JobRunner } from '../exports/index.js';
import type { Storage } from '../storage/index.js';
import { exportFileKey } from './export-job-shape.js';
import { loadExportRows } from './export-rows.js';

/** The error text of a job that failed (details go to the log, not to users). */
export const EXPORT_FAILED = 'The export could not be completed. Please try again.';

/** The error text of a job the server stopped before it finished. */
export const EXPORT_INTERRUPTED = 'The server restarted before this export finished. Please start it again.';

/** Share of the progress bar for loading the issues; writing the file fills it up to 90%. */
const LOADED = 0.1;
const WRITTEN = 0.9;

/** What one export job works on. */
export interface ExportJobRequest {
  id: string;
  workspaceId: string;
  provider: ExportProvider;
  projectIds: string[];
}

/** The app's export jobs: started in the background, one at a time. */
export interface ExportJobs {
  /** Queues a job whose export_jobs row exists (status queued). */
  start(job: ExportJobRequest): void;
  /** Waits until no job is queued or running. */
  idle(): Promise<void>;
  /** Refuses new jobs and waits for the queued ones. */
  close(): Promise<void>;
}

/**
 * Marks jobs left queued or processing by a previous run as failed: their runner is gone.
 * Call it once at start, before any job of this run is queued.
 */
export async function failInterruptedExports(db: Db): Promise<void> {
  await db.query(`UPDATE export_jobs SET status = 'failed', error = $1 WHERE status IN ('queued', 'processing')`, [EXPORT_INTERRUPTED]);
}

/**
 * The runner of an app's export jobs. Each job loads the issues, writes the file in its format,
 * stores it and records status (queued → processing → completed or failed) and progress
 * (0 to 100) in its export_jobs row as it goes.
 */
export function createExportJobs(db: Db, storage: Storage, log: FastifyBaseLogger): ExportJobs {
  const runner: JobRunner<string> = createJobRunner<string>({
    onError: (error, jobId) => log.error({ err: error, jobId }, 'export job bookkeeping failed'),
  });
  return {
    start(job) {
      runner.enqueue({
        id: job.id,
        async onStart() {
          await db.query(`UPDATE export_jobs SET status = 'processing', progress = 0 WHERE id = $1`, [job.id]);
        },
        async run(progress) {
          const rows = await loadExportRows(db, job.workspaceId, job.projectIds);
          progress(LOADED);
          const file = await writeExport(job.provider, rows, { onProgress: (fraction) => progress(LOADED + (WRITTEN - LOADED) * fraction) });
          const key = exportFileKey(job.workspaceId, job.id, file.extension);
          await storage.put(key, file.bytes, { contentType: file.contentType });
          return key;
        },
        async onProgress(fraction) {
          await db.query(`UPDATE export_jobs SET progress = $2 WHERE id = $1 AND status = 'processing'`, [job.id, Math.round(fraction * 100)]);
        },
        async onComplete(key) {
          await db.query(`UPDATE export_jobs SET status = 'completed', progress = 100, file_key = $2, completed_at = now() WHERE id = $1`, [job.id, key]);
        },
        async onFailure(error) {
          log.error({ err: error, jobId: job.id }, 'export failed');
          await db.query(`UPDATE export_jobs SET status = 'failed', error = $2 WHERE id = $1`, [job.id, EXPORT_FAILED]);
        },
      });
    },
    idle: () => runner.idle(),
    close: () => runner.close(),
  };
}
