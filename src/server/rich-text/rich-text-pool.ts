/**
 * Rich text is read through the editor's schema in worker threads (piscina), never on the
 * event loop: a long document takes seconds to clean, and every other request would wait
 * that long. The pool is small (the server's other work needs the cores too), starts its
 * threads on first use, gives up on a task after a timeout, and is closed with the app.
 */
import { Piscina } from 'piscina';
import { HttpError } from '../http/errors.js';
import { RICH_TEXT_MAX_BYTES, richTextLimitMessage } from './limits.js';
import type { RichText, RichTextInput } from './rich-text.js';
import type { RichTextOutcome, RichTextTask } from './rich-text-worker.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Cleans rich text off the event loop (see createRichTextPool). */
    richText: RichTextPool;
  }
}

/** The worker file: the TypeScript source when running from sources (tsx), the bundle's sibling once built (dist/server/). */
const WORKER_URL = import.meta.url.endsWith('.ts')
  ? new URL('./rich-text-worker.ts', import.meta.url)
  : new URL('./rich-text-worker.mjs', import.meta.url);

/**
 * Tasks that may wait for a thread; past this the server is too busy and says so (503). Counted
 * here: piscina's own `maxQueue` does not hold tasks given an abort signal (they wait in a queue
 * of their own), and every task here has one, its timeout.
 */
const MAX_QUEUE = 64;

/** A task refused because MAX_QUEUE tasks are already waiting. */
class PoolFullError extends Error {}

/** How the pool runs. */
export interface RichTextPoolOptions {
  /** Worker threads (RICH_TEXT_THREADS). */
  threads: number;
  /** Milliseconds a task may take, queue time included (RICH_TEXT_TIMEOUT_MS). */
  timeoutMs: number;
}

/** The rich-text worker pool. */
export interface RichTextPool {
  /**
   * Client rich text normalised through the editor's schema (see normaliseRichText). Throws a
   * 413 naming `what` when it is over a limit (limits.ts) or takes too long, a 400 when it
   * cannot be read as a document, a 503 when too many documents are waiting.
   */
  normalise(input: RichTextInput, what: string): Promise<RichText>;
  /** Rich text from markdown (an AI answer); over a limit or too slow: a RichTextRefusedError. */
  fromMarkdown(markdown: string): Promise<RichText>;
  /**
   * The plain text of stored rich text (see richTextToPlain), in order, for background work such
   * as exports: when too many documents are waiting it waits its turn instead of refusing, and
   * it is given minutes rather than the saves' timeout.
   */
  toPlain(html: ReadonlyArray<string | null>): Promise<string[]>;
  /** Stops the threads; tasks still running are abandoned. */
  close(): Promise<void>;
}

/** Rich text the pool would not produce: over a limit, unreadable, too slow, or the server too busy. */
export class RichTextRefusedError extends HttpError {}

/**
 * How long background work's task may take, waiting for a thread included: stored rich text is
 * within the limits and reads in a second or two, but may queue behind many saves on a busy
 * server, and an export should not fail for that.
 */
const BACKGROUND_TIMEOUT_MS = 5 * 60_000;

/** How long background work waits before asking a full pool again: doubling from the first to the most. */
const BUSY_RETRY_FIRST_MS = 100;
const BUSY_RETRY_MAX_MS = 2_000;

function isBusy(error: unknown): boolean {
  return error instanceof PoolFullError;
}

function isAbort(error: unknown): boolean {
  return (error as { name?: unknown } | null)?.name === 'AbortError';
}

/** A pool whose threads start on first use. */
export function createRichTextPool(options: RichTextPoolOptions): RichTextPool {
  let pool: Piscina<RichTextTask, RichTextOutcome> | null = null;
  let closed = false;
  /** Tasks given to the pool and not settled yet: running or waiting for a thread. */
  let unsettled = 0;

  /** Runs a task on a thread; a full queue throws a PoolFullError, a task over the timeout an AbortError. */
  async function runTask(task: RichTextTask, timeoutMs = options.timeoutMs): Promise<RichTextOutcome> {
    if (closed) throw new RichTextRefusedError(503, 'The server is shutting down. Please try again in a moment.');
    if (unsettled >= options.threads + MAX_QUEUE) throw new PoolFullError(`${unsettled} rich-text tasks are running or waiting`);
    pool ??= new Piscina<RichTextTask, RichTextOutcome>({
      filename: WORKER_URL.href,
      minThreads: options.threads,
      maxThreads: options.threads,
      idleTimeout: 60_000,
    });
    unsettled++;
    try {
      return await pool.run(task, { signal: AbortSignal.timeout(timeoutMs) });
    } finally {
      unsettled--;
    }
  }

  async function run(task: RichTextTask, what: string): Promise<RichText> {
    let outcome: RichTextOutcome;
    try {
      outcome = await runTask(task);
    } catch (error) {
      if (isAbort(error)) throw new RichTextRefusedError(413, `The ${what} took too long to read. Make it shorter and try again.`);
      if (isBusy(error)) throw new RichTextRefusedError(503, 'The server is busy. Please try again in a moment.', { headers: { 'retry-after': '5' } });
      throw error;
    }
    if ('richText' in outcome) return outcome.richText;
    if (outcome.ok) throw new Error(`A ${task.kind} task answered plain text`);
    if (outcome.problem === 'unreadable') throw new RichTextRefusedError(400, `The ${what} could not be read as a document.`);
    throw new RichTextRefusedError(413, richTextLimitMessage(what, outcome.problem));
  }

  return {
    async normalise(input, what) {
      // A string longer than the limit in UTF-16 units is over it in bytes: refused without copying it to a thread.
      if (typeof input.html === 'string' && (input.json === undefined || input.json === null) && input.html.length > RICH_TEXT_MAX_BYTES) {
        throw new RichTextRefusedError(413, richTextLimitMessage(what, 'size'));
      }
      return run({ kind: 'normalise', input: { html: input.html, json: input.json } }, what);
    },
    fromMarkdown: (markdown) => run({ kind: 'markdown', markdown }, 'answer'),
    async toPlain(html) {
      for (let wait = BUSY_RETRY_FIRST_MS; ; wait = Math.min(wait * 2, BUSY_RETRY_MAX_MS)) {
        try {
          const outcome = await runTask({ kind: 'plain', html }, Math.max(options.timeoutMs, BACKGROUND_TIMEOUT_MS));
          if (outcome.ok && 'plain' in outcome) return outcome.plain;
          throw new Error('A plain-text task answered something else');
        } catch (error) {
          if (!isBusy(error)) throw error;
        }
        await new Promise((resolve) => setTimeout(resolve, wait));
      }
    },
    async close() {
      closed = true;
      await pool?.destroy();
      pool = null;
    },
  };
}
