/**
 * The rich-text pool's worker thread: reads documents through the editor's schema away from
 * the server's event loop. Limits are checked here too, so what is costly to measure (a JSON
 * document's size and node count) is measured off the event loop as well.
 */
// markdown-parse is imported directly, not through parseMarkdown's lazy import(): a worker
// started from TypeScript sources (tests) loads modules through require, where import() of a
// .ts source is not available.
import { parseMarkdownNow } from '../../core/serialize/markdown-parse.js';
import { htmlOverLimit, jsonOverLimit, type RichTextLimit } from './limits.js';
import { normaliseRichText, richTextOf, type RichText, type RichTextInput } from './rich-text.js';

/** A job for the worker: clean client rich text, or turn markdown (an AI answer) into rich text. */
export type RichTextTask = { kind: 'normalise'; input: RichTextInput } | { kind: 'markdown'; markdown: string };

/** The worker's answer: the rich text, or why there is none (errors do not cross threads intact). */
export type RichTextOutcome = { ok: true; richText: RichText } | { ok: false; problem: RichTextLimit | 'unreadable' };

function overLimit(input: RichTextInput): RichTextLimit | null {
  // The JSON document wins when both are given (normaliseRichText); only what is read is measured.
  if (input.json !== undefined && input.json !== null) return jsonOverLimit(input.json);
  return typeof input.html === 'string' ? htmlOverLimit(input.html) : null;
}

/** Runs one task (piscina calls the default export). */
export default async function runRichTextTask(task: RichTextTask): Promise<RichTextOutcome> {
  if (task.kind === 'markdown') {
    // Markdown is measured as text: its size, and any HTML tags it holds.
    const limit = htmlOverLimit(task.markdown);
    if (limit) return { ok: false, problem: limit };
    return { ok: true, richText: richTextOf(parseMarkdownNow(task.markdown)) };
  }
  const limit = overLimit(task.input);
  if (limit) return { ok: false, problem: limit };
  try {
    return { ok: true, richText: normaliseRichText(task.input) };
  } catch {
    return { ok: false, problem: 'unreadable' };
  }
}
