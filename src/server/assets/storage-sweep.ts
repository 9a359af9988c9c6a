/**
 * The storage sweep: removes the files nobody needs any more. Uploads deleted longer ago than
 * their retention lose their row, finished exports older than theirs lose their file key, and
 * database triggers queue those files (and those of deleted workspaces and users) in
 * `storage_deletions`; the sweep then removes the queued files from storage, and clears what
 * interrupted writes left behind.
 *
 * Several server processes may sweep one database at once: rows are claimed with
 * `FOR UPDATE SKIP LOCKED`, so each file is removed by one process, and a file someone else
 * already removed is no error. A claim lapses after CLAIM_SECONDS, so a file whose removal
 * failed, or whose process stopped mid-way, is retried by a later sweep.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../db/index.js';
import type { Storage } from '../storage/index.js';
import { PROCESS_TIMERS, type Timers } from '../timers.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** The app's storage sweeper (runs at start and every STORAGE_SWEEP_INTERVAL_MINUTES). */
    storageSweeper: StorageSweeper;
  }
}

/** Rows handled per statement, so a large backlog never holds long locks. */
const BATCH = 100;

/** How long a process keeps its claim on a queued file before another may take it over. */
const CLAIM_SECONDS = 600;

/**
 * How long a write must have been untouched to count as abandoned when other processes may be
 * writing to the same folder: a write in progress touches its file with every chunk.
 */
export const ABANDONED_WRITE_AGE_MS = 10 * 60_000;

/** What one sweep needs. */
export interface StorageSweepOptions {
  db: Db;
  storage: Storage;
  log: FastifyBaseLogger;
  /** Days a deleted upload stays restorable. */
  deletedUploadRetentionDays: number;
  /** Days a finished export file stays downloadable. */
  exportFileRetentionDays: number;
}

/** What one sweep did. */
export interface SweepResult {
  /** Deleted uploads whose retention ended (their rows removed, their files queued). */
  expiredUploads: number;
  /** Export files whose retention ended (queued). */
  expiredExportFiles: number;
  /** Queued files removed from storage. */
  removedFiles: number;
  /** Leftovers of interrupted writes removed. */
  abandonedWrites: number;
}

/** Removes deleted uploads past their retention, a batch at a time; their files are queued by a trigger. */
async function expireDeletedUploads(db: Db, days: number): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await db.query(
      `DELETE FROM file_assets WHERE id IN (
         SELECT id FROM file_assets WHERE deleted_at < now() - make_interval(days => $1)
          ORDER BY deleted_at LIMIT $2 FOR UPDATE SKIP LOCKED)
       RETURNING id`,
      [days, BATCH],
    );
    total += rows.length;
    if (rows.length < BATCH) return total;
  }
}

/** Drops the file of finished exports past their retention (the job stays listed); a trigger queues the file. */
async function expireExportFiles(db: Db, days: number): Promise<number> {
  let total = 0;
  for (;;) {
    const rows = await db.query(
      `UPDATE export_jobs SET file_key = NULL WHERE id IN (
         SELECT id FROM export_jobs WHERE file_key IS NOT NULL AND completed_at < now() - make_interval(days => $1)
          ORDER BY completed_at LIMIT $2 FOR UPDATE SKIP LOCKED)
       RETURNING id`,
      [days, BATCH],
    );
    total += rows.length;
    if (rows.length < BATCH) return total;
  }
}

