/**
 * How a ProseMirror document is held in a shared document, and read back from it. The encoding is
 * y-prosemirror 1.3's, so documents it wrote open unchanged: the document is an XML fragment;
 * each node but text is an element named for its type, its attributes (all but those that are
 * null) the element's attributes; a run of text nodes is one XML text, each mark a format named
 * for the mark (`name--hash` for a mark that may overlap itself) holding the mark's attributes.
 *
 * One addition: the marks of a node that is not text (a bold mention, a struck line break),
 * which y-prosemirror drops (yjs/y-prosemirror#47), are the element's attribute `marks`
 * (MARKS_ATTRIBUTE), the marks' JSON in order. A node type may not have an attribute of that name.
 */
import { encodeAny, toBase64 } from 'lib0/buffer';
import { digest } from 'lib0/hash/sha256';
import { Mark, type Node as PMNode, type Schema } from 'prosemirror-model';
import * as Y from 'yjs';

/** The element attribute holding the marks of a node that is not text (absent when it has none). */
export const MARKS_ATTRIBUTE = 'marks';

/** What each type of the shared document stands for: an element its node, a text its text nodes. */
export type Mapping = Map<SharedType, PMNode | PMNode[]>;

/** A type of the shared document: the fragment, an element or a text (a hook is never written, but may be read). */
export type SharedType = Y.XmlFragment | Y.XmlText | Y.XmlHook;

/** A child as the shared document holds it: a node that is not text, or a run of text nodes. */
export type SharedChild = PMNode | PMNode[];

/** A node's content as the shared document holds it: each run of text nodes together. */
export function sharedChildren(node: PMNode): SharedChild[] {
  const children: SharedChild[] = [];
  let run: PMNode[] | null = null;
  node.forEach((child) => {
    if (child.isText) {
      if (!run) children.push((run = []));
      run.push(child);
    } else {
      run = null;
      children.push(child);
    }
  });
  return children;
}

const hashedMark = /^(.*)--[a-zA-Z0-9+/=]{8}$/;

/** The mark a text format stands for (y-prosemirror names a mark that may overlap itself `name--hash`). */
export const markNameOf = (format: string): string => hashedMark.exec(format)?.[1] ?? format;

/** y-prosemirror's hash of a mark's JSON: 6 bytes of its SHA-256, folded, in base64 (8 characters). */
function hashOfJSON(json: unknown): string {
  const hash = digest(encodeAny(json as Parameters<typeof encodeAny>[0]));
  for (let i = 6; i < hash.length; i++) hash[i % 6] ^= hash[i]!;
  return toBase64(hash.slice(0, 6));
}

/** A text node's marks as the formats of its text. */
export function marksToFormat(marks: readonly Mark[]): Record<string, Record<string, unknown>> {
  const format: Record<string, Record<string, unknown>> = {};
  for (const mark of marks) {
    const { type } = mark;
    if (type.name === 'ychange') continue;
    format[type.excludes(type) ? type.name : `${type.name}--${hashOfJSON(mark.toJSON())}`] = mark.attrs;
  }
  return format;
}

/** The formats of `format` whose marks a block of type `name` allows. */
export function allowedFormat(format: Record<string, unknown> | undefined, name: string, schema: Schema): Record<string, unknown> {
  const allowed: Record<string, unknown> = {};
  const type = schema.nodes[name];
  for (const key in format) {
    const mark = schema.marks[markNameOf(key)];
    if (type && mark && type.allowsMarkType(mark)) allowed[key] = format[key];
  }
  return allowed;
}

/** The marks a text's formats stand for (throws on a mark the schema does not have). */
export function formatToMarks(format: Record<string, unknown> | undefined, schema: Schema): Mark[] {
  const marks: Mark[] = [];
  for (const key in format) marks.push(schema.mark(markNameOf(key), format[key] as Record<string, unknown>));
  return marks;
}

