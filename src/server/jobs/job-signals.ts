import { AsyncResource } from 'node:async_hooks';
import type { FastifyBaseLogger } from 'fastify';
import type { ChangeListener, Database } from '../db/index.js';

/** The channel the job tables announce on, with the table's name (migration 0022). */
export const JOBS_CHANNEL = 'rich_editor_jobs';

/** The listening connection's application_name on PostgreSQL (apart from the other listeners). */
export const JOB_LISTENER_NAME = 'rich-editor job listener';

/** What a lease worker is told by the job signals. */
export interface JobSignalHandlers {
  /** A job of its table was added or changed in a way that may let it claim one. */
  wake(): void;
  /** The signals can be heard again, or no longer (see `JobSignals.hearing`). */
  hearingChanged(): void;
}

/**
 * One process's ear on the job queues: a listener on JOBS_CHANNEL (one connection on PostgreSQL,
 * whichever process or hand changed the table; PGlite's own notifications otherwise) that tells
 * each table's workers. While it cannot hear (not started, its connection lost, closed), the
 * workers look for jobs every `JOB_POLL_MS` instead (jobs/lease-worker.ts).
 */
export class JobSignals {
  readonly #workers = new Map<string, Set<JobSignalHandlers>>();
  #listener: ChangeListener | null = null;
  #hearing = false;

  /** Whether a job queued anywhere is announced to this process now. */
  get hearing(): boolean {
    return this.#hearing;
  }

  /** Starts listening; throws when the database cannot be listened to. */
  async start(db: Database, log: FastifyBaseLogger): Promise<void> {
    this.#listener = await db.listen(
      JOBS_CHANNEL,
      {
        message: (table) => {
          for (const worker of this.#workers.get(table) ?? []) worker.wake();
        },
        lost: () => {
          log.warn('lost the job listener: background jobs are looked for by polling until it is back');
          this.#setHearing(false);
        },
        restored: () => this.#setHearing(true),
      },
      JOB_LISTENER_NAME,
    );
    this.#setHearing(true);
  }

  /**
   * Tells `handlers` of `table`'s jobs until the returned function is called. They run in the
   * caller's async context: PGlite hands a transaction's notifications over while its statement
   * runs, and a look for jobs started there would count as that transaction's work.
   */
  subscribe(table: string, handlers: JobSignalHandlers): () => void {
    let workers = this.#workers.get(table);
    if (!workers) this.#workers.set(table, (workers = new Set()));
    const bound: JobSignalHandlers = { wake: AsyncResource.bind(handlers.wake), hearingChanged: AsyncResource.bind(handlers.hearingChanged) };
    workers.add(bound);
    return () => workers.delete(bound);
  }

  #setHearing(hearing: boolean): void {
    if (this.#hearing === hearing) return;
    this.#hearing = hearing;
    for (const workers of this.#workers.values()) for (const worker of workers) worker.hearingChanged();
  }

  /** Stops listening (after the workers closed: they are not told). */
  async close(): Promise<void> {
    this.#hearing = false;
    await this.#listener?.close();
    this.#listener = null;
  }
}
