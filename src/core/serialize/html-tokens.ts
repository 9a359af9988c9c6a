/**
 * A strict reader of the markup the editor writes (html-string.ts) into a light tree of
 * elements and text, for `readOwnHTML` (html-own.ts). It accepts only markup whose tree a
 * browser's HTML parser builds exactly as written: known tags, well nested, in places where
 * the parser neither closes, moves nor adds an element (no `<ul>` in a `<p>`, no text in a
 * `<table>`, no `<li>` outside a list), quoted attribute values, and the entities the writer
 * uses. For anything else it returns null, and the caller parses with the DOM as before.
 */

/** An element of the tree: its tag, its attributes as name/value pairs, its children. */
export interface OwnElement {
  readonly tag: string;
  readonly attrs: readonly string[];
  /** Set when the element closes, as an array of exactly its children (most have one or two). */
  children: readonly OwnNode[];
}

/** The attributes of an element without any, and the children of one not closed yet or void: one shared empty array. */
const NONE: readonly never[] = [];

/** Text (entities decoded), or an element. */
export type OwnNode = string | OwnElement;

/** Deeper or larger than this, the DOM path decides (it reads such markup as text). */
const MAX_DEPTH = 200;
const MAX_ELEMENTS = 1_000_000;
/** Distinct open tags with attributes whose reading is kept, per document. */
const MAX_KNOWN_TAGS = 4096;

/** Tags without content or end tag. */
export const VOID = new Set(['br', 'img', 'input', 'hr']);
/** Tags read inside text: they never close a paragraph or a heading. */
export const PHRASING: ReadonlySet<string> = new Set('a b br code del em i img input ins kbd label mark s small span strike strong sub sup u'.split(' '));
const HEADINGS = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6']);
const FLOW = new Set(['p', ...HEADINGS, 'ul', 'ol', 'li', 'blockquote', 'pre', 'table', 'tbody', 'tr', 'td', 'th', 'hr', 'div']);
/** Elements that may hold only phrasing content here. */
const PHRASING_ONLY = new Set(['p', ...HEADINGS, 'pre', ...PHRASING]);
/** Each table or list part and the one parent it may have. */
const PARENT_OF: Readonly<Record<string, string | readonly string[]>> = { li: ['ul', 'ol'], tbody: 'table', tr: 'tbody', td: 'tr', th: 'tr' };
/** Each of these holds only one kind of child: no text, nothing else. */
const ONLY_CHILD: Readonly<Record<string, string | readonly string[]>> = { ul: 'li', ol: 'li', table: 'tbody', tbody: 'tr', tr: ['td', 'th'] };

