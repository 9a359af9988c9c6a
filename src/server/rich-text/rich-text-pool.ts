/**
 * Rich text is read through the editor's schema in worker threads (piscina), never on the
 * event loop: a long document takes seconds to clean, and every other request would wait
 * that long. The pool is small (the server's other work needs the cores too), starts its
 * threads on first use, gives up on a task after a timeout, and is closed with the app.
 */
import { MessageChannel } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { HttpError } from '../http/errors.js';
import { RICH_TEXT_MAX_BYTES, richTextLimitMessage } from './limits.js';
import { richTextFrom, type RichText, type RichTextInput } from './rich-text.js';
import type { MarkdownDocument, RichTextOutcome, RichTextTask, TakenPort } from './rich-text-worker.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Cleans rich text off the event loop (see createRichTextPool). */
    richText: RichTextPool;
  }
}

/** The worker file: an entry that imports the TypeScript sources as ES modules when running from sources (tsx), the bundle's sibling once built (dist/server/). */
const WORKER_URL = import.meta.url.endsWith('.ts')
  ? new URL('./rich-text-worker-entry.mjs', import.meta.url)
  : new URL('./rich-text-worker.mjs', import.meta.url);

/**
 * Tasks that may wait for a thread; past this the server is too busy and says so (503). Tasks
 * wait in the pool's own queue and go to piscina only when a thread is free, so that a task's
 * timeout counts the time it is read, never the time it waited (waiting is not its fault).
 */
const MAX_QUEUE = 64;

/** Documents one user may have waiting or being read at once; past this their saves get 429. */
export const MAX_PENDING_PER_USER = 4;

/** Documents one workspace may have waiting or being read at once; past this its saves get 429. */
export const MAX_PENDING_PER_WORKSPACE = 12;

/** The answer to a user or workspace over its share of the pool. */
export const TOO_MANY_DOCUMENTS = 'Too many documents are being saved at once. Please wait a moment and try again.';

/** A task refused because MAX_QUEUE tasks are already waiting. */
class PoolFullError extends Error {}

/**
 * Whom a document is read for. Waiting tasks take turns by workspace (round robin), so a
 * workspace flooding the pool delays another's save by at most one task per thread, and each
 * user and workspace has a cap on what it may have pending.
 */
export interface RichTextOwner {
  workspace: string;
  user: string;
}

/** How the pool runs. */
export interface RichTextPoolOptions {
  /** Worker threads (RICH_TEXT_THREADS). */
  threads: number;
  /** Milliseconds a task may take to be read once a thread has it, its start not counted (RICH_TEXT_TIMEOUT_MS). */
  timeoutMs: number;
  /** Makes the signal that ends a task after `ms` (AbortSignal.timeout; tests see when timeouts start). */
  timeoutSignal?: (ms: number) => AbortSignal;
  /** The hosts client rich text may show images from (config.imageOrigins); others become links. None by default. */
  imageOrigins?: readonly string[];
}

/** The rich-text worker pool. */
export interface RichTextPool {
  /**
   * Client rich text normalised through the editor's schema (see normaliseRichText). Throws a
   * 413 naming `what` when it is over a limit (limits.ts) or takes too long, a 400 when it
   * cannot be read as a document, a 429 when `owner` has too many documents pending, a 503
   * when too many documents are waiting.
   */
  normalise(input: RichTextInput, what: string, owner?: RichTextOwner | null): Promise<RichText>;
  /** Rich text from markdown (an AI answer); over a limit or too slow: a RichTextRefusedError. */
  fromMarkdown(markdown: string, owner?: RichTextOwner | null): Promise<RichText>;
  /**
   * The plain text of stored rich text (see richTextToPlain), in order, for background work such
   * as exports: when too many documents are waiting it waits its turn instead of refusing, and
   * it is given minutes rather than the saves' timeout.
   */
  toPlain(html: ReadonlyArray<string | null>): Promise<string[]>;
  /**
   * Rich text from several markdown texts, in order, for background work such as imports: it
   * waits its turn like toPlain; each answer is the rich text or the limit its text is over.
   */
  fromMarkdownBatch(markdown: readonly string[]): Promise<MarkdownDocument[]>;
  /** Stops the threads; tasks still running are abandoned. */
  close(): Promise<void>;
}

