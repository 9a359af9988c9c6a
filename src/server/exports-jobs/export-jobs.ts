import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/index.js';
import { createJobRunner, writeExport, type ExportProvider, type JobRunner } from '../exports/index.js';
import type { JobQueueConfig } from '../config.js';
import type { JobSignals } from '../jobs/job-signals.js';
import { LeaseQueue, newWorkerId, type Claimed } from '../jobs/lease-queue.js';
import { startLeaseWorker } from '../jobs/lease-worker.js';
import type { RichTextPool } from '../rich-text/index.js';
import type { Storage } from '../storage/index.js';
import { exportFileKey } from './export-job-shape.js';
import { ExportRefused, loadExportRows, type ExportScope } from './export-rows.js';

/** The error text of a job that failed (details go to the log, not to users). */
export const EXPORT_FAILED = 'The export could not be completed. Please try again.';

/** The error text of a job whose server stopped while making it, on every attempt it was given. */
export const EXPORT_INTERRUPTED = 'The server restarted before this export finished. Please start it again.';

/** Share of the progress bar for loading the issues; writing the file fills it up to 90%. */
const LOADED = 0.1;
const WRITTEN = 0.9;

/** Thrown when the final renewal before storing finds the job taken over by another worker. */
class LeaseLost extends Error {}

/** The export queue's table. */
const EXPORT_QUEUE_TABLE = 'export_jobs';

/** What one export job works on, as claimed from the queue. */
interface ClaimedExport extends ExportScope {
  provider: ExportProvider;
}

/** The app's export worker: takes jobs from the queue in the database, one at a time. */
export interface ExportJobs {
  /** Tells the worker a job was queued, so it looks now instead of at its next poll. */
  wake(): void;
  /** Stops taking jobs and waits for the running one. */
  close(): Promise<void>;
}

/** The export queue seen by `workerId` with the configured lease. */
export function exportQueue(config: JobQueueConfig, workerId: string = newWorkerId()): LeaseQueue {
  return new LeaseQueue({ table: EXPORT_QUEUE_TABLE, workerId, leaseMs: config.leaseMs, maxAttempts: config.maxAttempts });
}

/**
 * Starts the app's export worker. It claims jobs from the durable queue (see jobs/lease-queue.ts)
 * whenever it is idle: at once when woken by a request of this process or told by `signals` of a
 * job queued elsewhere, and when a lease it waits on runs out (every `pollMs` while it cannot hear).
 * Each job loads the issues (descriptions read as plain text in the rich-text pool, off the event
 * loop), writes the file in its format, stores it and records progress (0 to
 * 100) and the outcome (completed or failed) in its export_jobs row, renewing its lease every
 * third of the lease length. If the lease is lost (the database was unreachable, or the process
 * too busy to renew, for longer than the lease, and another worker took the job over), the job
 * stops and writes nothing more. Jobs whose
 * process died mid-job are taken over by any worker once their lease expired, and failed once
 * they used up their attempts. Each attempt stores a file of its own (`exportFileKey`): one that
 * lost its lease deletes its file instead of recording it, and the attempt that is recorded
 * deletes those of earlier attempts, so one file per job stays.
 */
export function createExportJobs(db: Db, storage: Storage, richText: RichTextPool, config: JobQueueConfig, log: FastifyBaseLogger, signals?: JobSignals): ExportJobs {
  const queue = exportQueue(config);
  const runner: JobRunner<string> = createJobRunner<string>({
    onError: (error, jobId) => log.error({ err: error, jobId }, 'export job bookkeeping failed'),
  });
  const leaseLost = (job: Claimed<ClaimedExport>) => new LeaseLost(`export job ${job.id} lost its lease`);

  /** Makes one export: loads, writes and stores its file, and records the outcome under the lease. */
  function run(job: Claimed<ClaimedExport>, lease: AbortSignal): Promise<void> {
    // Lost to another worker: nothing more is written (the one that took it over records it).
    const lost = (error: unknown) => lease.aborted || error instanceof LeaseLost;
    runner.enqueue({
      id: job.id,
      async run(progress) {
        const rows = await loadExportRows(db, richText, job);
        lease.throwIfAborted();
        progress(LOADED);
        const file = await writeExport(job.provider, rows, { onProgress: (fraction) => progress(LOADED + (WRITTEN - LOADED) * fraction) });
        // The last moment to find out that another worker took the job over before writing its file.
        if (!(await queue.renew(db, job.id))) throw leaseLost(job);
        lease.throwIfAborted();
        const key = exportFileKey(job.workspace_id, job.id, job.attempts, file.extension);
        await storage.put(key, file.bytes, { contentType: file.contentType });
        return key;
      },
      async onProgress(fraction) {
        await queue.updateLeased(db, job.id, 'progress = $3', [Math.round(fraction * 100)]);
      },
      async onComplete(key) {
        const recorded = await queue.updateLeased(db, job.id, `status = 'completed', progress = 100, file_key = $3, completed_at = now(), lease_expires_at = NULL`, [key]);
        if (!recorded) {
          // The worker that took the job over records its own file; this one is nobody's.
          log.warn({ jobId: job.id }, 'export finished after its lease was lost; the worker that took it over records it');
          await storage.delete(key);
          return;
        }
        // Files of earlier attempts whose process died between storing and recording.
        for (let attempt = 1; attempt < job.attempts; attempt++) await storage.delete(exportFileKey(job.workspace_id, job.id, attempt, job.provider));
      },
      async onFailure(error) {
        if (lost(error)) {
          log.warn({ jobId: job.id }, 'export stopped: its lease was lost to another worker');
          return;
        }
        const refused = error instanceof ExportRefused;
        if (refused) log.warn({ jobId: job.id, reason: error.message }, 'export refused');
        else log.error({ err: error, jobId: job.id }, 'export failed');
        await queue.updateLeased(db, job.id, `status = 'failed', error = $3, lease_expires_at = NULL`, [refused ? error.message : EXPORT_FAILED]);
      },
    });
    return runner.idle();
  }

  const worker = startLeaseWorker<ClaimedExport>({
    db,
    queue,
    signals,
    pollMs: config.pollMs,
    log,
    name: 'export',
    claim: { returning: 'workspace_id, provider, project_ids, requested_by', set: 'progress = 0, error = NULL' },
    abandoned: { set: `status = 'failed', error = $2, lease_expires_at = NULL`, params: [EXPORT_INTERRUPTED] },
    run,
  });

  return {
    wake: worker.wake,
    async close() {
      await worker.close();
      await runner.close();
    },
  };
}
