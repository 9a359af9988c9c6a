/**
 * Reads a Yjs update before it is applied and says whether it keeps the shared document inside
 * the editor's schema: every element a node type the schema has, every text format a mark it has,
 * every attribute one the node declares with a value its cleaner keeps. The server refuses an
 * update that does not (so no collaborator can lock a document read-only for everyone, or bring an
 * unsafe address, handler or style to anyone's screen), and each editor checks what arrives again
 * before its document sees it: an element the editor cannot turn into a node would be missing from
 * its document, and its next change would delete it everywhere (y-prosemirror#39). The marks of a
 * node that is not text (its element's `marks` attribute) are checked as marks of text are.
 *
 * An item placed beside or inside content the document has collected (what was inside an element
 * someone deleted: Yjs keeps only its ids) is collected too as it arrives: someone typed into a
 * paragraph a colleague deleted before hearing of it. Such an item never becomes content, so it is
 * let through unchecked; refusing it would disconnect the one who typed.
 */
import type { AttributeSpec, MarkType, NodeType, Schema } from 'prosemirror-model';
import * as Y from 'yjs';
import type { AttrDefs } from '../core/schema/attrs.js';
import { MARKS_ATTRIBUTE, markNameOf as markName } from './binding/encoding.js';

/** The name of the shared document's one root: the XML fragment the editor is bound to. */
export const FRAGMENT = 'default';

/** Why an update was refused: a sentence naming what was wrong. */
export type UpdateProblem = string;

/**
 * What a parent of an item is: the root fragment, or an element, a text, something the editor never
 * writes, or none (the item lands beside or inside collected content and is collected itself).
 */
type ParentKind = { kind: 'root' } | { kind: 'element'; nodeName: string } | { kind: 'text' } | { kind: 'other'; what: string } | { kind: 'collected' };

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

function attrDefsOf(type: { spec: unknown }): AttrDefs | undefined {
  return (type.spec as { attrDefs?: AttrDefs }).attrDefs;
}

/** Whether `value` is one the attribute keeps as it is (its cleaner changes nothing, a required one is set). */
function keptValue(type: NodeType | MarkType, key: string, value: unknown): boolean {
  const spec = (type.spec.attrs as Record<string, AttributeSpec> | undefined)?.[key];
  if (!spec) return false;
  const def = attrDefsOf(type)?.[key];
  if (def) return same(def.clean(value), value) && !(def.required && same(value, def.default));
  // A host's attribute without a cleaner: its own validate (if any) decides.
  try {
    if (typeof spec.validate === 'function') spec.validate(value);
    else if (typeof spec.validate === 'string' && !spec.validate.split('|').includes(value === null ? 'null' : typeof value)) return false;
    return true;
  } catch {
    return false;
  }
}

/** The kind of a type as Yjs made it. */
function kindOfType(type: Y.AbstractType<unknown>): ParentKind {
  if (type instanceof Y.XmlElement) return { kind: 'element', nodeName: type.nodeName };
  if (type instanceof Y.XmlText) return { kind: 'text' };
  // A root is the fragment by its name (a document that only applied updates has not typed its roots yet).
  if (!type._item) return Y.findRootTypeKey(type) === FRAGMENT ? { kind: 'root' } : { kind: 'other', what: `root "${Y.findRootTypeKey(type)}"` };
  return { kind: 'other', what: type.constructor.name };
}

/**
 * Checks `update` against `schema` and the document it would be applied to (items it refers to
 * are looked up there); returns null when it may be applied, or the problem.
 */
