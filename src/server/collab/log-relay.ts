/**
 * Several server processes on one PostgreSQL, each holding the shared documents its editors
 * opened: every row appended to the shared log announces itself (`u <seq> <document>`, migration
 * 0012, on COLLAB_CHANNEL); each process reads, for the documents it holds, the rows it has not
 * applied yet, applies them and passes them to its own editors. The log, not the message, is the
 * truth: a slow poll (RELAY_POLL_MS) reads the same way, so a missed notice (a dropped listening
 * connection) delays a change by at most one poll, and a listener that was down catches up
 * everything when it is back.
 *
 * The same channel carries the ends of access (`a <process> <scope>`): a member removed on one
 * process closes their connections on every process.
 *
 * PGlite is one process's database: nothing to relay, and nothing is listened to.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { CollabHub } from '../../collab/hub.js';
import type { ChangeListener, Database } from '../db/index.js';
import type { LogObserver } from './database-store.js';

/** The channel of the shared log's notices (migration 0012) and of access that ended. */
export const COLLAB_CHANNEL = 'rich_editor_collab';

/** The listening connection's application_name (apart from the read caches' change listener). */
export const RELAY_LISTENER_NAME = 'rich-editor collaboration listener';

/** How often a process reads the log of every document it holds, whatever it heard (milliseconds). */
export const RELAY_POLL_MS = 5_000;

/** Options of a relay. */
export interface RelayOptions {
  /** The slow poll's period (RELAY_POLL_MS by default). */
  pollMs?: number;
  /** Told of access that ended on another process (the scope as that process published it). */
  accessEnded(scope: unknown): void;
}

/** Reads the shared log's rows that other processes appended into this process's hub. */
export class LogRelay implements LogObserver {
  /** The documents held here, each with the numbers of its log rows this process has applied. */
  readonly #seen = new Map<string, Set<number>>();
  /** Catch-ups running now, and the documents to read once more after theirs (a notice came meanwhile). */
  readonly #reading = new Map<string, Promise<void>>();
  readonly #again = new Set<string>();
  readonly #process = randomUUID();
  #listener: ChangeListener | null = null;
  #poll: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Database,
    private readonly hub: CollabHub,
    private readonly log: FastifyBaseLogger,
    private readonly options: RelayOptions,
  ) {}

  /** Starts listening (PostgreSQL only). */
  async start(): Promise<void> {
    if (this.db.kind !== 'postgres') return;
    this.#listener = await this.db.listen(COLLAB_CHANNEL, {
      message: (payload) => this.#heard(payload),
      lost: () => this.log.warn('collaboration: lost the shared log listener; documents catch up by polling until it is back'),
      restored: () => this.#readAll(),
    }, RELAY_LISTENER_NAME);
    this.#poll = setInterval(() => this.#readAll(), this.options.pollMs ?? RELAY_POLL_MS);
    this.#poll.unref();
  }

  /** Whether another process may append to the log (there is something to relay). */
  get active(): boolean {
    return this.#listener !== null;
  }

  rows(name: string, seqs: readonly number[], loaded: boolean): void {
    if (!this.active) return;
    let seen = this.#seen.get(name);
    if (!seen || loaded) this.#seen.set(name, (seen = new Set()));
    for (const seq of seqs) seen.add(seq);
    // A row stored by another process while this one read the log is announced before the
    // document is held here: read once more at once rather than at the next poll.
    if (loaded) this.#read(name);
  }

  /** The document left this process: nothing more to read for it. */
  forget(name: string): void {
    this.#seen.delete(name);
  }

  /** Tells the other processes that access in `scope` ended (they check their connections again). */
  async publishAccessEnded(scope: unknown): Promise<void> {
    if (!this.active) return;
    await this.db.query('SELECT pg_notify($1, $2)', [COLLAB_CHANNEL, `a ${this.#process} ${JSON.stringify(scope)}`]);
  }

  #heard(payload: string): void {
    const [kind, first, ...rest] = payload.split(' ');
    if (kind === 'u' && first) {
      const name = rest.join(' ');
      const seen = this.#seen.get(name);
      if (seen && !seen.has(Number(first))) this.#read(name);
    } else if (kind === 'a' && first !== this.#process) {
      try {
        this.options.accessEnded(JSON.parse(rest.join(' ')));
      } catch (error) {
        this.log.error({ err: error }, 'collaboration: a notice of ended access could not be read');
      }
    }
  }

  #readAll(): void {
    for (const name of this.#seen.keys()) this.#read(name);
  }

  /** Reads the rows of `name` not applied yet into the hub; one read per document at a time. */
  #read(name: string): void {
    if (this.#reading.has(name)) {
      this.#again.add(name);
      return;
    }
    const reading = this.#catchUp(name)
      .catch((error: unknown) => this.log.error({ err: error }, `collaboration: ${name} could not catch up with the shared log`))
      .finally(() => {
        this.#reading.delete(name);
        if (this.#again.delete(name)) this.#read(name);
      });
    this.#reading.set(name, reading);
  }

  async #catchUp(name: string): Promise<void> {
    const seen = this.#seen.get(name);
    if (!seen) return;
    if (!this.hub.has(name)) {
      this.forget(name);
      return;
    }
    // Every row's number, and the update of those not applied yet (rows of other processes, a compaction's).
    const rows = await this.db.query<{ seq: number; update: Uint8Array | null }>(
      'SELECT seq, CASE WHEN seq = ANY($2::bigint[]) THEN NULL ELSE update END AS update FROM collab_updates WHERE document = $1 ORDER BY seq',
      [name, [...seen]],
    );
    const updates = rows.flatMap((row) => (row.update ? [row.update] : []));
    if (updates.length) await this.hub.applyStored(name, updates);
    if (this.#seen.get(name) !== seen) return;
    // Rows compacted away are dropped from what is kept; rows appended meanwhile stay.
    const present = new Set(rows.map((row) => row.seq));
    const newest = Math.max(0, ...present);
    for (const seq of seen) if (!present.has(seq) && seq <= newest) seen.delete(seq);
    for (const seq of present) seen.add(seq);
  }

  /** Stops listening and polling. */
  async close(): Promise<void> {
    if (this.#poll) clearInterval(this.#poll);
    this.#poll = null;
    await Promise.all(this.#reading.values());
    await this.#listener?.close();
    this.#listener = null;
  }
}