/** Rich text the pool would not produce: over a limit, unreadable, too slow, or the server too busy. */
export class RichTextRefusedError extends HttpError {}

/**
 * How long background work's task may take: stored rich text is within the limits and reads in
 * a second or two, but the machine may be busy, and an export should not fail for that.
 */
const BACKGROUND_TIMEOUT_MS = 5 * 60_000;

/** How long background work waits before asking a full pool again: doubling from the first to the most. */
const BUSY_RETRY_FIRST_MS = 100;
const BUSY_RETRY_MAX_MS = 2_000;

/** The turn background work and the server's own tasks take among the workspaces. */
const SERVER_LANE = '';

function isBusy(error: unknown): boolean {
  return error instanceof PoolFullError;
}

function isAbort(error: unknown): boolean {
  return (error as { name?: unknown } | null)?.name === 'AbortError';
}

/** A task waiting for a thread. */
interface Waiting {
  task: RichTextTask;
  timeoutMs: number;
  resolve(outcome: RichTextOutcome): void;
  reject(error: unknown): void;
}

/** A pool whose threads start on first use. */
export function createRichTextPool(options: RichTextPoolOptions): RichTextPool {
  let pool: Piscina<RichTextTask & TakenPort, RichTextOutcome> | null = null;
  let closed = false;
  const imageOrigins = options.imageOrigins ?? [];
  const timeoutSignal = options.timeoutSignal ?? ((ms: number) => AbortSignal.timeout(ms));
  /** Waiting tasks by workspace (SERVER_LANE for the server's own), and the workspaces in turn order. */
  const lanes = new Map<string, Waiting[]>();
  const turns: string[] = [];
  let waiting = 0;
  let running = 0;
  /** Tasks pending (waiting or running) per user and per workspace. */
  const perUser = new Map<string, number>();
  const perWorkspace = new Map<string, number>();
  const add = (counts: Map<string, number>, key: string, by: number) => {
    const next = (counts.get(key) ?? 0) + by;
    if (next) counts.set(key, next);
    else counts.delete(key);
  };

  /** Gives waiting tasks to free threads, a workspace at a time in turn. */
  function dispatch(): void {
    while (!closed && running < options.threads && waiting > 0) {
      const lane = turns.shift()!;
      const queue = lanes.get(lane)!;
      const next = queue.shift()!;
      if (queue.length) turns.push(lane);
      else lanes.delete(lane);
      waiting--;
      running++;
      pool ??= new Piscina<RichTextTask & TakenPort, RichTextOutcome>({ filename: WORKER_URL.href, minThreads: options.threads, maxThreads: options.threads, idleTimeout: 60_000 });
      // The timeout starts when a thread says it has the task, not before: a thread's start (its
      // modules load in seconds on a busy machine: the first task after the server starts, or
      // after a thread was replaced) is not the document's time. A task read before the word
      // arrives (the result comes on piscina's own port) is never timed: it is done.
      const abort = new AbortController();
      const { port1: taken, port2 } = new MessageChannel();
      taken.once('message', () => {
        const signal = timeoutSignal(next.timeoutMs);
        if (signal.aborted) abort.abort(signal.reason);
        else signal.addEventListener('abort', () => abort.abort(signal.reason), { once: true });
      });
      pool
        // (piscina types its transfer list from postMessage's last overload, an options object
        // in these Node types; at run time it is the list postMessage takes.)
        .run({ ...next.task, taken: port2 }, { signal: abort.signal, transferList: [port2] as never })
        .then(next.resolve, next.reject)
        .finally(() => {
          taken.close();
          running--;
          dispatch();
        });
    }
  }

  /**
   * Runs a task on a thread once one is free and it is its workspace's turn: a full queue throws
   * a PoolFullError, an owner over its share a 429, a task read for longer than `timeoutMs` an AbortError.
   */
  async function runTask(task: RichTextTask, owner: RichTextOwner | null, timeoutMs = options.timeoutMs): Promise<RichTextOutcome> {
    if (closed) throw new RichTextRefusedError(503, 'The server is shutting down. Please try again in a moment.');
    if (owner && ((perUser.get(owner.user) ?? 0) >= MAX_PENDING_PER_USER || (perWorkspace.get(owner.workspace) ?? 0) >= MAX_PENDING_PER_WORKSPACE)) {
      throw new RichTextRefusedError(429, TOO_MANY_DOCUMENTS, { headers: { 'retry-after': '5' } });
    }
    if (waiting >= MAX_QUEUE) throw new PoolFullError(`${waiting} rich-text tasks are waiting`);
    const lane = owner?.workspace ?? SERVER_LANE;
    if (owner) {
      add(perUser, owner.user, 1);
      add(perWorkspace, owner.workspace, 1);
    }
    try {
      return await new Promise<RichTextOutcome>((resolve, reject) => {
        const queue = lanes.get(lane);
        if (queue) queue.push({ task, timeoutMs, resolve, reject });
        else {
          lanes.set(lane, [{ task, timeoutMs, resolve, reject }]);
          turns.push(lane);
        }
        waiting++;
        dispatch();
      });
    } finally {
      if (owner) {
        add(perUser, owner.user, -1);
        add(perWorkspace, owner.workspace, -1);
      }
    }
  }

  async function run(task: RichTextTask, what: string, owner: RichTextOwner | null): Promise<RichText> {
    let outcome: RichTextOutcome;
    try {
      outcome = await runTask(task, owner);
    } catch (error) {
      if (isAbort(error)) throw new RichTextRefusedError(413, `The ${what} took too long to read. Make it shorter and try again.`);
      if (isBusy(error)) throw new RichTextRefusedError(503, 'The server is busy. Please try again in a moment.', { headers: { 'retry-after': '5' } });
      throw error;
    }
    if ('richText' in outcome) return richTextFrom(outcome.richText);
    if (outcome.ok) throw new Error(`A ${task.kind} task answered plain text`);
    if (outcome.problem === 'unreadable') throw new RichTextRefusedError(400, `The ${what} could not be read as a document.`);
    throw new RichTextRefusedError(413, richTextLimitMessage(what, outcome.problem));
  }

  /** Runs background work's task in the server's turn, asking again while the pool is full. */
  async function inBackground(task: RichTextTask): Promise<RichTextOutcome> {
    for (let wait = BUSY_RETRY_FIRST_MS; ; wait = Math.min(wait * 2, BUSY_RETRY_MAX_MS)) {
      try {
        return await runTask(task, null, Math.max(options.timeoutMs, BACKGROUND_TIMEOUT_MS));
      } catch (error) {
        if (!isBusy(error)) throw error;
      }
      await new Promise((resolve) => setTimeout(resolve, wait));
    }
  }

  return {
    async normalise(input, what, owner = null) {
      // A string longer than the limit in UTF-16 units is over it in bytes: refused without copying it to a thread.
      if (typeof input.html === 'string' && (input.json === undefined || input.json === null) && input.html.length > RICH_TEXT_MAX_BYTES) {
        throw new RichTextRefusedError(413, richTextLimitMessage(what, 'size'));
      }
      return run({ kind: 'normalise', input: { html: input.html, json: input.json }, imageOrigins }, what, owner);
    },
    fromMarkdown: (markdown, owner = null) => run({ kind: 'markdown', markdown, imageOrigins }, 'answer', owner),
    async toPlain(html) {
      const outcome = await inBackground({ kind: 'plain', html });
      if (outcome.ok && 'plain' in outcome) return outcome.plain;
      throw new Error('A plain-text task answered something else');
    },
    async fromMarkdownBatch(markdown) {
      const outcome = await inBackground({ kind: 'markdown-batch', markdown, imageOrigins });
      if (outcome.ok && 'documents' in outcome) return outcome.documents;
      throw new Error('A markdown batch answered something else');
    },
    async close() {
      closed = true;
      for (const queue of lanes.values()) for (const task of queue) task.reject(new RichTextRefusedError(503, 'The server is shutting down. Please try again in a moment.'));
      lanes.clear();
      turns.length = 0;
      waiting = 0;
      await pool?.destroy();
      pool = null;
    },
  };
}
