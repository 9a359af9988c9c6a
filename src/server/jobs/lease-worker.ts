import type { FastifyBaseLogger } from 'fastify';
import type { Db, Params } from '../db/index.js';
import type { JobSignals } from './job-signals.js';
import type { Claimed, LeaseQueue } from './lease-queue.js';
import { PROCESS_TIMERS, type Timers } from '../timers.js';


/**
 * The longest an idle worker goes without looking, whatever it was told: a bound on anything
 * unforeseen (and under setTimeout's limit), one look an hour.
 */
export const IDLE_LOOK_MAX_MS = 3_600_000;

/**
 * The shortest pause before a worker looks again when a job was due but not claimable (another
 * worker was claiming it in the same moment): its next look sees it held, with its lease's end.
 */
export const DUE_AGAIN_MIN_MS = 100;

/** How a lease worker finds, runs and gives up its jobs. */
export interface LeaseWorkerOptions<T extends object> {
  db: Db;
  queue: LeaseQueue;
  /**
   * What tells the worker of jobs queued or changed by any process (migration 0022). While it
   * hears them (and with none given, never), the worker looks only when told, when woken, and
   * when the earliest retry or lease falls due.
   */
  signals?: JobSignals;
  /** How often an idle worker looks for jobs while it cannot hear the signals, in milliseconds. */
  pollMs: number;
  /** Timers for the next look (the global ones by default). */
  timers?: Timers;
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
 * once when woken by a request of this process or told by the job signals of a change to its
 * table, when the earliest job waiting (a retry's time, a lease's end) falls due, and the next
 * one as soon as one ends; while the signals cannot be heard, also every `pollMs`. An idle worker
 * with nothing due sends the database nothing. While a job runs its lease is renewed every third
 * of the lease length (unless `renew` is false). Jobs whose lease expired with no attempt left
 * are failed (`abandoned`) before each round of claims.
 */
export function startLeaseWorker<T extends object>(options: LeaseWorkerOptions<T>): LeaseWorker {
  const { db, queue, log, name, concurrency = 1, signals, timers = PROCESS_TIMERS } = options;
  const running = new Set<Promise<void>>();
  let closed = false;
  let claiming: Promise<void> | null = null;
  let wanted = false;
  let nextLook: unknown = null;

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
    // With every slot taken, the next look comes when a job ends.
    if (closed || running.size >= concurrency) return;
    const due = await queue.nextDueMs(db);
    if (closed || wanted) return;
    const untilDue = due === null ? Infinity : due > 0 ? Math.ceil(due) : DUE_AGAIN_MIN_MS;
    lookIn(Math.min(untilDue, signals?.hearing ? IDLE_LOOK_MAX_MS : options.pollMs));
  }

  function lookIn(ms: number): void {
    if (nextLook !== null) timers.clearTimeout(nextLook);
    nextLook = timers.setTimeout(poll, ms);
  }

  function poll(): void {
    if (closed) return;
    if (claiming) {
      wanted = true;
      return;
    }
    if (nextLook !== null) timers.clearTimeout(nextLook);
    nextLook = null;
    claiming = claim()
      .catch((error: unknown) => {
        if (closed) return;
        log.error({ err: error }, `could not look for ${name} jobs`);
        lookIn(options.pollMs);
      })
      .finally(() => {
        claiming = null;
        // Woken while it was finding its next look: look again now.
        if (wanted) poll();
      });
  }

  const unsubscribe = signals?.subscribe(queue.options.table, { wake: () => setImmediate(poll), hearingChanged: poll });
  setImmediate(poll);

  return {
    wake: () => setImmediate(poll),
    async close() {
      closed = true;
      unsubscribe?.();
      if (nextLook !== null) timers.clearTimeout(nextLook);
      await claiming;
      await Promise.all(running);
    },
  };
}
