/**
 * The rich-text pool's worker thread: reads documents through the editor's schema away from
 * the server's event loop. Limits are checked here too, so what is costly to measure (a JSON
 * document's size and node count) is measured off the event loop as well.
 */
import type { MessagePort } from 'node:worker_threads';
import type { Node as PMNode } from 'prosemirror-model';
// markdown-parse is imported directly, not through parseMarkdown's lazy import(): the worker
// reads markdown for AI answers and imports, so it may as well load it with the rest.
import { parseMarkdownNow } from '../../core/serialize/markdown-parse.js';
import { htmlOverLimit, jsonOverLimit, type RichTextLimit } from './limits.js';
import { normaliseSerialised, remoteImagesAsLinks, richTextOf, richTextToPlain, serialisedOf, type RichText, type RichTextInput, type SerialisedRichText } from './rich-text.js';

/**
 * A job for the worker: clean client rich text, turn markdown (an AI answer) into rich text, or
 * read stored rich text (already clean) as plain text, several documents at a time. Images from
 * hosts outside `imageOrigins` become links (http/image-policy.ts).
 */
export type RichTextTask =
  | { kind: 'normalise'; input: RichTextInput; imageOrigins: readonly string[] }
  | { kind: 'markdown'; markdown: string; imageOrigins: readonly string[] }
  | { kind: 'markdown-batch'; markdown: readonly string[]; imageOrigins: readonly string[] }
  | { kind: 'plain'; html: ReadonlyArray<string | null> };

/** A port the pool sends with a task, told when a thread takes the task (the pool's timeout starts then). */
export interface TakenPort {
  taken?: MessagePort;
}

/**
 * The worker's answer: the rich text (its JSON as text, SerialisedRichText) or the plain texts,
 * or why there are none (errors do not cross threads intact).
 */
export type RichTextOutcome =
  | { ok: true; richText: SerialisedRichText }
  | { ok: true; plain: string[] }
  | { ok: true; documents: MarkdownDocument[] }
  | { ok: false; problem: RichTextLimit | 'unreadable' };

/** One markdown text of a batch read: its rich text, or the limit it is over. */
export type MarkdownDocument = { richText: RichText } | { problem: RichTextLimit };

/** Markdown as a document, or the limit it is over, measured as text first: its size, and any HTML tags it holds. */
function markdownIn(markdown: string, imageOrigins: readonly string[]): PMNode | RichTextLimit {
  const limit = htmlOverLimit(markdown);
  return limit ?? remoteImagesAsLinks(parseMarkdownNow(markdown), imageOrigins);
}

function fromMarkdown(markdown: string, imageOrigins: readonly string[]): MarkdownDocument {
  const doc = markdownIn(markdown, imageOrigins);
  return typeof doc === 'string' ? { problem: doc } : { richText: richTextOf(doc) };
}

function overLimit(input: RichTextInput): RichTextLimit | null {
  // The JSON document wins when both are given (normaliseRichText); only what is read is measured.
  if (input.json !== undefined && input.json !== null) return jsonOverLimit(input.json);
  return typeof input.html === 'string' ? htmlOverLimit(input.html) : null;
}

/** Runs one task (piscina calls the default export). */
export default async function runRichTextTask(task: RichTextTask & TakenPort): Promise<RichTextOutcome> {
  // The pool times a task from here: this thread has loaded the reader and has the task.
  task.taken?.postMessage(null);
  task.taken?.close();
  if (task.kind === 'plain') return { ok: true, plain: task.html.map(richTextToPlain) };
  if (task.kind === 'markdown-batch') return { ok: true, documents: task.markdown.map((markdown) => fromMarkdown(markdown, task.imageOrigins)) };
  if (task.kind === 'markdown') {
    const doc = markdownIn(task.markdown, task.imageOrigins);
    return typeof doc === 'string' ? { ok: false, problem: doc } : { ok: true, richText: serialisedOf(doc) };
  }
  const limit = overLimit(task.input);
  if (limit) return { ok: false, problem: limit };
  try {
    return { ok: true, richText: normaliseSerialised(task.input, task.imageOrigins) };
  } catch {
    return { ok: false, problem: 'unreadable' };
  }
}