/** Claims queued files a batch at a time, removes them from storage, and forgets the ones removed. */
async function removeQueuedFiles(db: Db, storage: Storage, log: FastifyBaseLogger): Promise<number> {
  let total = 0;
  for (;;) {
    const claimed = await db.query<{ storage_key: string }>(
      `UPDATE storage_deletions SET claimed_until = now() + make_interval(secs => $2)
        WHERE storage_key IN (
          SELECT storage_key FROM storage_deletions WHERE claimed_until IS NULL OR claimed_until < now()
           ORDER BY created_at LIMIT $1 FOR UPDATE SKIP LOCKED)
        RETURNING storage_key`,
      [BATCH, CLAIM_SECONDS],
    );
    const done: string[] = [];
    for (const { storage_key: key } of claimed) {
      try {
        await storage.delete(key);
        done.push(key);
      } catch (error) {
        // A key no store accepts names no file: forget it. Anything else is retried once the claim lapses.
        if (error instanceof RangeError) done.push(key);
        log.error({ err: error, storageKey: key }, 'could not remove a file from storage');
      }
    }
    if (done.length) await db.query('DELETE FROM storage_deletions WHERE storage_key = ANY($1::text[])', [done]);
    total += done.length;
    if (claimed.length < BATCH) return total;
  }
}

/**
 * One sweep: expires deleted uploads and old export files, removes every queued file, and
 * clears writes untouched since `abandonedBefore`.
 */
export async function sweepStorage(options: StorageSweepOptions, abandonedBefore: Date): Promise<SweepResult> {
  const { db, storage, log } = options;
  const expiredUploads = await expireDeletedUploads(db, options.deletedUploadRetentionDays);
  const expiredExportFiles = await expireExportFiles(db, options.exportFileRetentionDays);
  const removedFiles = await removeQueuedFiles(db, storage, log);
  const abandonedWrites = await storage.removeAbandonedWrites(abandonedBefore);
  return { expiredUploads, expiredExportFiles, removedFiles, abandonedWrites };
}

/** Options of the sweeper an app runs. */
export interface StorageSweeperOptions extends StorageSweepOptions {
  /** Time between two sweeps. */
  intervalMs: number;
  /** The timers the next sweep waits on (the process's by default; a test's fakes). */
  timers?: Timers;
  /**
   * Whether this process alone writes to the storage (PGlite holds its data folder for one
   * process): then every interrupted write older than the start is abandoned, and the first
   * sweep removes them all; otherwise only those untouched for ABANDONED_WRITE_AGE_MS.
   */
  exclusive: boolean;
}

/** A running sweeper. */
export interface StorageSweeper {
  /** Runs a sweep after the ones already started. */
  sweep(): Promise<SweepResult>;
  /** Resolves when the sweeps started so far are done. */
  idle(): Promise<void>;
  /** Stops the timer and waits for a running sweep. */
  close(): Promise<void>;
}

/**
 * Sweeps at once, then every `intervalMs` (an unref'd timer, so it never keeps the process
 * alive); sweeps never overlap, and a failed one is logged and retried on the next tick. After
 * `close()` no timer is left and no sweep starts.
 */
export function startStorageSweeper(options: StorageSweeperOptions): StorageSweeper {
  const startedAt = new Date();
  let first = true;
  let closed = false;
  let chain: Promise<unknown> = Promise.resolve();
  const timers = options.timers ?? PROCESS_TIMERS;
  let timer: unknown = null;

  function sweep(): Promise<SweepResult> {
    const next = chain.then(() => {
      const abandonedBefore = first && options.exclusive ? startedAt : new Date(Date.now() - ABANDONED_WRITE_AGE_MS);
      first = false;
      return sweepStorage(options, abandonedBefore);
    });
    chain = next.catch(() => {});
    return next;
  }

  function sweepInBackground(): void {
    sweep().then(
      (result) => {
        if (Object.values(result).some(Boolean)) options.log.info({ sweep: result }, 'storage swept');
      },
      (error: unknown) => options.log.error({ err: error }, 'storage sweep failed'),
    );
  }

  /** Sweeps, and sets the timer of the next sweep (set before this one runs: a tick, as an interval has). */
  function tick(): void {
    if (closed) return;
    timer = timers.setTimeout(tick, options.intervalMs);
    sweepInBackground();
  }

  tick();

  return {
    sweep,
    idle: () => chain.then(() => {}),
    async close() {
      closed = true;
      timers.clearTimeout(timer);
      await chain;
    },
  };
}