const ENTITIES: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', nbsp: '\u00a0', '#39': "'" };
/** Every `&`, with the entity it starts when it is one of ours. */
const AMPERSAND = /&(?:(amp|lt|gt|quot|nbsp|#39);)?/g;

/** Thrown, anywhere in the fast reader (this file, html-own.ts, html-own-dom.ts), where markup is not one it takes. */
export const OWN_REFUSED = new Error('markup the fast reader does not take');

/** Text with its entities decoded; refused if an `&` starts anything else. */
function decode(text: string): string {
  if (text.indexOf('&') < 0) return text;
  return text.replace(AMPERSAND, (_, name: string | undefined) => {
    if (!name) throw OWN_REFUSED;
    return ENTITIES[name];
  });
}

function allowed(child: string, parent: string): boolean {
  const only = ONLY_CHILD[parent];
  if (only) return typeof only === 'string' ? only === child : only.includes(child);
  const needs = PARENT_OF[child];
  if (needs) return typeof needs === 'string' ? needs === parent : needs.includes(parent);
  if (PHRASING_ONLY.has(parent)) return PHRASING.has(child);
  return FLOW.has(child) || PHRASING.has(child);
}

/**
 * An attribute. A value holds no `<` (the writer escapes it): the DOM path takes handler-like
 * text after a `<` out of the markup wherever it stands, values included (inline-handlers.ts).
 */
const ATTRIBUTE = /[ \t\n\f]+([a-z][a-z0-9-]*)(?:[ \t\n\f]*=[ \t\n\f]*(?:"([^"<]*)"|'([^'<]*)'))?/y;
const TAG_END = /[ \t\n\f]*>/y;
/** Characters a browser's parser changes or drops (NUL, carriage returns) and unpaired surrogates. */
const UNREAD = /[\0\r]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The tree of `html`, or null when it is not markup this reader takes (see the file's comment). */
export function tokenizeOwnHTML(html: string): readonly OwnNode[] | null {
  // The first test is the quick one: most documents hold no surrogate at all.
  if (/[\0\r\uD800-\uDFFF]/.test(html) && UNREAD.test(html)) return null;
  try {
    return tokenize(html);
  } catch (error) {
    if (error === OWN_REFUSED) return null;
    throw error;
  }
}

function tokenize(html: string): readonly OwnNode[] {
  const root: OwnElement = { tag: 'body', attrs: NONE, children: NONE };
  const stack: OwnElement[] = [root];
  // The children of the open elements, one after the other; `starts` holds where each element's begin.
  const pending: OwnNode[] = [];
  const starts: number[] = [0];
  const read = new Map<string, readonly string[]>();
  let links = 0;
  let count = 0;
  let pos = 0;
  while (pos < html.length) {
    const top = stack[stack.length - 1];
    const lt = html.indexOf('<', pos);
    const end = lt < 0 ? html.length : lt;
    if (end > pos) {
      const text = decode(html.slice(pos, end));
      if (ONLY_CHILD[top.tag]) throw OWN_REFUSED;
      // A newline right after `<pre>` is dropped by the HTML parser.
      if (top.tag === 'pre' && pending.length === starts[starts.length - 1] && text.charCodeAt(0) === 10) throw OWN_REFUSED;
      pending.push(text);
      pos = end;
      continue;
    }
    if (html.charCodeAt(pos + 1) === 47 /* / */) {
      // Only the open element's end tag may come: anything else the HTML parser would mend.
      const after = pos + 2 + top.tag.length;
      if (stack.length === 1 || !html.startsWith(top.tag, pos + 2) || html.charCodeAt(after) !== 62 /* > */) throw OWN_REFUSED;
      stack.pop();
      top.children = pending.splice(starts.pop()!);
      if (top.tag === 'a') links--;
      pos = after + 1;
      continue;
    }
    let nameEnd = pos + 1;
    for (let c = html.charCodeAt(nameEnd); (c >= 97 && c <= 122) || (nameEnd > pos + 1 && c >= 48 && c <= 57); c = html.charCodeAt(++nameEnd));
    if (nameEnd === pos + 1) throw OWN_REFUSED;
    const tag = html.slice(pos + 1, nameEnd);
    if (!allowed(tag, top.tag) || (tag === 'a' && links > 0) || ++count > MAX_ELEMENTS) throw OWN_REFUSED;
    let attrs: readonly string[] = NONE;
    // Most tags have no attributes: `<p>`, `</p>`, `<strong>`.
    if (html.charCodeAt(nameEnd) === 62 /* > */) {
      pos = nameEnd + 1;
    } else {
      const close = tagEnd(html, nameEnd);
      // Equal open tags (a task list's items, a document's repeated links) are read once and share their attributes' array.
      const source = html.slice(pos + 1, close);
      const known = read.get(source);
      attrs = known ?? attributes(html, nameEnd, close);
      if (!known && read.size < MAX_KNOWN_TAGS) read.set(source, attrs);
      pos = close + 1;
    }
    const element: OwnElement = { tag, attrs, children: NONE };
    pending.push(element);
    if (VOID.has(tag)) continue;
    if (stack.length > MAX_DEPTH) throw OWN_REFUSED;
    stack.push(element);
    starts.push(pending.length);
    if (tag === 'a') links++;
  }
  if (stack.length !== 1) throw OWN_REFUSED;
  return pending;
}

/** Where the open tag whose attributes start at `from` ends (its `>`), past quoted values; refused when it does not. */
function tagEnd(html: string, from: number): number {
  for (let at = from; at < html.length; at++) {
    const c = html.charCodeAt(at);
    if (c === 62 /* > */) return at;
    if (c === 34 /* " */ || c === 39 /* ' */) {
      at = html.indexOf(c === 34 ? '"' : "'", at + 1);
      if (at < 0) break;
    }
  }
  throw OWN_REFUSED;
}

/** The attributes of the open tag from `from` to its `>` at `end`, as name/value pairs; refused unless all of it is attributes. */
function attributes(html: string, from: number, end: number): readonly string[] {
  let attrs: string[] | null = null;
  let at = from;
  for (let attr; (ATTRIBUTE.lastIndex = at), (attr = ATTRIBUTE.exec(html)); at = ATTRIBUTE.lastIndex) {
    const name = attr[1];
    // Handlers are stripped before the DOM path parses; repeated names keep the first there.
    if (name.startsWith('on')) throw OWN_REFUSED;
    attrs ??= [];
    for (let i = 0; i < attrs.length; i += 2) if (attrs[i] === name) throw OWN_REFUSED;
    attrs.push(name, decode(attr[2] ?? attr[3] ?? ''));
  }
  TAG_END.lastIndex = at;
  if (!TAG_END.exec(html) || TAG_END.lastIndex !== end + 1) throw OWN_REFUSED;
  return attrs ?? NONE;
}

/** An element's attribute, or null. */
export function ownAttribute(element: OwnElement, name: string): string | null {
  const attrs = element.attrs;
  for (let i = 0; i < attrs.length; i += 2) if (attrs[i] === name) return attrs[i + 1];
  return null;
}
