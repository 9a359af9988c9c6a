/**
 * The markup of one render spec (a node's or mark's `toDOM` output, or a DOM node a render
 * function made), as a browser writes the DOM that ProseMirror's DOMSerializer builds from it:
 * the HTML standard's fragment serialisation, which is what `innerHTML` gives.
 */
import type { DOMOutputSpec } from 'prosemirror-model';
import { cssText } from './css-text.js';
import { escapeHTMLAttribute, escapeHTMLText } from './html-escape.js';

const HTML_NS = 'http://www.w3.org/1999/xhtml';
const SVG_NS = 'http://www.w3.org/2000/svg';
const MATHML_NS = 'http://www.w3.org/1998/Math/MathML';
const XML_NS = 'http://www.w3.org/XML/1998/namespace';
const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';
const XLINK_NS = 'http://www.w3.org/1999/xlink';

/** HTML elements written without content or end tag (HTML standard, "serializes as void"). */
const VOID_ELEMENTS = new Set('area base basefont bgsound br col embed frame hr img input keygen link meta param source track wbr'.split(' '));
/** HTML elements whose text is written as is (scripting is off in the documents we serialise, so not `noscript`). */
const RAW_TEXT_ELEMENTS = new Set('style script xmp iframe noembed noframes plaintext'.split(' '));

/** An element's written name: its local name in the HTML, SVG and MathML namespaces, its qualified name elsewhere. */
function writtenTagName(ns: string | null, tag: string): string {
  if (!ns || ns === HTML_NS) return ns ? tag : tag.toLowerCase();
  const colon = tag.indexOf(':');
  return (ns === SVG_NS || ns === MATHML_NS) && colon >= 0 ? tag.slice(colon + 1) : tag;
}

/** A namespaced attribute's written name (HTML standard, "serializing HTML fragments"). */
function namespacedAttributeName(ns: string, qualified: string): string {
  const local = qualified.slice(qualified.indexOf(':') + 1);
  if (ns === XML_NS) return `xml:${local}`;
  if (ns === XMLNS_NS) return local === 'xmlns' ? 'xmlns' : `xmlns:${local}`;
  if (ns === XLINK_NS) return `xlink:${local}`;
  return qualified;
}

/** Arrays held in a node's attributes: a render spec must never be one of them (ProseMirror refuses it as an injection). */
const suspiciousCache = new WeakMap<object, unknown[]>();
const NO_ARRAYS: readonly unknown[] = [];
function suspiciousArrays(attrs: object): readonly unknown[] {
  let holdsObjects = false;
  for (const key in attrs) {
    const value = (attrs as Record<string, unknown>)[key];
    if (value && typeof value === 'object') {
      holdsObjects = true;
      break;
    }
  }
  // Most attributes are strings, numbers and booleans: nothing to look into or remember.
  if (!holdsObjects) return NO_ARRAYS;
  let found = suspiciousCache.get(attrs);
  if (found) return found;
  found = [];
  const scan = (value: unknown): void => {
    if (!value || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      if (typeof value[0] === 'string') found!.push(value);
      else value.forEach(scan);
    } else {
      for (const key in value) scan((value as Record<string, unknown>)[key]);
    }
  };
  scan(attrs);
  suspiciousCache.set(attrs, found);
  return found;
}

interface DomLike {
  nodeType: number;
}

function isDomNode(value: unknown): value is Node {
  return typeof value === 'object' && value !== null && typeof (value as DomLike).nodeType === 'number';
}

/** Markup rendered from one spec: `open`, then the content, then `close`. */
export interface Rendered {
  open: string;
  /** Null when the spec has no content hole (a node's content then has nowhere to go). */
  close: string | null;
  /** The content's place is inside a void element: it exists in the DOM but is never written. */
  drop: boolean;
}

/** Where a render's content goes: the output length there, and whether it is inside a void element. */
interface Hole {
  at: number;
  inVoid: boolean;
}

/**
 * A render spec's attributes as written, each as ` name="value"`. Names written as given (lower
 * case on an HTML element, no namespace, not `style`) go straight out; the others take the
 * rules of the DOM they would be set on (`attributeMarkupInOrder`).
 */
