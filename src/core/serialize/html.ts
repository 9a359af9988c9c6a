import { DOMParser as PMDOMParser, DOMSerializer, Fragment, type Node as PMNode, type Schema } from 'prosemirror-model';
import { NO_DOM_MESSAGE, canParseHTML, parseInertHTML } from '../dom.js';
import { stringWriter, writeFragmentHTML } from './html-writer.js';
import { readOwnHTML } from './html-own.js';
import { withoutInlineHandlers } from './inline-handlers.js';
import { log } from '../log.js';
import { schema as defaultSchema } from '../schema/index.js';
import { shareMarkSets } from '../schema/shared-marks.js';

/**
 * Where HTML is parsed and DOM is built: the page by default, or the DOM given to
 * `setDOMImplementation` (src/core/dom.ts) on Node. Writing HTML needs no DOM.
 */
export interface DomEnvironment {
  /** Parses an HTML string into an inert document (no scripts run, no resources load); by default the DOM implementation's DOMParser. */
  parseDocument?: (html: string) => Document;
  /** The document `serializeDOM` builds nodes in. */
  document?: Document;
  schema?: Schema;
}

/** Beyond this nesting depth the browser's own parser starts flattening; we stop earlier. */
export const MAX_HTML_DEPTH = 256;
/**
 * Beyond this many elements, rich parsing would not finish in a bounded time. Parsing
 * is linear in size (depth is what is quadratic), so the bound sits well above real
 * documents: a 100,000-block document has about a million elements.
 */
export const MAX_HTML_ELEMENTS = 2_000_000;

function inertDocument(html: string, env: DomEnvironment): Document {
  // DOMParser documents have no browsing context: scripts never run and images never load,
  // so `<img onerror>` cannot fire while we read the markup. Handlers go before the parser
  // sees them: it would check the page's Content-Security-Policy for each one.
  const parse = env.parseDocument ?? ((markup: string) => parseInertHTML(`<!doctype html><html><head></head><body>${withoutInlineHandlers(markup)}</body></html>`));
  try {
    return parse(html);
  } catch (error) {
    // A DOM that throws on a style it cannot read (jsdom's CSS parser on `calc(1px + url(…))`,
    // set as a host's DOM in Node) is given the markup again without its style attributes: the
    // document keeps its structure and marks, and loses only those styles.
    const unstyled = html.replace(INLINE_STYLE, '$1');
    if (unstyled === html) throw error;
    return parse(unstyled);
  }
}

/** A `style` attribute of a tag, quoted or not. */
const INLINE_STYLE = /(<[a-z][^>]*?)\sstyle\s*=\s*(?:"[^"]*"|'[^']*'|[^\s"'>]+)/gi;

/** The document that holds nothing: one empty paragraph (spec: an empty value). */
export function emptyDoc(schema: Schema = defaultSchema): PMNode {
  return schema.topNodeType.createAndFill()!;
}

/** A document of plain paragraphs, one per line: the fallback for input we cannot parse. */
export function textToDoc(text: string, schema: Schema = defaultSchema): PMNode {
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  const paragraphs = lines.map((line) => schema.nodes.paragraph.create(null, line ? schema.text(line) : null));
  return paragraphs.length ? schema.topNodeType.create(null, paragraphs) : emptyDoc(schema);
}

/**
 * Walks the tree without recursion and reports whether it is too deep or too large to parse
 * richly. It steps from element to element (first child, next sibling, back up), holding no
 * list of its own: a long document has a hundred thousand elements.
 */
function tooComplex(root: Element): boolean {
  let count = 0;
  let depth = 0;
  let el: Element | null = root;
  while (el) {
    if (depth > MAX_HTML_DEPTH || ++count > MAX_HTML_ELEMENTS) return true;
    const child: Element | null = el.firstElementChild;
    if (child) {
      el = child;
      depth++;
      continue;
    }
    while (el && el !== root && !el.nextElementSibling) {
      el = el.parentElement;
      depth--;
    }
    el = el && el !== root ? el.nextElementSibling : null;
  }
  return false;
}

