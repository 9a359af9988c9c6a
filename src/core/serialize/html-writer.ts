/**
 * Which writer turns a document into HTML. The string writer (html-string.ts) writes it from
 * the document model, with no DOM and fast on long documents; `rich-editor/core` (and so the
 * server) puts it in use as it loads (string-writer.ts). The element, from the embed bundle or
 * the library entries, fetches it when the browser is idle (element/rich-editor/on-demand.ts);
 * until it arrives, HTML is written the browser's way:
 * ProseMirror's DOMSerializer, read back through `innerHTML`, which gives the same bytes
 * (test/core/serialize/html-string.test.ts compares the two).
 */
import { DOMSerializer, type DOMOutputSpec, type Fragment, type Node as PMNode, type Schema } from 'prosemirror-model';
import type { ChunkedHTML } from './html-string.js';

/** What the writers' users need of the string writer. */
export interface StringWriter {
  fragmentToHTML(fragment: Fragment): string;
  writeBlockHTML(node: PMNode, html: ChunkedHTML): void;
  ChunkedHTML: new () => ChunkedHTML;
}

let inUse: StringWriter | null = null;

/** Puts the string writer in use (string-writer.ts, as it loads), or none (`null`: the browser's way); returns the one in use before. */
export function useStringWriter(writer: StringWriter | null): StringWriter | null {
  const previous = inUse;
  inUse = writer;
  return previous;
}

/** The string writer, or null while the embed bundle has not fetched it yet. */
export function stringWriter(): StringWriter | null {
  return inUse;
}

/** The HTML of a fragment, by the writer in use. */
export function writeFragmentHTML(fragment: Fragment): string {
  return inUse ? inUse.fragmentToHTML(fragment) : browserHTML(fragment);
}

/** The document the browser's way builds in: inert (nothing loads, no script runs). */
let inert: Document | null = null;
/** Elements from render functions (DOM nodes in a render spec): their attributes stay as the function set them. */
const fromFunctions = new WeakSet<Element>();
const serializers = new WeakMap<Schema, DOMSerializer>();

/** Remembers the elements a render spec holds as DOM nodes, and returns the spec. */
function noteFunctionDOM(spec: DOMOutputSpec): DOMOutputSpec {
  const node = spec as Node & { dom?: Node };
  const dom = node.nodeType === 1 ? node : node.dom?.nodeType === 1 ? node.dom : null;
  if (dom) {
    fromFunctions.add(dom as Element);
    for (const element of (dom as Element).querySelectorAll('*')) fromFunctions.add(element);
  } else if (Array.isArray(spec)) spec.forEach((child) => child && typeof child === 'object' && noteFunctionDOM(child as DOMOutputSpec));
  return spec;
}

/** The schema's DOMSerializer, noting the DOM nodes its render specs hold. */
function serializerOf(schema: Schema): DOMSerializer {
  let serializer = serializers.get(schema);
  if (!serializer) {
    const nodes = DOMSerializer.nodesFromSchema(schema);
    const marks = DOMSerializer.marksFromSchema(schema);
    for (const name in nodes) {
      const toDOM = nodes[name];
      nodes[name] = (node) => noteFunctionDOM(toDOM(node));
    }
    for (const name in marks) {
      const toDOM = marks[name];
      marks[name] = (mark, inline) => noteFunctionDOM(toDOM(mark, inline));
    }
    serializers.set(schema, (serializer = new DOMSerializer(nodes, marks)));
  }
  return serializer;
}

/**
 * Whether this engine writes a style set through the CSSOM where it was set (Firefox) rather
 * than after the element's other attributes (Chromium, which the string writer follows).
 */
let styleInPlace: boolean | null = null;

/** ProseMirror's DOMSerializer output read back through `innerHTML`, each style set from a render spec written last. */
function browserHTML(fragment: Fragment): string {
  const first = fragment.firstChild;
  if (!first) return '';
  if (typeof document === 'undefined') throw new RangeError('rich-editor: writing HTML without a DOM needs the string writer: import rich-editor/core');
  const doc = (inert ??= document.implementation.createHTMLDocument(''));
  if (styleInPlace === null) {
    const probe = doc.createElement('img');
    probe.setAttribute('alt', '');
    probe.style.cssText = 'width: 1px';
    probe.setAttribute('src', 'x');
    styleInPlace = probe.outerHTML.indexOf('style') < probe.outerHTML.indexOf('src');
  }
  const container = doc.createElement('div');
  const schema = first.type.schema;
  container.append((styleInPlace ? serializerOf(schema) : DOMSerializer.fromSchema(schema)).serializeFragment(fragment, { document: doc }));
  if (styleInPlace) {
    for (const element of container.querySelectorAll<HTMLElement>('[style]')) {
      if (!element.style || fromFunctions.has(element)) continue;
      const style = element.getAttribute('style')!;
      element.removeAttribute('style');
      element.setAttribute('style', style);
    }
  }
  return container.innerHTML;
}