function attributeMarkup(attrs: Record<string, unknown>, xmlNS: string | null, html: boolean): string {
  let out = '';
  for (const key in attrs) {
    const value = attrs[key];
    if (value == null) continue;
    if (key === 'style' || key.indexOf(' ') >= 0 || (html && key !== key.toLowerCase())) return attributeMarkupInOrder(attrs, xmlNS, html);
    out += ` ${key}="${escapeHTMLAttribute(String(value))}"`;
  }
  return out;
}

/** Attributes as the DOM orders and names them: namespaced names, `style` through the CSSOM, one of `A` and `a`. */
function attributeMarkupInOrder(attrs: Record<string, unknown>, xmlNS: string | null, html: boolean): string {
  const attributes = new Map<string, string>();
  const hasStyle = html || xmlNS === SVG_NS || xmlNS === MATHML_NS;
  // A style set through the CSSOM (`style.cssText`) becomes an attribute only when the
  // element is written (Chromium syncs it lazily): after the others, unless one was there.
  let cssStyle: string | null = null;
  for (const key in attrs) {
    const value = attrs[key];
    if (value == null) continue;
    const attrSpace = key.indexOf(' ');
    if (attrSpace > 0) {
      attributes.set(namespacedAttributeName(key.slice(0, attrSpace), key.slice(attrSpace + 1)), String(value));
    } else if (key === 'style' && hasStyle) {
      if (attributes.has('style')) attributes.set('style', cssText(String(value)));
      else cssStyle = cssText(String(value));
    } else {
      // Set twice under one name (`A` and `a` on an HTML element), an attribute keeps its first place.
      const name = html ? key.toLowerCase() : key;
      attributes.set(name, String(value));
      if (name === 'style') cssStyle = null;
    }
  }
  if (cssStyle !== null) attributes.set('style', cssStyle);
  let out = '';
  for (const [key, value] of attributes) out += ` ${key}="${escapeHTMLAttribute(value)}"`;
  return out;
}

/** Writes the markup of the DOM one render spec (or a DOM node from a render function) describes. */
class SpecWriter {
  private out = '';
  private hole: Hole | null = null;
  /** The end of the top element's children: a mark's content goes there when its spec has no hole. */
  private topEnd: Hole | null = null;

  private constructor(private readonly blocked: readonly unknown[]) {}

  /** Renders `spec`; for a mark (`topIsHole`), the top element holds the content when there is no hole. */
  static render(spec: DOMOutputSpec, attrs: object, topIsHole: boolean): Rendered {
    const writer = new SpecWriter(suspiciousArrays(attrs));
    writer.spec(spec, null, false, 0);
    const hole = writer.hole ?? (topIsHole ? writer.topEnd : null);
    if (!hole) return { open: writer.out, close: null, drop: false };
    return { open: writer.out.slice(0, hole.at), close: writer.out.slice(hole.at), drop: hole.inVoid };
  }

  private markHole(inVoid: boolean): void {
    if (this.hole) throw new RangeError('Multiple content holes');
    this.hole = { at: this.out.length, inVoid };
  }

