import type { FastifyBaseLogger } from 'fastify';
import type { Db, Params } from '../db/index.js';
import type { Claimed, LeaseQueue } from './lease-queue.js';

/** How a lease worker finds, runs and gives up its jobs. */
export interface LeaseWorkerOptions<T extends object> {
  db: Db;
  queue: LeaseQueue;
  /** How often an idle worker looks for jobs queued by other processes, in milliseconds. */
  pollMs: number;
  /** Jobs this process runs at once (1 by default). */
  concurrency?: number;
  /**
   * Whether the lease is renewed every third of its length while a job runs (the default). A
   * queue whose lease outlasts any one run (a webhook try and its timeout) needs no renewal.
   */
  renew?: boolean;
  log: FastifyBaseLogger;
  /** What the jobs are, for the log ("import"). */
  name: string;
  /** The columns a claim returns (besides id and attempts), and assignments made at claim time. */
  claim: { returning: string; set?: string };
  /** The assignments (`$2`… bound to `params`) that fail a job whose process died on its every attempt. */
  abandoned: { set: string; params: Params };
  /**
   * Runs one claimed job and records its outcome itself, each write conditional on the lease
   * (`queue.updateLeased`). `lease` is aborted once a renewal finds the lease lost: the job then
   * stops and writes nothing more. A throw is logged; the job's lease then runs out and it is
   * claimed again (until its attempts are used up).
   */
  run(job: Claimed<T>, lease: AbortSignal): Promise<void>;
}

/** A running worker. */
export interface LeaseWorker {
  /** Tells the worker a job was queued, so it looks now instead of at its next poll. */
  wake(): void;
  /** Stops taking jobs and waits for the running ones. */
  close(): Promise<void>;
}

/**
 * Takes jobs from a durable lease queue (see lease-queue.ts), up to `concurrency` at a time: at
 * once when woken by a request of this process, else every `pollMs`, and the next one as soon as
 * one ends. While a job runs its lease is renewed every third of the lease length (unless
 * `renew` is false). Jobs whose lease expired with no attempt left are failed (`abandoned`)
 * before each round of claims.
 */
export function startLeaseWorker<T extends object>(options: LeaseWorkerOptions<T>): LeaseWorker {
  const { db, queue, log, name, concurrency = 1 } = options;
  const running = new Set<Promise<void>>();
  let closed = false;
  let claiming: Promise<void> | null = null;
  let wanted = false;

  async function runJob(job: Claimed<T>): Promise<void> {
    const lease = new AbortController();
    const heartbeat =
      options.renew === false
        ? undefined
        : setInterval(() => {
            queue.renew(db, job.id).then(
              (held) => {
                if (!held) lease.abort(new Error(`${name} job ${job.id} lost its lease`));
              },
              (error: unknown) => log.warn({ err: error, jobId: job.id }, `${name} job lease renewal failed`),
            );
          }, queue.options.leaseMs / 3);
    try {
      await options.run(job, lease.signal);
    } catch (error) {
      if (lease.signal.aborted) log.warn({ jobId: job.id }, `${name} stopped: its lease was lost to another worker`);
      else log.error({ err: error, jobId: job.id }, `${name} job failed unexpectedly`);
    } finally {
      clearInterval(heartbeat);
    }
  }

  function start(job: Claimed<T>): void {
    const done = runJob(job).finally(() => {
      running.delete(done);
      // The next job, if any, as soon as this one has ended.
      poll();
    });
    running.add(done);
  }

  /** Claims jobs while there is room and some are waiting; runs again if woken meanwhile. */
  async function claim(): Promise<void> {
    do {
      wanted = false;
      const abandoned = await queue.failAbandoned(db, options.abandoned.set, options.abandoned.params);
      if (abandoned.length) log.warn({ jobIds: abandoned }, `${name} jobs failed: their server stopped while running them on every attempt`);
      while (!closed && running.size < concurrency) {
        const job = await queue.claim<T>(db, options.claim.returning, options.claim.set);
        if (!job) break;
        start(job);
      }
    } while (wanted && !closed);
  }

  function poll(): void {
    if (closed) return;
    if (claiming) {
      wanted = true;
      return;
    }
    claiming = claim()
      .catch((error: unknown) => {
        if (!closed) log.error({ err: error }, `could not look for ${name} jobs`);
      })
      .finally(() => {
        claiming = null;
      });
  }

  const timer = setInterval(poll, options.pollMs);
  timer.unref();
  setImmediate(poll);

  return {
    wake: () => setImmediate(poll),
    async close() {
      closed = true;
      clearInterval(timer);
      await claiming;
      await Promise.all(running);
    },
  };
}
