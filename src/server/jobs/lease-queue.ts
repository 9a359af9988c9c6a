import { hostname } from 'node:os';
import { randomUUID } from 'node:crypto';
import type { Db, Params } from '../db/index.js';

/**
 * A durable job queue in one table, shared by every server process on the database.
 *
 * The table has `id`, `status` ('queued', 'processing', then anything else once finished),
 * `attempts`, `lease_owner`, `lease_expires_at` and `created_at`. A worker claims the oldest
 * queued job, or a processing job whose lease expired (its process died), with
 * `FOR UPDATE SKIP LOCKED`, so two workers never claim the same row; the claim counts an attempt
 * and gives the worker a lease it renews while working. Every write a worker makes while running
 * a job is conditional on still holding the lease, so a worker that lost its lease cannot
 * overwrite the work of the one that took the job over. Times come from the database's clock,
 * the one clock every process shares.
 *
 * One table of our own rather than pg-boss or graphile-worker: both need a real PostgreSQL
 * server (extra connections, LISTEN/NOTIFY, their own schema), and the server also runs on PGlite,
 * where `SKIP LOCKED` and leases work the same.
 */

/** How a queue hands out and takes back its jobs. */
export interface LeaseQueueOptions {
  /** The queue's table (a constant of the code, never user input). */
  table: string;
  /** Who this worker is, recorded in `lease_owner` (see `newWorkerId`). */
  workerId: string;
  /** How long a claim or a renewal holds a job, in milliseconds. */
  leaseMs: number;
  /** Claims allowed per job: a job whose lease expired this many times is no longer claimed. */
  maxAttempts: number;
  /**
   * A timestamp column before which a queued job is not claimed (a retry waiting out its
   * backoff); none claims queued jobs at once.
   */
  notBefore?: string;
}

/** A claimed job: its row's `returning` columns, with the attempt this claim counts. */
export type Claimed<T> = T & { id: string; attempts: number };

/** A worker id unique to this process and queue: host, process id and a random part. */
export function newWorkerId(): string {
  return `${hostname()}/${process.pid}/${randomUUID().slice(0, 8)}`;
}

/** The condition "processing and its lease has expired" (a job without a lease counts as expired). */
const LEASE_EXPIRED = `status = 'processing' AND coalesce(lease_expires_at, '-infinity') < now()`;

/** One worker's view of a lease queue. */
export class LeaseQueue {
  readonly options: Readonly<LeaseQueueOptions>;

  constructor(options: LeaseQueueOptions) {
    if (!/^[a-z_][a-z0-9_]*$/.test(options.table)) throw new RangeError(`Not a table name: ${options.table}`);
    if (options.notBefore !== undefined && !/^[a-z_][a-z0-9_]*$/.test(options.notBefore)) throw new RangeError(`Not a column name: ${options.notBefore}`);
    if (!(options.leaseMs > 0) || !Number.isInteger(options.maxAttempts) || options.maxAttempts < 1) {
      throw new RangeError('A lease queue needs a positive lease length and at least one attempt');
    }
    this.options = { ...options };
  }

  /**
   * Claims the oldest job that is queued (and due, with `notBefore`), or processing with an expired lease and attempts left:
   * sets it processing under this worker's lease, counts the attempt and returns the `returning`
   * columns (a SELECT list of the table's columns), or null when nothing is waiting. `set` adds
   * assignments made at claim time (e.g. `progress = 0`).
   */
  async claim<T extends object = object>(db: Db, returning = 'id', set = ''): Promise<Claimed<T> | null> {
    const { table, workerId, leaseMs, maxAttempts, notBefore } = this.options;
    const queued = notBefore ? `(status = 'queued' AND ${notBefore} <= now())` : `status = 'queued'`;
    return db.maybeOne<Claimed<T>>(
      `UPDATE ${table} SET status = 'processing', attempts = attempts + 1, lease_owner = $1,
              lease_expires_at = now() + $2::integer * interval '1 millisecond'${set ? `, ${set}` : ''}
        WHERE id = (SELECT id FROM ${table}
                     WHERE (${queued} OR (${LEASE_EXPIRED})) AND attempts < $3
                     ORDER BY created_at, id LIMIT 1 FOR UPDATE SKIP LOCKED)
        RETURNING ${returning === 'id' ? 'id' : `id, ${returning}`}, attempts`,
      [workerId, Math.ceil(leaseMs), maxAttempts],
    );
  }

  /**
   * How long until the earliest job can be claimed or failed, by the database's clock, in
   * milliseconds (0 or less: now; null: no job is waiting or held). A queued job with attempts
   * left falls due at once (or at its `notBefore` time), a processing one when its lease expires.
   */
  async nextDueMs(db: Db): Promise<number | null> {
    const { table, maxAttempts, notBefore } = this.options;
    const row = await db.one<{ ms: number | null }>(
      `SELECT (extract(epoch FROM min(due) - now()) * 1000)::float8 AS ms FROM (
         SELECT CASE WHEN status = 'queued' THEN ${notBefore ?? 'now()'} ELSE coalesce(lease_expires_at, now()) END AS due
           FROM ${table} WHERE (status = 'queued' AND attempts < $1) OR status = 'processing') pending`,
      [maxAttempts],
    );
    return row.ms;
  }

  /** Extends this worker's lease on job `id`; false when the lease was lost (expired and taken, or the job finished). */
  async renew(db: Db, id: string): Promise<boolean> {
    const rows = await db.query(
      `UPDATE ${this.options.table} SET lease_expires_at = now() + $3::integer * interval '1 millisecond'
        WHERE id = $1 AND status = 'processing' AND lease_owner = $2 RETURNING id`,
      [id, this.options.workerId, Math.ceil(this.options.leaseMs)],
    );
    return rows.length === 1;
  }

  /**
   * Runs `UPDATE table SET <set> WHERE id = $1` only while this worker holds the job's lease;
   * `params` are bound from $3 on. True when the row was updated.
   */
  async updateLeased(db: Db, id: string, set: string, params: Params = []): Promise<boolean> {
    const rows = await db.query(
      `UPDATE ${this.options.table} SET ${set} WHERE id = $1 AND status = 'processing' AND lease_owner = $2 RETURNING id`,
      [id, this.options.workerId, ...params],
    );
    return rows.length === 1;
  }

  /**
   * Finishes the jobs whose lease expired with no attempt left (their process died mid-job that
   * many times): applies `set` to them (the failed status and its text; `params` from $2 on) and
   * returns their ids.
   */
  async failAbandoned(db: Db, set: string, params: Params = []): Promise<string[]> {
    const rows = await db.query<{ id: string }>(
      `UPDATE ${this.options.table} SET ${set} WHERE ${LEASE_EXPIRED} AND attempts >= $1 RETURNING id`,
      [this.options.maxAttempts, ...params],
    );
    return rows.map((row) => row.id);
  }
}
