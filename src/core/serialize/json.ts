import { Fragment, Mark, type Node as PMNode, type NodeType, type Schema } from 'prosemirror-model';
import { log } from '../log.js';
import { cleanAttrs, hasRequiredAttrs, schema as defaultSchema, type AttrDefs } from '../schema/index.js';
import { textWithBreaks } from '../schema/line-breaks.js';
import { shareMarkSets } from '../schema/shared-marks.js';
import { emptyDoc, parseHTML, textToDoc, type DomEnvironment } from './html.js';
import { writeFragmentHTML } from './html-writer.js';

/** A node as stored in JSON (ProseMirror's `Node.toJSON()` shape). */
export interface JSONNode {
  type: string;
  attrs?: Record<string, unknown>;
  content?: JSONNode[];
  marks?: Array<{ type: string; attrs?: Record<string, unknown> }>;
  text?: string;
}

/** Deeper JSON than this is not a document anyone wrote; it is read as text. */
const MAX_JSON_DEPTH = 200;

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function defsOf(spec: object): AttrDefs | undefined {
  return (spec as { attrDefs?: AttrDefs }).attrDefs;
}

/** No attributes as null: ProseMirror then gives the type's one shared default (and a mark type's one instance). */
function orNone(attrs: Record<string, unknown>): Record<string, unknown> | null {
  return Object.keys(attrs).length ? attrs : null;
}

function buildMarks(raw: unknown, schema: Schema): readonly Mark[] {
  if (!Array.isArray(raw)) return Mark.none;
  let set: readonly Mark[] = Mark.none;
  for (const item of raw) {
    if (!isRecord(item) || typeof item.type !== 'string') continue;
    const type = schema.marks[item.type];
    if (!type) continue;
    const defs = defsOf(type.spec);
    const attrs = cleanAttrs(defs, isRecord(item.attrs) ? item.attrs : null);
    // A link whose address was refused: the text stays, the link goes.
    if (hasRequiredAttrs(defs, attrs)) set = type.create(orNone(attrs)).addToSet(set);
  }
  return set;
}

/**
 * Builds nodes from untrusted JSON without checking content: attributes are cleaned,
 * unknown marks dropped, unknown nodes replaced by their children. Content that the
 * schema would refuse is mended afterwards. `parent` is the nearest known node around.
 */
function buildNodes(raw: unknown, schema: Schema, depth: number, parent?: NodeType): PMNode[] {
  if (!isRecord(raw)) return [];
  if (depth > MAX_JSON_DEPTH) throw new RangeError('Document nesting is too deep');
  const type = typeof raw.type === 'string' ? schema.nodes[raw.type] : undefined;
  const children = Array.isArray(raw.content) ? raw.content.flatMap((c) => buildNodes(c, schema, depth + 1, type ?? parent)) : [];
  if (!type) return children;
  if (type.isText) {
    if (typeof raw.text !== 'string' || !raw.text) return [];
    const marks = buildMarks(raw.marks, schema);
    // A line break written as `\n` (as programs writing JSON by hand do) stays a line break
    // outside code: as text it shows as a new line but is written to HTML as white space.
    if (!parent?.spec.code && /[\r\n]/.test(raw.text)) return textWithBreaks(schema, raw.text, marks, parent?.isTextblock ? parent : undefined);
    return [schema.text(raw.text, marks)];
  }
  const defs = defsOf(type.spec);
  const attrs = cleanAttrs(defs, isRecord(raw.attrs) ? raw.attrs : null);
  // A node that means nothing without a refused value (an image without its address) is
  // dropped with its wrapper, as HTML parsing does; whatever it held stays.
  if (!hasRequiredAttrs(defs, attrs)) return children;
  return [type.create(orNone(attrs), Fragment.fromArray(children), buildMarks(raw.marks, schema))];
}

function collectText(raw: unknown): string {
  const parts: string[] = [];
  const stack: unknown[] = [raw];
  while (stack.length) {
    const item = stack.pop();
    if (!isRecord(item)) continue;
    if (typeof item.text === 'string') parts.push(item.text);
    if (Array.isArray(item.content)) for (let i = item.content.length - 1; i >= 0; i--) stack.push(item.content[i]);
  }
  return parts.join('\n');
}

/**
 * Loads a stored JSON document. A bad attribute is cleaned, an unknown node or mark
 * dropped, content in the wrong place moved to where the schema allows it (through
 * the same rules as pasted HTML); the document as a whole is never rejected.
 */
export function parseJSON(json: unknown, env: DomEnvironment = {}): PMNode {
  const schema = env.schema ?? defaultSchema;
  let value = json;
  if (typeof value === 'string') {
    try {
      value = JSON.parse(value);
    } catch {
      return textToDoc(value as string, schema);
    }
  }
  if (!isRecord(value)) return emptyDoc(schema);
  let built: PMNode[];
  try {
    built = buildNodes(value, schema, 0);
  } catch (error) {
    log.warn('Stored document could not be read; it was loaded as plain text', error);
    return textToDoc(collectText(value), schema);
  }
  const top = built.length === 1 && built[0].type === schema.topNodeType ? built[0] : schema.topNodeType.create(null, built);
  try {
    top.check();
    return top.childCount ? shareMarkSets(top) : emptyDoc(schema);
  } catch {
    // Mend through the DOM parser, which knows how to wrap and lift misplaced content.
    return parseHTML(writeFragmentHTML(top.content), env);
  }
}

/** The document as JSON (ProseMirror's format). */
export function serializeJSON(doc: PMNode): JSONNode {
  return doc.toJSON() as JSONNode;
}
