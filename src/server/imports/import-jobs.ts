import type { FastifyBaseLogger } from 'fastify';
import { importJobShape, type ImportJob } from '../../api-shapes/import-job.js';
import type { JobQueueConfig } from '../config.js';
import type { Db } from '../db/index.js';
import { selectList } from '../db/select-list.js';
import type { JobSignals } from '../jobs/job-signals.js';
import { LeaseQueue, newWorkerId } from '../jobs/lease-queue.js';
import { startLeaseWorker, type LeaseWorker } from '../jobs/lease-worker.js';
import type { RichTextPool } from '../rich-text/index.js';
import { runImport, type ClaimedImport } from './run-import.js';

/** The error text of an import that failed for a reason of the server's (details go to the log). */
export const IMPORT_FAILED = 'The import could not be completed, so nothing was imported. Please try again.';

/** The error text of an import whose server stopped while running it, on every attempt it was given. */
export const IMPORT_INTERRUPTED = 'The server restarted before this import finished, so nothing was imported. Please start it again.';

/** SELECT list of an import job from `import_jobs j`, in the API's shape. */
export const IMPORT_JOB_COLUMNS = selectList(importJobShape, 'j', {
  progress: `json_build_object('done', j.progress_done, 'total', j.progress_total)`,
});

/** An import job as the server reads it (timestamps as Dates). */
export type ImportJobRow = Omit<ImportJob, 'created_at' | 'updated_at' | 'completed_at'> & { created_at: Date; updated_at: Date; completed_at: Date | null };

/** The import queue seen by `workerId` with the configured lease. */
export function importQueue(config: JobQueueConfig, workerId: string = newWorkerId()): LeaseQueue {
  return new LeaseQueue({ table: 'import_jobs', workerId, leaseMs: config.leaseMs, maxAttempts: config.maxAttempts });
}

/**
 * Starts the app's import worker: it claims import jobs from the durable queue in the database
 * (any server process on it may run any job), one at a time, and runs them (run-import.ts):
 * progress and the outcome are written to the job's row under its lease. A job whose process died
 * is run again from the start by another worker once its lease expired (its transaction was
 * rolled back, so nothing of it was kept), and failed once it used up its attempts.
 */
export function startImportJobs(db: Db, richText: RichTextPool, config: JobQueueConfig, log: FastifyBaseLogger, signals?: JobSignals): LeaseWorker {
  const queue = importQueue(config);
  return startLeaseWorker<Omit<ClaimedImport, 'id'>>({
    db,
    queue,
    signals,
    pollMs: config.pollMs,
    log,
    name: 'import',
    claim: { returning: 'workspace_id, project_id, source, content, requested_by', set: 'progress_done = 0, error = NULL, report = NULL' },
    abandoned: { set: `status = 'failed', error = $2, content = NULL, lease_expires_at = NULL`, params: [IMPORT_INTERRUPTED] },
    async run(job, lease) {
      const progress = async (done: number, total: number) => {
        await queue.updateLeased(db, job.id, 'progress_done = $3, progress_total = $4', [done, total]);
      };
      try {
        await runImport({ db, richText, queue, lease }, job, progress);
      } catch (error) {
        if (lease.aborted) throw error;
        log.error({ err: error, jobId: job.id }, 'import failed');
        await queue.updateLeased(db, job.id, `status = 'failed', error = $3, content = NULL, completed_at = now(), lease_expires_at = NULL`, [IMPORT_FAILED]);
      }
    },
  });
}
