/**
 * The plain copy of a shared document follows the document: once its changes have paused for
 * DERIVE_DELAY_MS (and at the latest DERIVE_MAX_WAIT_MS after the first change it holds, while
 * someone types without pausing), and when it leaves memory, the server reads the document, cleans it as it
 * cleans any client's rich text, and saves it through the REST routes' own save (plain-copies.ts).
 * The version goes up as for a REST save, the activity feed records it, and search and exports
 * read it within a few seconds of the last keystroke.
 *
 * Who the change is recorded as: the last user whose change to the document this process
 * stored; the system (no actor) when it has stored none, as when it only applied changes that
 * another process stored (that process records its own editors).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Node as PMNode } from 'prosemirror-model';
import type * as Y from 'yjs';
import type { CollabUser } from '../../collab/hub.js';
import { sharedDocument } from '../../collab/server.js';
import { clock as sdkClock } from '../../core/clock.js';
import { schema } from '../../core/schema/index.js';
import type { Db } from '../db/index.js';
import type { Timers } from '../timers.js';
import type { RichTextPool } from '../rich-text/index.js';
import { parseDocumentName } from './documents.js';
import { PLAIN_COPIES } from './plain-copies.js';

/** How long a shared document's changes must pause before its plain copy is saved (milliseconds). */
export const DERIVE_DELAY_MS = 2_000;

/**
 * The longest a change waits for its copy while the changes never pause (someone typing
 * steadily): search, exports, the API and a REST client's version are never further behind.
 */
export const DERIVE_MAX_WAIT_MS = 10_000;


/** A derive waiting for the pause: its timer and the document to read when it fires. */
interface Waiting {
  timer: unknown;
  /** The timer of the latest moment, set with the first change waiting. */
  deadline: unknown;
  doc: Y.Doc;
}

/** Saves the plain copies of the shared documents of one process. */
export class DerivedCopies {
  readonly #waiting = new Map<string, Waiting>();
  /** The last user whose change to a document was stored here. */
  readonly #actors = new Map<string, string>();
  /** Per document, the write running now: writes of one document take turns. */
  readonly #turns = new Map<string, Promise<unknown>>();
  readonly #timers: Timers;
  readonly #delayMs: number;
  readonly #maxWaitMs: number;

  constructor(
    private readonly db: Db,
    private readonly richText: RichTextPool,
    private readonly log: FastifyBaseLogger,
    options: { timers?: Timers; delayMs?: number; maxWaitMs?: number } = {},
  ) {
    this.#timers = options.timers ?? sdkClock;
    this.#delayMs = options.delayMs ?? DERIVE_DELAY_MS;
    this.#maxWaitMs = options.maxWaitMs ?? DERIVE_MAX_WAIT_MS;
  }

  /** A change to `doc` was stored (by `by`, when editors made it): its copy is saved after the pause. */
  changed(name: string, doc: Y.Doc, by: readonly CollabUser[]): void {
    const last = by.at(-1);
    if (last) this.#actors.set(name, last.id);
    const waiting = this.#waiting.get(name);
    if (waiting) this.#timers.clearTimeout(waiting.timer);
    const timer = this.#timers.setTimeout(() => void this.flush(name), this.#delayMs);
    const deadline = waiting?.deadline ?? this.#timers.setTimeout(() => void this.flush(name), this.#maxWaitMs);
    this.#waiting.set(name, { timer, deadline, doc });
  }

  /** Saves the copy now if one is waiting for the pause; resolves once no write of `name` runs. */
  async flush(name: string): Promise<void> {
    const waiting = this.#take(name);
    if (waiting) await this.#save(name, sharedDocument(waiting.doc, schema));
    else await this.#turns.get(name);
  }

  /** The document leaves memory: its copy is saved from what it holds now (it is destroyed next). */
  unloaded(name: string, doc: Y.Doc): void {
    const waiting = this.#take(name);
    // Saved when something changed since the last copy; a document only read needs none.
    if (waiting) void this.#save(name, sharedDocument(doc, schema)).finally(() => this.#actors.delete(name));
    else this.#actors.delete(name);
  }

  /** Runs `fn` while no copy of `name` is being saved, and saves none until it is done. */
  exclusive<T>(name: string, fn: () => Promise<T>): Promise<T> {
    const previous = this.#turns.get(name) ?? Promise.resolve();
    const run = previous.then(fn);
    const turn = run.catch(() => {});
    this.#turns.set(name, turn);
    void turn.then(() => {
      if (this.#turns.get(name) === turn) this.#turns.delete(name);
    });
    return run;
  }

  /** Resolves once every save started so far has ended (the server stopping, or a test). */
  async settled(): Promise<void> {
    while (this.#turns.size) await Promise.all(this.#turns.values());
  }

  /** Saves every waiting copy now, then waits for them (the server stopping). */
  async close(): Promise<void> {
    for (const [name, waiting] of [...this.#waiting]) {
      this.#take(name);
      void this.#save(name, sharedDocument(waiting.doc, schema));
    }
    await this.settled();
  }

  #take(name: string): Waiting | undefined {
    const waiting = this.#waiting.get(name);
    if (!waiting) return undefined;
    this.#timers.clearTimeout(waiting.timer);
    this.#timers.clearTimeout(waiting.deadline);
    this.#waiting.delete(name);
    return waiting;
  }

  /** Cleans `content` as a client's rich text and saves it as the document's plain copy. */
  #save(name: string, content: PMNode): Promise<void> {
    const document = parseDocumentName(name);
    if (!document) return Promise.resolve();
    const plain = PLAIN_COPIES[document.kind];
    const actor = this.#actors.get(name) ?? null;
    return this.exclusive(name, async () => {
      const cleaned = await this.richText.normalise({ json: content.toJSON() }, plain.what);
      await this.db.transaction(async (tx) => {
        const row = await plain.find(tx, document.id);
        // Deleted meanwhile: nothing to keep a copy in.
        if (row) await plain.save(tx, row, cleaned, row.description_version, actor);
      });
    }).catch((error: unknown) => this.log.error({ err: error }, `collaboration: the plain copy of ${name} could not be saved`));
  }
}
