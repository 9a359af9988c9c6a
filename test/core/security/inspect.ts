/**
 * Static checks on rendered output: everything an XSS payload needs in the DOM
 * (handlers, script-bearing elements, dangerous URLs, free-form CSS) is reported as a
 * readable problem, so a failing test names what got through and where. Runs in the
 * browsers and in Node (with the DOM the core is given).
 */
import { parseInertHTML } from '../../../src/core/dom.js';

/** Elements that run, load or redirect something; none may ever appear in output. */
export const FORBIDDEN_ELEMENTS = [
  'script', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'style', 'link', 'base', 'meta',
  'form', 'template', 'noscript', 'svg', 'math', 'video', 'audio', 'source', 'xmp', 'noembed', 'portal',
];

/** Every element the schema's `toDOM` (and ProseMirror's own view DOM) can write. */
const SCHEMA_ELEMENTS = new Set([
  'p', 'h1', 'h2', 'h3', 'blockquote', 'hr', 'pre', 'code', 'ul', 'ol', 'li', 'label', 'input', 'div',
  'table', 'tbody', 'tr', 'td', 'th', 'img', 'br', 'span', 'a', 'strong', 'em', 'u', 's',
]);

/** Every attribute the schema writes, plus the few ProseMirror's view adds (draggable, separator alt). */
const SCHEMA_ATTRIBUTES = new Set([
  'href', 'target', 'rel', 'class', 'src', 'width', 'height', 'style', 'colspan', 'rowspan', 'start', 'type',
  'checked', 'contenteditable', 'draggable', 'alt', 'data-type', 'data-checked', 'data-language', 'data-colwidth',
  'data-background', 'data-text-color', 'data-id', 'data-label', 'data-target', 'data-self', 'data-redirect-uri',
  'data-entity-identifier', 'data-entity-name',
]);

/** Attributes a browser follows or loads as a URL (plus the mention's navigation target). */
const URL_ATTRIBUTES = [
  'href', 'src', 'action', 'formaction', 'xlink:href', 'data', 'poster', 'background', 'dynsrc', 'lowsrc',
  'cite', 'ping', 'srcset', 'data-redirect-uri',
];

/** Schemes that run script or render attacker-chosen documents. */
const DANGEROUS_SCHEME = /^(javascript|data|vbscript):/;

/**
 * The only declarations the schema writes: sizes on images, colours on table rows
 * and cells. ProseMirror's serialiser sets `style.cssText`, so the browser writes the
 * schema's hex colours back as `rgb(r, g, b)`.
 */
const ALLOWED_DECLARATION =
  /^(?:(?:width|height):\s*\d+(?:\.\d+)?(?:px|%)|height:\s*auto|(?:background-color|color):\s*(?:#[0-9a-f]{3}|#[0-9a-f]{6}|rgb\(\d{1,3}, \d{1,3}, \d{1,3}\)))$/i;

/** How strictly to judge: `strict` also requires schema-only elements and attributes (plus those an extension writes). */
export interface InspectOptions {
  strict?: boolean;
  /** Elements and attributes the loaded extensions' nodes write, allowed beside the schema's. */
  extra?: { elements?: readonly string[]; attributes?: readonly string[] };
}

/**
 * Whether a browser would treat the value as a dangerous URL. It drops tab and
 * newline anywhere and C0 controls and spaces at the ends (WHATWG URL parsing);
 * the URL parser itself has the last word.
 */
export function isDangerousUrl(value: string): boolean {
  // eslint-disable-next-line no-control-regex
  const cleaned = value.replace(/[\t\n\r]/g, '').replace(/^[\u0000-\u0020]+/, '').toLowerCase();
  if (DANGEROUS_SCHEME.test(cleaned)) return true;
  try {
    return DANGEROUS_SCHEME.test(new URL(value, typeof document === 'undefined' ? 'http://localhost/' : document.baseURI).protocol);
  } catch {
    return false;
  }
}

function tagOf(el: Element): string {
  return `<${el.localName}>`;
}

function styleProblems(el: Element, style: string): string[] {
  return style
    .split(';')
    .map((d) => d.trim())
    .filter(Boolean)
    .filter((d) => !ALLOWED_DECLARATION.test(d.replace(/\s*:\s*/, ': ')))
    .map((d) => `${tagOf(el)} has a style declaration the schema never writes: ${JSON.stringify(d)}`);
}

function elementProblems(el: Element, strict: boolean, extra: InspectOptions['extra'] = {}): string[] {
  const problems: string[] = [];
  const name = el.localName;
  const known = (set: ReadonlySet<string>, more: readonly string[] | undefined, value: string) => set.has(value) || !!more?.includes(value);
  if (FORBIDDEN_ELEMENTS.includes(name)) problems.push(`forbidden element ${tagOf(el)}`);
  else if (strict && (!known(SCHEMA_ELEMENTS, extra.elements, name) || el.namespaceURI !== 'http://www.w3.org/1999/xhtml')) {
    problems.push(`element ${tagOf(el)} (${el.namespaceURI}) is not one the schema writes`);
  }
  for (const attr of Array.from(el.attributes)) {
    const attrName = attr.name.toLowerCase();
    if (attrName.startsWith('on')) problems.push(`${tagOf(el)} has an event handler ${attr.name}=${JSON.stringify(attr.value)}`);
    if (URL_ATTRIBUTES.includes(attrName) && isDangerousUrl(attr.value)) {
      problems.push(`${tagOf(el)} has a dangerous URL ${attr.name}=${JSON.stringify(attr.value)}`);
    }
    if (attrName === 'style') problems.push(...styleProblems(el, attr.value));
    if (strict && !attrName.startsWith('on') && !known(SCHEMA_ATTRIBUTES, extra.attributes, attrName)) {
      problems.push(`${tagOf(el)} has an attribute the schema never writes: ${attr.name}`);
    }
  }
  return problems;
}

/** Every element under `root`, template contents included. */
function allElements(root: ParentNode): Element[] {
  const found: Element[] = [];
  const pending: ParentNode[] = [root];
  while (pending.length) {
    const node = pending.pop()!;
    for (const el of Array.from(node.querySelectorAll('*'))) {
      found.push(el);
      // A template's content is a fragment of its own (by name: Node's DOMs have no global class).
      if (el.localName === 'template') pending.push((el as HTMLTemplateElement).content);
    }
  }
  return found;
}

/** The problems found under `root` (its own attributes are not judged); empty when it is inert. */
export function findUnsafe(root: ParentNode, options: InspectOptions = {}): string[] {
  return allElements(root).flatMap((el) => elementProblems(el, !!options.strict, options.extra));
}

/** Parses markup without running or loading anything, to judge it with `findUnsafe`. */
export function inertFragment(html: string): DocumentFragment {
  const template = parseInertHTML('').createElement('template');
  template.innerHTML = html;
  return template.content;
}
