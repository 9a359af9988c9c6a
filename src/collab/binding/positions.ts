/**
 * Positions in the editor's document as positions relative to the shared document's content
 * (they stay on the same character when others change the document) and back. The same
 * relative positions as y-prosemirror's, so carets shared by its editors still show.
 */
import * as Y from 'yjs';
import type { Mapping, SharedType } from './encoding.js';

/** The node size an element stands for (0 for one the mapping does not know). */
const sizeOf = (type: Y.AbstractType<unknown>, mapping: Mapping): number => {
  const node = mapping.get(type as unknown as SharedType);
  return node && !Array.isArray(node) ? node.nodeSize : 0;
};

/** The type an item holds. */
const typeOf = (item: Y.Item): Y.AbstractType<unknown> => (item.content as Y.ContentType).type as Y.AbstractType<unknown>;

/** A position before `item` in `parent`. */
function before(parent: Y.AbstractType<unknown>, item: Y.Item): Y.RelativePosition {
  return parent._item === null
    ? new Y.RelativePosition(null, Y.findRootTypeKey(parent), item.id)
    : new Y.RelativePosition(Y.createID(parent._item.id.client, parent._item.id.clock), null, item.id);
}

/** The position at the end of `type`. */
const endOf = (type: Y.AbstractType<unknown>): Y.RelativePosition =>
  new Y.RelativePosition(type._item === null ? null : type._item.id, type._item === null ? Y.findRootTypeKey(type) : null, null);

/**
 * Which side a position in text keeps to when someone inserts exactly there: the character before
 * it (Yjs's assoc -1). A caret then stays after its own last letter while a colleague types at the
 * same place, so the next letter follows it and two people typing at one spot write two runs of
 * text, not one interleaved letter by letter. (Keeping to the character after, Yjs's default,
 * moves the caret past each arriving letter.) While the fragment is empty a position keeps to its
 * start when content arrives, for the same reason, and so does one in an empty text block: a
 * caret there has no character before it, and a colleague's first letters arriving go after it.
 * (Moved past them, its next letter would go between that colleague's first letter and the
 * second, typed meanwhile, and split their word.)
 */
const KEEPS_TO = -1;

/** The position `pos` of the editor's document as a position relative to `fragment`'s content. */
export function toRelative(pos: number, root: Y.XmlFragment, mapping: Mapping): Y.RelativePosition {
  const assoc = KEEPS_TO;
  if (pos === 0) return Y.createRelativePositionFromTypeIndex(root, 0, assoc);
  const fragment = root as unknown as Y.AbstractType<unknown>;
  let type: Y.AbstractType<unknown> | null = fragment._first === null ? null : typeOf(fragment._first);
  while (type !== null && type !== fragment) {
    if (type instanceof Y.XmlText) {
      if (type._length >= pos) return Y.createRelativePositionFromTypeIndex(type, pos, assoc);
      pos -= type._length;
      if (type._item !== null && type._item.next !== null) {
        type = typeOf(type._item.next);
      } else {
        // Out of the text's parents that end here, one closing token each.
        do {
          type = type._item === null ? null : (type._item.parent as Y.AbstractType<unknown>);
          pos--;
        } while (type !== fragment && type !== null && type._item !== null && type._item.next === null);
        if (type !== null && type !== fragment) type = type._item === null ? null : typeOf(type._item.next!);
      }
    } else {
      const size = sizeOf(type, mapping);
      if (type._first !== null && pos < size) {
        type = typeOf(type._first);
        pos--;
      } else {
        // An empty text block: the position inside it, at its start.
        if (pos === 1 && type._length === 0 && size > 1) return Y.createRelativePositionFromTypeIndex(type, 0, assoc);
        pos -= size;
        if (type._item !== null && type._item.next !== null) {
          type = typeOf(type._item.next);
        } else {
          if (pos === 0) return endOf(type._item === null ? type : (type._item.parent as Y.AbstractType<unknown>));
          do {
            type = type._item!.parent as Y.AbstractType<unknown>;
            pos--;
          } while (type !== fragment && type._item!.next === null);
          if (type !== fragment) type = typeOf(type._item!.next!);
        }
      }
    }
    if (type === null) break;
    if (pos === 0 && !(type instanceof Y.XmlText) && type !== fragment) return before(type._item!.parent as Y.AbstractType<unknown>, type._item!);
  }
  return Y.createRelativePositionFromTypeIndex(root, root._length, assoc);
}

/** The size of the children of `parent` before `index` (or before the child `until`). */
function sizeBefore(parent: Y.AbstractType<unknown>, mapping: Mapping, index: number, until: unknown): number | null {
  let pos = 0;
  let counted = 0;
  for (let item = parent._first; item !== null && counted < index; item = item.right) {
    const type = typeOf(item);
    if (type === until) break;
    if (item.deleted) continue;
    counted++;
    if (type instanceof Y.XmlText) pos += type._length;
    else {
      const node = mapping.get(type as unknown as SharedType);
      if (!node || Array.isArray(node)) return null;
      pos += node.nodeSize;
    }
  }
  return pos;
}

/** A relative position as a position in the editor's document (null when it is not in `fragment`, or not shown). */
export function toAbsolute(doc: Y.Doc, root: Y.XmlFragment, relative: Y.RelativePosition, mapping: Mapping): number | null {
  const absolute = Y.createAbsolutePositionFromRelativePosition(relative, doc);
  const fragment = root as unknown as Y.AbstractType<unknown>;
  if (absolute === null || (absolute.type !== fragment && !Y.isParentOf(root, absolute.type._item))) return null;
  let type = absolute.type as Y.AbstractType<unknown>;
  let pos = 0;
  if (type instanceof Y.XmlText) {
    pos = absolute.index;
  } else if (type._item === null || !type._item.deleted) {
    const inside = sizeBefore(type, mapping, Math.min(type._length, absolute.index), null);
    if (inside === null) return null;
    // Into the element.
    pos = inside + 1;
  }
  while (type !== fragment && type._item !== null) {
    const parent = type._item.parent as Y.AbstractType<unknown>;
    if (parent._item === null || !parent._item.deleted) {
      const inside = sizeBefore(parent, mapping, Infinity, type);
      if (inside === null) return null;
      // The parent's opening token, and its children before this one.
      pos += 1 + inside;
    }
    type = parent;
  }
  // The fragment has no opening token.
  return pos - 1;
}
