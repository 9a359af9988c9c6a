/**
 * Pasted HTML, read where nothing in it can act, then cleaned and reshaped before
 * ProseMirror parses it. Inline handlers are taken out of the text first (a browser's
 * parser checks the page's Content-Security-Policy for each, so a page that forbids
 * inline script would get a violation report from a paste); the markup is then parsed
 * in an inert document (a DOMParser document's template: no script runs, no image
 * loads), scripts dropped, ProseMirror's own clipboard context cleaned, other apps'
 * structures reshaped (paste-sources.ts) and images removed. ProseMirror then reads the
 * result through the schema.
 */
import type { ContentMatch, NodeType, Schema } from 'prosemirror-model';
import { cleanAttrs, type AttrDefs } from '../schema/attrs.js';
import { withoutInlineHandlers } from '../serialize/inline-handlers.js';
import { escapeHTMLText } from '../serialize/html-escape.js';
import { normalizeSources, type PasteContext } from './paste-sources.js';
import { parseInertHTML } from '../dom.js';

/** The attribute ProseMirror writes on clipboard HTML to describe the copied slice. */
const SLICE_ATTR = 'data-pm-slice';

/** An element in markup carrying the slice marker: the HTML step keeps it only where it is valid. */
const SLICE_MARKER = new RegExp(`<[a-z][^>]*\\s${SLICE_ATTR}=`, 'i');

/** Whether (cleaned) markup is ProseMirror's own clipboard: it carries the slice marker. */
export function hasSliceMarker(html: string): boolean {
  return SLICE_MARKER.test(html);
}

/** ProseMirror's own reading of the attribute: `openStart openEnd [-wrappers] context`. */
const SLICE_DATA = /^(\d+) (\d+)(?: -(\d+))? (.*)/;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// ---------------------------------------------------------------- slice context

/** A node type that may wrap pasted content: a known, non-top, block container. */
function wrapperType(name: unknown, schema: Schema): NodeType | null {
  if (typeof name !== 'string' || !Object.prototype.hasOwnProperty.call(schema.nodes, name)) return null;
  const type = schema.nodes[name];
  return type.isLeaf || type.isInline || type === schema.topNodeType ? null : type;
}

/** Whether `child` may appear anywhere in `parent`'s content expression. */
export function allowsChild(parent: NodeType, child: NodeType): boolean {
  const seen = new Set<ContentMatch>();
  const pending = [parent.contentMatch];
  while (pending.length) {
    const match = pending.pop()!;
    if (seen.has(match)) continue;
    seen.add(match);
    for (let i = 0; i < match.edgeCount; i++) {
      const edge = match.edge(i);
      if (edge.type === child) return true;
      pending.push(edge.next);
    }
  }
  return false;
}

/**
 * Rebuilds a slice context (`[type, attrs, type, attrs, …]`, outermost first).
 * ProseMirror creates these wrappers from the JSON without any parse rule; a bad
 * value makes its `type.create` throw, which it catches by dropping that wrapper
 * and every one outside it. Cleaning the values instead keeps the structure the
 * user copied, with the same safe values a parse rule would give.
 */
function cleanContext(raw: unknown, schema: Schema): unknown[] {
  if (!Array.isArray(raw)) return [];
  const kept: unknown[] = [];
  let inner: NodeType | null = null;
  // From the innermost wrapper outwards, as ProseMirror applies them: the first
  // one that cannot be used ends the context, so what remains always nests.
  for (let i = raw.length - 2; i >= 0; i -= 2) {
    const type = wrapperType(raw[i], schema);
    if (!type || (inner && !allowsChild(type, inner))) break;
    const defs = (type.spec as { attrDefs?: AttrDefs }).attrDefs;
    const attrs = defs ? cleanAttrs(defs, isRecord(raw[i + 1]) ? (raw[i + 1] as Record<string, unknown>) : null) : null;
    kept.unshift(type.name, attrs);
    inner = type;
  }
  return kept;
}

/** The cleaned attribute value, or `null` when the attribute should be dropped. */
function cleanSliceData(value: string, schema: Schema): string | null {
  const match = SLICE_DATA.exec(value);
  if (!match) return null;
  let context: unknown;
  try {
    context = JSON.parse(match[4]);
  } catch {
    context = [];
  }
  const wrappers = match[3] ? ` -${match[3]}` : '';
  return `${match[1]} ${match[2]}${wrappers} ${JSON.stringify(cleanContext(context, schema))}`;
}

/** Cleans every slice marker under `root`; an unreadable one is removed (the markup is then read as foreign HTML). */
function cleanSliceMarkers(root: DocumentFragment, schema: Schema): void {
  for (const marker of Array.from(root.querySelectorAll(`[${SLICE_ATTR}]`))) {
    const cleaned = cleanSliceData(marker.getAttribute(SLICE_ATTR) ?? '', schema);
    if (cleaned === null) marker.removeAttribute(SLICE_ATTR);
    else marker.setAttribute(SLICE_ATTR, cleaned);
  }
}

// ---------------------------------------------------------------- inert parsing

/**
 * Parses markup in a template of a DOMParser document. DOMParser documents have no
 * browsing context and scripting disabled, so handlers are never compiled and nothing
 * loads; a template accepts table parts (`<td>`, `<tr>`) at its top level, as
 * ProseMirror's own clipboard reader does.
 */
