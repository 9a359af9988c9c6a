/**
 * Stored rich text (issue descriptions, comments, pages) always passes through the
 * editor core's schema before it is saved: whatever a client sends, only what the
 * editor itself could have produced is kept, cleaned by the same attribute rules the
 * browser applies (scripts, handlers, unsafe links and image addresses disappear).
 */
import type { Node as PMNode } from 'prosemirror-model';
import { Transform } from 'prosemirror-transform';
import { parseHTML, serializeHTML } from '../../core/serialize/html.js';
// HTML is written with the string writer, with no DOM (core/serialize/html-writer.ts).
import '../../core/serialize/string-writer.js';
import { parseJSON, serializeJSON, type JSONNode } from '../../core/serialize/json.js';
import { parseMarkdown } from '../../core/serialize/markdown.js';
import { safeLinkHref } from '../../core/url.js';
import { isAllowedImageSource } from '../http/image-policy.js';
import { createServerDomEnvironment, type ServerDomEnvironment } from './server-dom.js';

/** Rich text in both stored forms: the editor's HTML (empty edge paragraphs trimmed) and its JSON document. */
export interface RichText {
  html: string;
  json: JSONNode;
}

/** Rich text as a client may send it: HTML, the editor's JSON document, or both. */
export interface RichTextInput {
  html?: string | null;
  json?: unknown;
}

/**
 * Rich text with its JSON document as text: what a worker thread sends back. Copying a large
 * document's objects between threads (structured clone) costs about twice writing and reading
 * its JSON text, and the text is written anyway to leave ProseMirror's prototype-less
 * attribute objects behind.
 */
export interface SerialisedRichText {
  html: string;
  json: string;
}

/** Both stored forms of a document, the JSON as text; the HTML is written without a DOM, byte for byte as the browser's editor writes it. */
export function serialisedOf(doc: PMNode): SerialisedRichText {
  return { html: serializeHTML(doc), json: JSON.stringify(serializeJSON(doc)) };
}

/** Rich text from its serialised form: the JSON read back as plain data (no prototype-less objects). */
export function richTextFrom(serialised: SerialisedRichText): RichText {
  return { html: serialised.html, json: JSON.parse(serialised.json) as JSONNode };
}

/** An origin no address of ours has: what resolves to it from a path is a path of this app. */
const APP_BASE = 'https://app.invalid/';

/**
 * A mention's target as the app stores it: a path of the app (`/acme/profile/…`), with its query
 * and fragment. Another site's address, protocol-relative ones (`//host`, `/\host`) included,
 * becomes `/`: a stored mention never sends whoever clicks it off-site.
 */
export function appPath(target: unknown): string {
  if (typeof target !== 'string') return '/';
  let url: URL;
  try {
    url = new URL(target, APP_BASE);
  } catch {
    return '/';
  }
  return url.origin === new URL(APP_BASE).origin ? `${url.pathname}${url.search}${url.hash}` : '/';
}

/** `doc` with every mention's `redirect_uri` on the app's own paths (appPath). */
function mentionsInApp(doc: PMNode): PMNode {
  const tr = new Transform(doc);
  doc.descendants((node, pos) => {
    if (node.type.name !== 'mention') return true;
    const target = appPath(node.attrs.redirect_uri);
    if (target !== node.attrs.redirect_uri) tr.setNodeAttribute(pos, 'redirect_uri', target);
    return false;
  });
  return tr.doc;
}

/**
 * `doc` with each image from a host outside `imageOrigins` (http/image-policy.ts) turned into a
 * paragraph linking to its address: the reader can still open it, but no viewer's browser loads
 * it on its own (another site's image is a tracking pixel).
 */
export function remoteImagesAsLinks(doc: PMNode, imageOrigins: readonly string[]): PMNode {
  const { paragraph } = doc.type.schema.nodes;
  const link = doc.type.schema.marks.link;
  const tr = new Transform(doc);
  doc.descendants((node, pos) => {
    if (node.type.name !== 'image') return true;
    const src = String(node.attrs.src ?? '');
    if (isAllowedImageSource(src, imageOrigins)) return false;
    // The address as a link where a link may go there (http, https), else as text.
    const href = safeLinkHref(src);
    const text = src ? doc.type.schema.text(src, link && href ? [link.create({ href })] : []) : null;
    const from = tr.mapping.map(pos);
    tr.replaceWith(from, tr.mapping.map(pos + node.nodeSize), paragraph.create(null, text));
    return false;
  });
  return tr.doc;
}

function parseIn(input: RichTextInput, env: ServerDomEnvironment): PMNode {
  // The JSON document is what the editor edits; its HTML is derived from it and may lag.
  const doc = input.json !== undefined && input.json !== null ? parseJSON(input.json, env) : parseHTML(input.html, env);
  return mentionsInApp(doc);
}

/** Both stored forms of a parsed document. */
export function richTextOf(doc: PMNode): RichText {
  return richTextFrom(serialisedOf(doc));
}

/** Parses input into a document of the editor's schema; JSON, when given, wins over HTML. */
export function parseRichText(input: RichTextInput): PMNode {
  return parseIn(input, createServerDomEnvironment());
}

/**
 * Normalises rich text for storage: parsed with the editor's schema and serialised
 * again, so the result is schema-valid and sanitised, with images from hosts outside
 * `imageOrigins` as links (remoteImagesAsLinks). JSON input is preferred when both
 * forms are given; empty input gives the empty document (HTML `''`).
 */
export function normaliseRichText(input: RichTextInput, imageOrigins: readonly string[] = []): RichText {
  return richTextFrom(normaliseSerialised(input, imageOrigins));
}

/** normaliseRichText with the JSON document left as text (SerialisedRichText), for a worker's answer. */
export function normaliseSerialised(input: RichTextInput, imageOrigins: readonly string[] = []): SerialisedRichText {
  return serialisedOf(remoteImagesAsLinks(parseIn(input, createServerDomEnvironment()), imageOrigins));
}

/**
 * The plain text of stored HTML, for search and exports: one line per text block,
 * hard breaks as line breaks, mentions as `@label`, images left out.
 */
export function richTextToPlain(html: string | null | undefined): string {
  const doc = parseRichText({ html });
  // Leaves give their own text (`leafText`): a hard break a line break, a mention its label.
  const text = doc.textBetween(0, doc.content.size, '\n');
  return text.trim();
}

/**
 * Rich text from markdown (an AI model's answer), through the core's markdown parser:
 * raw HTML in the markdown stays text, links and images are cleaned like any other input.
 */
export async function markdownToRichText(markdown: string): Promise<RichText> {
  return richTextOf(await parseMarkdown(markdown));
}