const BLOCK = /^(ADDRESS|ARTICLE|ASIDE|BLOCKQUOTE|BODY|DD|DIV|DL|DT|FIELDSET|FIGCAPTION|FIGURE|FOOTER|FORM|H[1-6]|HEADER|HR|LI|MAIN|NAV|OL|P|PRE|SECTION|TABLE|TBODY|TD|TFOOT|TH|THEAD|TR|UL|BR)$/;

/** Whether nothing inline stands between `node` and the block edge (or `<br>`) on that side. */
function atLineEdge(node: Node, side: 'previousSibling' | 'nextSibling'): boolean {
  for (let at: Node | null = node; at && !(at.nodeType === 1 && BLOCK.test(at.nodeName)); at = at.parentNode) {
    const sibling = at[side];
    if (sibling) return sibling.nodeType === 1 && BLOCK.test(sibling.nodeName);
  }
  return true;
}

/** Tags that close themselves or may be left open; they do not deepen the tree. */
const NO_END_TAG = /^(?:area|base|br|col|embed|hr|img|input|link|meta|source|track|wbr|p|li|dt|dd|tr|td|th|thead|tbody|tfoot|option|optgroup|rb|rt|rp|colgroup|caption)$/i;

/**
 * One linear pass over the raw string. The browser's own parser takes time growing
 * with the square of the nesting depth, so deep markup must be caught before it runs.
 */
function tooDeepMarkup(html: string): boolean {
  let depth = 0;
  let count = 0;
  const tag = /<(\/?)([a-z][^\s/>]*)[^>]*>/gi;
  for (let m = tag.exec(html); m; m = tag.exec(html)) {
    if (++count > MAX_HTML_ELEMENTS) return true;
    if (NO_END_TAG.test(m[2]) || m[0].endsWith('/>')) continue;
    depth = m[1] ? Math.max(0, depth - 1) : depth + 1;
    if (depth > MAX_HTML_DEPTH) return true;
  }
  return false;
}

/** The text of markup without building its tree (entities decoded). */
function markupText(html: string, env: DomEnvironment): string {
  const stripped = html.replace(/<[^>]*>?/g, '');
  return inertDocument(`<pre>\n${stripped.replace(/</g, '&lt;')}</pre>`, env).body?.textContent ?? stripped;
}

/**
 * Markup written by hand or by other tools wraps text in newlines and indentation;
 * outside `<pre>` such runs mean one space. Other spaces are kept as typed, so a
 * document's own HTML parses back to exactly the same text.
 */
function foldLineBreaks(root: Element): void {
  const doc = root.ownerDocument;
  const walker = doc.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */);
  for (let text = walker.nextNode(); text; text = walker.nextNode()) {
    const value = text.nodeValue ?? '';
    if (!/[\r\n]/.test(value) || text.parentElement?.closest('pre')) continue;
    text.nodeValue = value
      .replace(/^[ \t\f]*[\r\n][ \t\r\n\f]*/, (run) => (atLineEdge(text, 'previousSibling') ? '' : run))
      .replace(/[ \t\f]*[\r\n][ \t\r\n\f]*$/, (run) => (atLineEdge(text, 'nextSibling') ? '' : run))
      .replace(/[ \t\f]*[\r\n][ \t\r\n\f]*/g, ' ');
  }
}

/**
 * Parses an HTML string into a document of the schema. Unknown elements and
 * attributes are dropped and every attribute is cleaned by its node's rules. Input
 * too deep or too large to parse in bounded time becomes plain paragraphs; bad input
 * never throws. Markup the editor wrote is read without a DOM (html-own.ts); outside a browser it needs a DOM (`setDOMImplementation`); without one
 * it throws a RangeError naming that function.
 */
export function parseHTML(html: string | null | undefined, env: DomEnvironment = {}): PMNode {
  const schema = env.schema ?? defaultSchema;
  if (typeof html !== 'string' || !html.trim()) return emptyDoc(schema);
  if (!env.parseDocument && !canParseHTML()) throw new RangeError(NO_DOM_MESSAGE);
  // The editor's own markup is read straight from the string (html-own.ts): the same document
  // the DOM path gives, without building and walking a DOM tree. Other markup takes the DOM path.
  const own = env.parseDocument ? null : readOwnHTML(html, schema);
  if (own) return own;
  let body: HTMLElement | null = null;
  try {
    if (tooDeepMarkup(html)) return textToDoc(markupText(html, env), schema);
    body = inertDocument(html, env).body;
    if (!body) return emptyDoc(schema);
    if (tooComplex(body)) return textToDoc(body.textContent ?? '', schema);
    foldLineBreaks(body);
    return shareMarkSets(PMDOMParser.fromSchema(schema).parse(body, { preserveWhitespace: true }));
  } catch (error) {
    log.warn('HTML could not be parsed; it was loaded as plain text', error);
    return textToDoc(body?.textContent ?? html.replace(/<[^>]*>/g, ''), schema);
  }
}