function inertTemplate(html: string): HTMLTemplateElement {
  const template = parseInertHTML('<!doctype html><title></title>').createElement('template');
  // Handlers go before the parser sees them: it checks the page's Content-Security-Policy
  // for each one (and reports a violation), whatever document it parses into.
  template.innerHTML = withoutInlineHandlers(html);
  return template;
}

/** Scripts: never wanted, and nothing in them is content. */
function dropScripts(root: DocumentFragment): void {
  for (const script of Array.from(root.querySelectorAll('script, noscript'))) script.remove();
}

/**
 * The pasted markup's own style sheets (Excel's `.xl65 {font-weight:700}`), written into the
 * style attribute of each element a rule matches, in the sheets' order, before the element's
 * own style, and the `<style>` elements removed. ProseMirror does this itself through its
 * parsing document's `styleSheets`, but WebKit builds no style sheets in a document without
 * a browsing context, so there the rules reach no element; a constructed sheet parses them
 * in every engine. Specificity is not weighed, as ProseMirror does not weigh it.
 */
function inlinePastedStyles(root: DocumentFragment): void {
  const styles = Array.from(root.querySelectorAll('style'));
  if (!styles.length || typeof CSSStyleSheet !== 'function' || typeof CSSStyleSheet.prototype.replaceSync !== 'function') return;
  const collected = new Map<Element, string>();
  for (const style of styles) {
    const sheet = new CSSStyleSheet();
    try {
      sheet.replaceSync(style.textContent ?? '');
    } catch {
      continue;
    }
    for (const rule of Array.from(sheet.cssRules)) {
      if (!(rule instanceof CSSStyleRule) || !rule.style.cssText) continue;
      let matches: Element[];
      try {
        matches = Array.from(root.querySelectorAll(rule.selectorText));
      } catch {
        continue; // a selector querySelectorAll does not take (`p::before`)
      }
      for (const el of matches) collected.set(el, `${collected.get(el) ?? ''}${rule.style.cssText}`);
    }
    style.remove();
  }
  for (const [el, css] of collected) {
    const own = el.getAttribute('style');
    el.setAttribute('style', own ? `${css} ${own}` : css);
  }
}

// ---------------------------------------------------------------- line breaks

/**
 * Line breaks that end a block in ProseMirror's own clipboard, kept. ProseMirror's reader drops a
 * `<br>` that is the last child of a block (the placeholder a browser puts in an empty line), but
 * its own copies hold no placeholders: there the `<br>` is a line break the user copied ("one⏎"
 * copied from "one⏎two" was pasted as "one"). Inside a `<span>`, which reads as no mark, it is
 * read as the line break it is (one already inside an inline element is read so too). Other apps'
 * HTML keeps ProseMirror's reading.
 */
function keepEndingBreaks(root: DocumentFragment): void {
  for (const br of Array.from(root.querySelectorAll('br'))) {
    const parent = br.parentNode;
    if (br.nextSibling || !parent || parent.nodeName === 'SPAN') continue;
    const span = br.ownerDocument.createElement('span');
    parent.replaceChild(span, br);
    span.append(br);
  }
}

// ---------------------------------------------------------------- images

/** The elements under `root` the schema reads as its `image` node (by the image's parse rules). */
function imagesIn(root: DocumentFragment, image: NodeType): Set<Element> {
  const found = new Set<Element>();
  for (const rule of image.spec.parseDOM ?? []) {
    if (!rule.tag) continue;
    let matches: Element[];
    try {
      matches = Array.from(root.querySelectorAll(rule.tag));
    } catch {
      continue; // a tag rule that is no CSS selector querySelectorAll takes
    }
    for (const el of matches) if (!rule.getAttrs || rule.getAttrs(el as HTMLElement) !== false) found.add(el);
  }
  return found;
}

/**
 * Pasted images are removed (spec: "Pasted images in HTML are removed"), here before
 * ProseMirror reads the markup: an image node is a block, so an `<img>` inside a paragraph
 * (as Google Docs, Word and web pages put it) would end the paragraph there and start
 * another after it, and taking the image out of the parsed content (paste.ts) would leave
 * the paragraph split in two. An image that carries the slice marker (a copy that starts
 * with an image) stays for paste.ts to remove, so the marker is kept.
 */
function dropImages(root: DocumentFragment, schema: Schema): void {
  const image = schema.nodes.image;
  if (!image) return;
  for (const el of imagesIn(root, image)) if (!el.hasAttribute(SLICE_ATTR)) el.remove();
}

/** Pasted (or dropped) HTML, made safe to parse and reshaped from other apps' forms. */
export function cleanPastedHTML(html: string, schema: Schema, context: PasteContext = {}): string {
  const template = inertTemplate(html);
  dropScripts(template.content);
  cleanSliceMarkers(template.content, schema);
  // ProseMirror's own clipboard (this editor's or another ProseMirror's) is already in the schema's forms.
  if (!template.content.querySelector(`[${SLICE_ATTR}]`)) {
    normalizeSources(template.content, context);
    inlinePastedStyles(template.content);
  } else {
    keepEndingBreaks(template.content);
  }
  dropImages(template.content, schema);
  return template.innerHTML;
}

/** The text of markup as escaped paragraphs, for when it cannot be cleaned (nothing in it survives as markup). */
export function htmlAsText(html: string): string {
  const text = parseInertHTML(html).body.textContent ?? '';
  return text
    .split(/\r?\n/)
    .map((line) => `<p>${escapeHTMLText(line)}</p>`)
    .join('');
}