/** The attributes of a node's element: its attributes that are not null, and its marks if it has any. */
export function elementAttributes(node: PMNode): Record<string, unknown> {
  const attributes: Record<string, unknown> = {};
  for (const key in node.attrs) {
    const value: unknown = node.attrs[key];
    if (value !== null && key !== 'ychange') attributes[key] = value;
  }
  if (node.marks.length) attributes[MARKS_ATTRIBUTE] = node.marks.map((mark) => mark.toJSON() as unknown);
  return attributes;
}

/** A new shared type for a child (not yet in a document), recorded in `mapping` when one is given. */
export function sharedTypeOf(child: SharedChild, mapping?: Mapping): Y.XmlElement | Y.XmlText {
  if (Array.isArray(child)) {
    const text = new Y.XmlText();
    text.applyDelta(child.map((node) => ({ insert: node.text!, attributes: marksToFormat(node.marks) })));
    mapping?.set(text, child);
    return text;
  }
  const element = new Y.XmlElement(child.type.name);
  const attributes = elementAttributes(child);
  // Attribute values are any JSON (Yjs's own types name them strings).
  for (const key in attributes) element.setAttribute(key, attributes[key] as string);
  element.insert(0, sharedChildren(child).map((grandchild) => sharedTypeOf(grandchild, mapping)));
  mapping?.set(element, child);
  return element;
}

/** How to read elements: the nodes already read (reused while their element is unchanged), and a look at each text first. */
export interface ReadOptions {
  mapping?: Mapping;
  /** Called with each text before it is read (the binding merges a text it split, y-prosemirror#160). */
  beforeText?: (text: Y.XmlText) => void;
}

/** The text nodes of a shared text (none when it holds what the schema refuses). */
export function readText(text: Y.XmlText, schema: Schema): PMNode[] {
  try {
    return (text.toDelta() as { insert: unknown; attributes?: Record<string, unknown> }[])
      .filter((run) => typeof run.insert === 'string' && run.insert.length > 0)
      .map((run) => schema.text(run.insert as string, formatToMarks(run.attributes, schema)));
  } catch {
    return [];
  }
}

/**
 * The node an element stands for, or null when the schema refuses it (an unknown type, mark or
 * attribute: the editor's check of every change keeps those out). Content a concurrent merge left
 * invalid (a list item that lost its first paragraph) is completed as the schema asks, or kept as
 * it is; such a node is not recorded in the mapping, so the next local change writes what it shows.
 */
export function readElement(element: Y.XmlElement, schema: Schema, options: ReadOptions = {}): PMNode | null {
  const { mapping } = options;
  const known = mapping?.get(element);
  if (known && !Array.isArray(known)) return known;
  const children: PMNode[] = [];
  element.forEach((child) => {
    if (child instanceof Y.XmlElement) {
      const node = readElement(child, schema, options);
      if (node) children.push(node);
    } else if (child instanceof Y.XmlText) {
      options.beforeText?.(child);
      children.push(...readText(child, schema));
    }
  });
  try {
    const { [MARKS_ATTRIBUTE]: marksJSON, ...attrs } = element.getAttributes() as Record<string, unknown>;
    const type = schema.nodes[element.nodeName];
    if (!type) return null;
    const marks = Array.isArray(marksJSON) ? marksJSON.map((json) => Mark.fromJSON(schema, json as Parameters<typeof Mark.fromJSON>[1])) : [];
    try {
      const node = type.createChecked(attrs, children, marks);
      mapping?.set(element, node);
      return node;
    } catch (error) {
      // An unknown type or attribute is no merge's doing: only invalid content is completed.
      if (!(error instanceof RangeError && error.message.startsWith('Invalid content'))) throw error;
      return type.createAndFill(attrs, children, marks) ?? type.create(attrs, children, marks);
    }
  } catch {
    return null;
  }
}

/** The document a shared fragment holds (its elements in order; an empty fragment is an empty document). */
export function readFragment(fragment: Y.XmlFragment, schema: Schema, options: ReadOptions = {}): PMNode {
  const children: PMNode[] = [];
  fragment.forEach((child) => {
    if (!(child instanceof Y.XmlElement)) return;
    const node = readElement(child, schema, options);
    if (node) children.push(node);
  });
  const doc = schema.topNodeType.create(null, children);
  options.mapping?.set(fragment, doc);
  return doc;
}
