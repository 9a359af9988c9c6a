import { createHash } from 'node:crypto';
import type { Db } from '../db/index.js';

/** At most `max` attempts per key within a window of `windowMs`, which starts at the key's first attempt. */
export interface Limit {
  max: number;
  windowMs: number;
}

/** A counter's key (any text: it is stored hashed) and the limit it is held to. */
export interface LimitedKey {
  key: string;
  limit: Limit;
}

/** The stored form of a key: its kind in the clear (up to the last ':'), the rest hashed, so emails and addresses are not kept. */
function storedKey(key: string): string {
  const kindEnd = key.indexOf(':', key.indexOf(':') + 1);
  const kind = kindEnd > 0 ? key.slice(0, kindEnd) : '';
  return `${kind}:${createHash('sha256').update(key).digest('base64url')}`;
}

/**
 * Attempt counters kept in the database (rate_limit_counters), so that every server process on
 * one database counts together. Windows are timed by the database's clock, so the processes'
 * clocks need not agree.
 */
export class RateLimiter {
  readonly #db: Db;
  #sweeper: ReturnType<typeof setInterval> | null = null;
  #sweeping: Promise<unknown> | null = null;

  constructor(db: Db) {
    this.#db = db;
  }

  /**
   * Counts one attempt under every key when all of them are below their limits, and answers 0.
   * Otherwise counts nothing and answers the seconds until the first refusing window ends, so a
   * refused client adds to no other counter. Atomic: concurrent attempts, from any process,
   * take turns on the counters' rows and never get past a limit together.
   */
  async take(keys: readonly LimitedKey[]): Promise<number> {
    const byKey = new Map(keys.map((entry) => [storedKey(entry.key), entry.limit]));
    const stored = [...byKey.keys()].sort();
    return this.#db.transaction(async (tx) => {
      // Creates the missing rows, starts a new window where the last one ended, and locks the
      // rows (in key order, so two attempts never wait on each other) until the transaction ends.
      const rows = await tx.query<{ key: string; count: number; seconds_left: number }>(
        `INSERT INTO rate_limit_counters AS c (key, count, window_ends_at)
         SELECT key, 0, now() + window_ms * interval '1 millisecond'
           FROM unnest($1::text[], $2::int[]) AS t(key, window_ms) ORDER BY key
         ON CONFLICT (key) DO UPDATE SET
           count = CASE WHEN c.window_ends_at <= now() THEN 0 ELSE c.count END,
           window_ends_at = CASE WHEN c.window_ends_at <= now() THEN excluded.window_ends_at ELSE c.window_ends_at END
         RETURNING key, count, ceil(extract(epoch FROM window_ends_at - now()))::int AS seconds_left`,
        [stored, stored.map((key) => byKey.get(key)!.windowMs)],
      );
      const refusing = rows.filter((row) => row.count >= byKey.get(row.key)!.max);
      if (refusing.length) return Math.max(1, ...refusing.map((row) => row.seconds_left));
      await tx.query('UPDATE rate_limit_counters SET count = count + 1 WHERE key = ANY($1::text[])', [stored]);
      return 0;
    });
  }

  /**
   * Counts one request under a single key in one statement, and answers 0 while the window holds
   * at most `limit.max` of them, else the seconds until it ends. For a limit on every request (an
   * API token's), where take()'s transaction would cost more than the request: refused requests
   * are counted too (the window's end does not move, so they cannot prolong a refusal), which
   * needs no second statement. Atomic all the same: the upsert locks the key's row.
   */
  async hit({ key, limit }: LimitedKey): Promise<number> {
    const row = await this.#db.one<{ count: number; seconds_left: number }>(
      `INSERT INTO rate_limit_counters AS c (key, count, window_ends_at) VALUES ($1, 1, now() + $2 * interval '1 millisecond')
       ON CONFLICT (key) DO UPDATE SET
         count = CASE WHEN c.window_ends_at <= now() THEN 1 ELSE c.count + 1 END,
         window_ends_at = CASE WHEN c.window_ends_at <= now() THEN excluded.window_ends_at ELSE c.window_ends_at END
       RETURNING count, ceil(extract(epoch FROM window_ends_at - now()))::int AS seconds_left`,
      [storedKey(key), limit.windowMs],
    );
    return row.count > limit.max ? Math.max(1, row.seconds_left) : 0;
  }

  /** Gives back one attempt taken under each of `keys` (an attempt that turned out not to count, such as a success). */
  async giveBack(keys: readonly string[]): Promise<void> {
    await this.#locked(keys, (tx, locked) => tx.query('UPDATE rate_limit_counters SET count = count - 1 WHERE key = ANY($1::text[]) AND count > 0', [locked]));
  }

  /** Forgets `keys`' counts. */
  async reset(keys: readonly string[]): Promise<void> {
    await this.#locked(keys, (tx, locked) => tx.query('DELETE FROM rate_limit_counters WHERE key = ANY($1::text[])', [locked]));
  }

  /** Deletes the counters whose window has ended, and answers how many. Rows an attempt holds are left for the next sweep. */
  async sweep(): Promise<number> {
    const row = await this.#db.one<{ swept: number }>(
      `WITH swept AS (
         DELETE FROM rate_limit_counters WHERE key IN (
           SELECT key FROM rate_limit_counters WHERE window_ends_at <= now() FOR UPDATE SKIP LOCKED)
         RETURNING 1)
       SELECT count(*)::int AS swept FROM swept`,
    );
    return row.swept;
  }

  /**
   * Locks `keys`' rows in key order, the order `take` locks in, and runs `change` on the rows it
   * locked and on no others. A row can appear after the lock (a concurrent attempt starting a
   * window that had been swept); it belongs to that attempt, and waiting for it here, out of key
   * order, would let two attempts each hold a row the other waits for (a deadlock).
   */
  async #locked(keys: readonly string[], change: (tx: Db, locked: string[]) => Promise<unknown>): Promise<void> {
    const stored = keys.map(storedKey).sort();
    await this.#db.transaction(async (tx) => {
      const rows = await tx.query<{ key: string }>('SELECT key FROM rate_limit_counters WHERE key = ANY($1::text[]) ORDER BY key FOR UPDATE', [stored]);
      if (rows.length) await change(tx, rows.map((row) => row.key));
    });
  }

  /** Sweeps every `intervalMs` until `stopSweeping()`; a failed sweep goes to `onError` and the next one runs as planned. */
  startSweeping(intervalMs: number, onError: (error: unknown) => void): void {
    if (this.#sweeper) return;
    this.#sweeper = setInterval(() => {
      if (this.#sweeping) return;
      this.#sweeping = this.sweep()
        .catch(onError)
        .finally(() => {
          this.#sweeping = null;
        });
    }, intervalMs);
    this.#sweeper.unref();
  }

  /** Stops sweeping, after the sweep under way (if any) has finished. */
  async stopSweeping(): Promise<void> {
    if (this.#sweeper) clearInterval(this.#sweeper);
    this.#sweeper = null;
    await this.#sweeping;
  }
}