export function checkUpdate(update: Uint8Array, doc: Y.Doc, schema: Schema): UpdateProblem | null {
  let decoded: ReturnType<typeof Y.decodeUpdate>;
  try {
    decoded = Y.decodeUpdate(update);
  } catch {
    return 'The update could not be read.';
  }
  const items = decoded.structs.filter((struct): struct is Y.Item => struct instanceof Y.Item);
  const ownItems = new Set(items);
  // The update's own items by client, in clock order, to find the one holding an id (a whole
  // document's update holds tens of thousands: each look-up is a binary search).
  const byClient = new Map<number, Y.Item[]>();
  for (const item of items) {
    const list = byClient.get(item.id.client) ?? [];
    list.push(item);
    byClient.set(item.id.client, list);
  }
  for (const list of byClient.values()) list.sort((a, b) => a.id.clock - b.id.clock);
  const inUpdate = (id: Y.ID): Y.Item | null => {
    const list = byClient.get(id.client);
    if (!list) return null;
    let low = 0;
    let high = list.length - 1;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const item = list[middle]!;
      if (id.clock < item.id.clock) high = middle - 1;
      else if (id.clock >= item.id.clock + item.length) low = middle + 1;
      else return item;
    }
    return null;
  };
  const inDoc = (id: Y.ID): Y.Item | null => {
    if (Y.getState(doc.store, id.client) <= id.clock) return null;
    const found = Y.getItem(doc.store, id);
    return found instanceof Y.Item ? found : null;
  };
  /** Whether the document has collected what stood at `id` (Yjs keeps a range of ids, no item). */
  const collectedInDoc = (id: Y.ID): boolean => Y.getState(doc.store, id.client) > id.clock && !(Y.getItem(doc.store, id) instanceof Y.Item);
  /** Whether the element at `id` is gone with its content (collected, or deleted from a parent still there, which keeps only its length). */
  const goneElement = (id: Y.ID): boolean => collectedInDoc(id) || inDoc(id)?.content instanceof Y.ContentDeleted;

  // Where an item sits: its parent and its attribute key, from its own parent information or
  // from the item it was inserted beside (Yjs leaves them out when an origin is given).
  const placed = new Map<Y.Item, { parent: ParentKind; sub: string | null } | null>();
  const placeOf = (item: Y.Item, depth = 0): { parent: ParentKind; sub: string | null } | null => {
    if (placed.has(item)) return placed.get(item)!;
    if (depth > 10_000) return null;
    let result: { parent: ParentKind; sub: string | null } | null = null;
    const parent = item.parent as unknown;
    // As Yjs integrates it: beside collected content (or an item of this update collected so), or inside a collected element.
    const collectedBeside = (id: Y.ID | null): boolean => {
      if (!id) return false;
      const own = inUpdate(id);
      return own ? own !== item && placeOf(own, depth + 1)?.parent.kind === 'collected' : collectedInDoc(id);
    };
    if (collectedBeside(item.origin) || collectedBeside(item.rightOrigin) || (parent instanceof Y.ID && goneElement(parent))) {
      result = { parent: { kind: 'collected' }, sub: null };
    } else if (typeof parent === 'string') {
      result = { parent: parent === FRAGMENT ? { kind: 'root' } : { kind: 'other', what: `root "${parent}"` }, sub: item.parentSub };
    } else if (parent instanceof Y.ID) {
      result = { parent: parentKindOfId(parent), sub: item.parentSub };
    } else if (parent instanceof Y.AbstractType) {
      result = { parent: kindOfType(parent), sub: item.parentSub };
    } else {
      const beside = (item.origin && (inUpdate(item.origin) ?? inDoc(item.origin))) || (item.rightOrigin && (inUpdate(item.rightOrigin) ?? inDoc(item.rightOrigin)));
      result = beside ? (placed.has(beside) || ownItems.has(beside) ? placeOf(beside, depth + 1) : placeOfDocItem(beside)) : null;
    }
    placed.set(item, result);
    return result;
  };
  const placeOfDocItem = (item: Y.Item): { parent: ParentKind; sub: string | null } | null =>
    item.parent instanceof Y.AbstractType ? { parent: kindOfType(item.parent as Y.AbstractType<unknown>), sub: item.parentSub } : null;
  // Each element's kind, found once for all its children and attributes.
  const kinds = new Map<Y.Item, ParentKind>();
  const parentKindOfId = (id: Y.ID): ParentKind => {
    const holder = inUpdate(id) ?? inDoc(id);
    if (!holder) return { kind: 'other', what: 'an element the document does not have' };
    let kind = kinds.get(holder);
    if (!kind) {
      kind = holder.content instanceof Y.ContentType ? kindOfType(holder.content.type as Y.AbstractType<unknown>) : { kind: 'other', what: 'a value that holds no content' };
      kinds.set(holder, kind);
    }
    return kind;
  };
  // An attribute's verdict per value: a whole document repeats the same few values thousands of times.
  const verdicts = new Map<NodeType | MarkType, Map<string, Map<unknown, boolean>>>();
  const kept = (type: NodeType | MarkType, key: string, value: unknown): boolean => {
    if (typeof value === 'object' && value !== null) return keptValue(type, key, value);
    let byKey = verdicts.get(type);
    if (!byKey) verdicts.set(type, (byKey = new Map()));
    let byValue = byKey.get(key);
    if (!byValue) byKey.set(key, (byValue = new Map()));
    let verdict = byValue.get(value);
    if (verdict === undefined) byValue.set(value, (verdict = keptValue(type, key, value)));
    return verdict;
  };

  // The marks of a node that is not text: a list of marks the schema has, with attributes their cleaners keep.
  const marksProblem = (value: unknown, nodeName: string): UpdateProblem | null => {
    const refused = `The marks of "${nodeName}" are not a list of marks this editor knows.`;
    if (!Array.isArray(value) || !value.length) return refused;
    for (const json of value) {
      if (typeof json !== 'object' || json === null) return refused;
      const { type: name, attrs = {}, ...rest } = json as { type?: unknown; attrs?: unknown };
      const mark = typeof name === 'string' ? schema.marks[name] : undefined;
      if (!mark || Object.keys(rest).length || typeof attrs !== 'object' || attrs === null) return refused;
      for (const [key, attr] of Object.entries(attrs)) {
        if (!kept(mark, key, attr)) return `The attribute "${key}" of the mark "${mark.name}" is unknown or has a value its cleaner refuses.`;
      }
      try {
        schema.markFromJSON(json as Parameters<Schema['markFromJSON']>[0]);
      } catch {
        return refused;
      }
    }
    return null;
  };

  for (const item of items) {
    const place = placeOf(item);
    if (!place) return 'The update refers to content the document does not have.';
    const { parent, sub } = place;
    if (parent.kind === 'collected') continue;
    if (parent.kind === 'other') return `The update writes into ${parent.what}, which the editor does not use.`;
    const content = item.content;
    if (sub !== null) {
      // An attribute of an element (the root and texts have none the editor writes).
      if (parent.kind !== 'element') return 'The update sets an attribute the editor does not write.';
      // A value since replaced (a to-do ticked, a language changed): a whole document keeps its place, empty.
      if (content instanceof Y.ContentDeleted) continue;
      const type = schema.nodes[parent.nodeName];
      if (!type) return `The update uses the node "${parent.nodeName}", which this editor does not know.`;
      if (!(content instanceof Y.ContentAny) || content.arr.length !== 1) return `The attribute "${sub}" of "${parent.nodeName}" does not hold one value.`;
      if (sub === 'ychange') continue;
      if (sub === MARKS_ATTRIBUTE) {
        const problem = marksProblem(content.arr[0], parent.nodeName);
        if (problem) return problem;
        continue;
      }
      if (!kept(type, sub, content.arr[0])) return `The attribute "${sub}" of "${parent.nodeName}" is unknown or has a value its cleaner refuses.`;
      continue;
    }
    if (content instanceof Y.ContentType) {
      const inner = content.type as Y.AbstractType<unknown>;
      if (parent.kind === 'text') return 'The update puts an element inside text.';
      if (inner instanceof Y.XmlElement) {
        const type: NodeType | undefined = schema.nodes[inner.nodeName];
        // Its attributes are items of their own in the update, checked as such.
        if (!type || type === schema.topNodeType) return `The update uses the node "${inner.nodeName}", which this editor does not know.`;
        continue;
      }
      if (inner instanceof Y.XmlText) continue;
      return `The update writes a ${inner.constructor.name}, which the editor does not use.`;
    }
    if (content instanceof Y.ContentString) {
      if (parent.kind !== 'text') return 'The update puts text outside a text.';
      continue;
    }
    if (content instanceof Y.ContentFormat) {
      if (parent.kind !== 'text') return 'The update formats something that is not text.';
      const mark = schema.marks[markName(content.key)];
      if (!mark) return `The update uses the mark "${markName(content.key)}", which this editor does not know.`;
      if (content.value === null) continue;
      if (typeof content.value !== 'object') return `The mark "${mark.name}" has attributes that are not an object.`;
      for (const [key, value] of Object.entries(content.value as Record<string, unknown>)) {
        if (!kept(mark, key, value)) return `The attribute "${key}" of the mark "${mark.name}" is unknown or has a value its cleaner refuses.`;
      }
      continue;
    }
    if (content instanceof Y.ContentDeleted) continue;
    return `The update writes ${content.constructor.name}, which the editor does not use.`;
  }
  return null;
}
