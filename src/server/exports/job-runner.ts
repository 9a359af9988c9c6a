/**
 * Background jobs run one at a time (exports are CPU and memory heavy; one at a time
 * keeps the server responsive). The runner owns no storage: it tells the job's
 * callbacks what happened, and the caller records status and progress where it likes.
 */

/** A job: its work and the callbacks that hear about it. */
export interface Job<T> {
  /** The caller's id for the job (e.g. the export_jobs row), passed to `onError`. */
  id: string;
  /** The work; `progress` takes a fraction from 0 to 1. */
  run(progress: (fraction: number) => void): Promise<T>;
  /** Called when the job starts running. */
  onStart?(): void | Promise<void>;
  /** Called with each new fraction, in order, never after `onComplete`/`onFailure`. */
  onProgress?(fraction: number): void | Promise<void>;
  /** Called with the result when `run` succeeds. If it throws, `onFailure` is called instead. */
  onComplete(result: T): void | Promise<void>;
  /** Called when `run` (or `onStart`/`onComplete`) fails. */
  onFailure(error: Error): void | Promise<void>;
}

/** Options of `createJobRunner`. */
export interface JobRunnerOptions {
  /** Hears failures of the callbacks themselves (a failed `onFailure`, a failed progress write); the console by default. */
  onError?(error: Error, jobId: string): void;
}

/** The runner. */
export interface JobRunner<T> {
  /** Queues a job; it runs after those queued before it. Throws a `RangeError` after `close()`. */
  enqueue(job: Job<T>): void;
  /** Jobs queued or running. */
  readonly pending: number;
  /** Resolves when no job is queued or running. */
  idle(): Promise<void>;
  /** Refuses new jobs and resolves when the queued ones are done. */
  close(): Promise<void>;
}

function asError(value: unknown): Error {
  return value instanceof Error ? value : new Error(String(value));
}

/** Creates a runner that runs its jobs one after another, in the background. */
export function createJobRunner<T>(options: JobRunnerOptions = {}): JobRunner<T> {
  const handler = options.onError ?? ((error: Error, jobId: string) => console.error(`Background job ${jobId}:`, error));
  // A throwing error handler must not stop the queue.
  const onError = (error: unknown, jobId: string) => {
    try {
      handler(asError(error), jobId);
    } catch {
      // Nothing is left to tell.
    }
  };
  const queue: Array<Job<T>> = [];
  let running = false;
  let closed = false;
  let waiters: Array<() => void> = [];

  async function runOne(job: Job<T>): Promise<void> {
    // Progress writes are chained so they land in order, and all land before the outcome.
    let progressChain = Promise.resolve();
    let finished = false;
    const progress = (fraction: number) => {
      if (finished || !job.onProgress) return;
      const value = Math.min(1, Math.max(0, fraction));
      progressChain = progressChain.then(() => job.onProgress?.(value)).catch((error: unknown) => onError(error, job.id));
    };
    let outcome: { ok: true; result: T } | { ok: false; error: Error };
    try {
      await job.onStart?.();
      outcome = { ok: true, result: await job.run(progress) };
    } catch (error) {
      outcome = { ok: false, error: asError(error) };
    }
    finished = true;
    await progressChain;
    if (outcome.ok) {
      try {
        await job.onComplete(outcome.result);
        return;
      } catch (error) {
        outcome = { ok: false, error: asError(error) };
      }
    }
    try {
      await job.onFailure(outcome.error);
    } catch (error) {
      onError(error, job.id);
    }
  }

  async function drain(): Promise<void> {
    running = true;
    while (queue.length) {
      const job = queue[0];
      await runOne(job);
      queue.shift();
    }
    running = false;
    const done = waiters;
    waiters = [];
    for (const resolve of done) resolve();
  }

  const runner: JobRunner<T> = {
    enqueue(job) {
      if (closed) throw new RangeError('The job runner is closed');
      queue.push(job);
      // Started on a later turn, so enqueue never runs job code synchronously.
      if (!running) {
        running = true;
        setImmediate(() => void drain());
      }
    },
    get pending() {
      return queue.length;
    },
    idle() {
      return running || queue.length ? new Promise<void>((resolve) => waiters.push(resolve)) : Promise.resolve();
    },
    close() {
      closed = true;
      return runner.idle();
    },
  };
  return runner;
}