  private spec(structure: DOMOutputSpec, xmlNS: string | null, inVoid: boolean, depth: number): void {
    if (isDomNode(structure)) return this.dom(structure, null, inVoid, depth);
    const wrapped = structure as { dom?: unknown; contentDOM?: Node | null };
    if (!Array.isArray(structure) && isDomNode(wrapped.dom) && wrapped.dom.nodeType === 1) return this.dom(wrapped.dom, wrapped.contentDOM ?? null, inVoid, depth);
    const array = structure as readonly unknown[];
    let tagName = array[0];
    if (typeof tagName !== 'string') throw new RangeError('Invalid array passed to renderSpec');
    if (this.blocked.length && this.blocked.includes(array)) {
      throw new RangeError('Using an array from an attribute object as a DOM spec. This may be an attempted cross site scripting attack.');
    }
    const space = tagName.indexOf(' ');
    if (space > 0) {
      xmlNS = tagName.slice(0, space);
      tagName = tagName.slice(space + 1);
    }
    const name = writtenTagName(xmlNS, tagName as string);
    const html = !xmlNS || xmlNS === HTML_NS;
    const attrs = array[1];
    let first = 1;
    this.out += `<${name}`;
    if (attrs && typeof attrs === 'object' && !isDomNode(attrs) && !Array.isArray(attrs)) {
      first = 2;
      this.out += attributeMarkup(attrs as Record<string, unknown>, xmlNS, html);
    }
    this.out += '>';
    const isVoid = html && VOID_ELEMENTS.has(name);
    const raw = html && RAW_TEXT_ELEMENTS.has(name);
    const childrenAt = this.out.length;
    for (let i = first; i < array.length; i++) {
      const child = array[i];
      if (child === 0) {
        if (i < array.length - 1 || i > first) throw new RangeError('Content hole must be the only child of its parent node');
        this.markHole(inVoid || isVoid);
      } else if (typeof child === 'string') {
        this.out += raw ? child : escapeHTMLText(child);
      } else {
        this.spec(child as DOMOutputSpec, xmlNS, inVoid || isVoid, depth + 1);
      }
    }
    if (isVoid) {
      // A void element's children exist in the DOM but are never written.
      this.out = this.out.slice(0, childrenAt);
      if (this.hole && this.hole.at > childrenAt) this.hole.at = childrenAt;
    }
    if (depth === 0) this.topEnd = { at: this.out.length, inVoid: inVoid || isVoid };
    if (!isVoid) this.out += `</${name}>`;
  }

  /** A DOM node from a render function, written as `innerHTML` would; `contentDOM` is where the content goes. */
  private dom(node: Node, contentDOM: Node | null, inVoid: boolean, depth: number): void {
    if (node.nodeType === 3) {
      const parent = node.parentNode as Element | null;
      const raw = parent?.nodeType === 1 && parent.namespaceURI === HTML_NS && RAW_TEXT_ELEMENTS.has(parent.localName);
      this.out += raw ? (node.nodeValue ?? '') : escapeHTMLText(node.nodeValue ?? '');
      return;
    }
    if (node.nodeType === 8) {
      this.out += `<!--${node.nodeValue ?? ''}-->`;
      return;
    }
    if (node.nodeType !== 1) return;
    const element = node as Element;
    const ns = element.namespaceURI;
    const name = ns === HTML_NS || ns === SVG_NS || ns === MATHML_NS ? element.localName : element.tagName;
    this.out += `<${name}`;
    for (const attr of Array.from(element.attributes)) {
      this.out += ` ${attr.namespaceURI ? namespacedAttributeName(attr.namespaceURI, attr.name) : attr.name}="${escapeHTMLAttribute(attr.value)}"`;
    }
    this.out += '>';
    const isVoid = ns === HTML_NS && VOID_ELEMENTS.has(name);
    if (!isVoid) for (let child = element.firstChild; child; child = child.nextSibling) this.dom(child, contentDOM, inVoid, depth + 1);
    // Content goes after the content element's own children, as appendChild puts it.
    if (node === contentDOM) this.markHole(inVoid || isVoid);
    if (depth === 0) this.topEnd = { at: this.out.length, inVoid: inVoid || isVoid };
    if (!isVoid) this.out += `</${name}>`;
  }
}

/** The markup of a spec that is a bare HTML tag and its content hole (`['p', 0]`, most nodes and marks), by tag. */
const bareTags = new Map<string, Rendered>();

/** `spec` rendered, through `bareTags` when it is a bare HTML tag with a hole. */
export function renderSpec(spec: DOMOutputSpec, attrs: object, topIsHole: boolean): Rendered {
  if (Array.isArray(spec) && spec.length === 2 && spec[1] === 0 && typeof spec[0] === 'string' && !suspiciousArrays(attrs).includes(spec)) {
    const found = bareTags.get(spec[0]);
    if (found) return found;
    const rendered = SpecWriter.render(spec, attrs, topIsHole);
    if (/^[a-z][a-z0-9]*$/.test(spec[0]) && bareTags.size < 256) bareTags.set(spec[0], rendered);
    return rendered;
  }
  return SpecWriter.render(spec, attrs, topIsHole);
}