function isEmptyParagraph(node: PMNode): boolean {
  return node.type.name === 'paragraph' && node.childCount === 0;
}

/** The document's top-level content without its leading and trailing empty paragraphs. */
export function trimEmptyParagraphs(doc: PMNode): Fragment {
  let start = 0;
  let end = doc.childCount;
  while (start < end && isEmptyParagraph(doc.child(start))) start++;
  while (end > start && isEmptyParagraph(doc.child(end - 1))) end--;
  const kept: PMNode[] = [];
  for (let i = start; i < end; i++) kept.push(doc.child(i));
  return Fragment.from(kept);
}

/** Serialises a document (or fragment) to DOM nodes in the given document. */
export function serializeDOM(content: PMNode | Fragment, env: DomEnvironment = {}): DocumentFragment {
  const schema = env.schema ?? (content instanceof Fragment ? (content.firstChild?.type.schema ?? defaultSchema) : content.type.schema);
  const fragment = content instanceof Fragment ? content : content.content;
  const document = env.document ?? globalThis.document;
  return DOMSerializer.fromSchema(schema).serializeFragment(fragment, { document }) as DocumentFragment;
}

/**
 * The document as an HTML string, with leading and trailing empty paragraphs trimmed
 * (spec: the change callback's HTML). Written from the document model, with no DOM:
 * the same bytes in a browser and on Node (see html-string.ts, and html-writer.ts for the
 * embed bundle before the string writer arrives).
 */
export function serializeHTML(doc: PMNode): string {
  // A caller's mistake said plainly: a promise (parseMarkdown's, not awaited) wrote '' before.
  if (typeof (doc as { childCount?: unknown } | null)?.childCount !== 'number') {
    throw new RangeError(`serializeHTML takes a document node, not ${doc instanceof Promise ? 'a promise (await parseMarkdown first)' : String(doc)}`);
  }
  return writeFragmentHTML(trimEmptyParagraphs(doc));
}

/** A document's HTML as `serializeHTML` writes it, with its top-level blocks and where each one's markup ends in it. */
export interface DocumentHTML {
  readonly doc: PMNode;
  readonly html: string;
  readonly blocks: readonly PMNode[];
  readonly ends: readonly number[];
}

/**
 * `serializeHTML`, taking the markup of each top-level block that `previous` also had (the
 * same node: nodes never change) from `previous`'s HTML instead of writing it again. An
 * editor serialised after every change (an autosave) writes only the blocks that changed.
 */
export function serializeHTMLAfter(doc: PMNode, previous: DocumentHTML | null): DocumentHTML {
  if (previous?.doc === doc) return previous;
  const content = trimEmptyParagraphs(doc);
  const blocks: PMNode[] = [];
  content.forEach((block) => blocks.push(block));
  const writer = stringWriter();
  // A block with marks is written inside them, beside its neighbours: its markup does not stand alone.
  // Without the string writer (the embed bundle before it arrives) the document is written whole, and nothing is kept to reuse.
  if (!writer || blocks.some((block) => block.marks.length)) return { doc, html: writeFragmentHTML(content), blocks: [], ends: [] };
  const known = new Map<PMNode, number>();
  previous?.blocks.forEach((block, index) => known.set(block, index));
  const html = new writer.ChunkedHTML();
  const ends: number[] = [];
  for (const block of blocks) {
    const at = known.get(block);
    if (at === undefined) writer.writeBlockHTML(block, html);
    else {
      html.chunk += previous!.html.slice(at ? previous!.ends[at - 1] : 0, previous!.ends[at]);
      html.blockEnded();
    }
    ends.push(html.length);
  }
  return { doc, html: html.text(), blocks, ends };
}
