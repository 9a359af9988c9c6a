/**
 * Undo and redo put deleted content back as new items placed between two neighbours; after
 * nested changes (an Enter undone, then the same block changed and that undone too, while a
 * colleague typed into it) Yjs 13.6 can choose a right neighbour that is not to the right of the
 * left one (yjs/yjs#794, open). This editor then shows the items where it put them, while every other
 * replica (the server, colleagues, this editor after a reload) reads the same update and places
 * them elsewhere: the documents differ from then on, silently.
 *
 * Right after such an undo or redo, each shared type holding a misplaced item is replaced by a
 * copy of what it shows here, in the same transaction's turn (before the editor reads the
 * change): every replica deletes the same type and inserts the same copy between neighbours
 * they all order alike, so they all end up with what this editor shows.
 */
import * as Y from 'yjs';

/** A type of the shared document that holds others (the fragment, an element) or characters (a text). */
type Holder = Y.XmlFragment | Y.XmlText;

const parentOf = (item: Y.Item): Holder => item.parent as Holder;

/** Whether an item's two neighbours, as its update names them, are in order here (the right one reached going right from the left one). */
function placedAlike(store: Y.Doc['store'], item: Y.Item): boolean {
  if (!item.origin || !item.rightOrigin) return true;
  const left = Y.getItem(store, item.origin);
  const right = Y.getItem(store, item.rightOrigin);
  for (let next = left.right; next; next = next.right) if (next === right) return true;
  return false;
}

/** The items this transaction made (its own client's new clocks). */
function* madeBy(transaction: Y.Transaction): Generator<Y.Item> {
  const { doc } = transaction;
  const from = transaction.beforeState.get(doc.clientID) ?? 0;
  const to = transaction.afterState.get(doc.clientID) ?? 0;
  if (to <= from) return;
  const structs = doc.store.clients.get(doc.clientID) ?? [];
  for (let i = Y.findIndexSS(structs, from); i < structs.length; i++) {
    const struct = structs[i]!;
    if (struct.id.clock >= to) break;
    if (struct instanceof Y.Item) yield struct;
  }
}

/**
 * The types to replace after an undo or redo (`transaction`) so that every replica orders its
 * content alike: the parent of each misplaced item, or the nearest ancestor that is itself
 * placed alike; none inside another. Empty when nothing was misplaced (nearly always).
 */
export function misplacedParents(transaction: Y.Transaction): Holder[] {
  const { store } = transaction.doc;
  const misplaced = new Set<Y.Item>();
  for (const item of madeBy(transaction)) if (!placedAlike(store, item)) misplaced.add(item);
  if (!misplaced.size) return [];
  const targets = new Set<Holder>();
  for (const item of misplaced) {
    let parent = parentOf(item);
    while (parent._item && misplaced.has(parent._item)) parent = parentOf(parent._item);
    targets.add(parent);
  }
  const within = (type: Holder): boolean => {
    for (let item = type._item; item; item = parentOf(item)._item) if (targets.has(parentOf(item))) return true;
    return false;
  };
  return [...targets].filter((type) => !within(type));
}

/** The child indices leading from `ancestor` down to `type` (null when `type` is not inside it). */
function pathWithin(ancestor: Holder, type: Holder): number[] | null {
  const path: number[] = [];
  for (let current = type; current !== ancestor; ) {
    if (!current._item) return null;
    const parent = parentOf(current._item) as Y.XmlFragment;
    path.unshift(parent.toArray().indexOf(current as Y.XmlElement));
    current = parent;
  }
  return path;
}

/**
 * Replaces each type by a copy of what it holds here: the copy goes where the type was, between
 * neighbours every replica orders alike (the type's own item was not misplaced). The fragment
 * itself has no place to replace it in; an undo misplacing a block at the top level has not
 * been seen (every case in thousands of random sessions was inside a block) and is left as it is.
 * `positions` inside a replaced type are returned moved to the same place in its copy (the rest as given).
 */
export function replaceWithCopies(types: Holder[], positions: Y.RelativePosition[]): Y.RelativePosition[] {
  const doc = types[0]?.doc;
  if (!doc) return positions;
  const absolute = positions.map((position) => Y.createAbsolutePositionFromRelativePosition(position, doc));
  const moved = [...positions];
  for (const type of types) {
    const parent = type._item?.parent;
    if (!(parent instanceof Y.XmlFragment) || !(type instanceof Y.XmlElement || type instanceof Y.XmlText)) continue;
    const index = parent.toArray().indexOf(type);
    if (index < 0) continue;
    const paths = absolute.map((place) => place && pathWithin(type, place.type as Holder));
    const copy = type.clone();
    parent.delete(index, 1);
    parent.insert(index, [copy]);
    paths.forEach((path, i) => {
      if (!path) return;
      let inCopy: Holder = copy;
      for (const step of path) inCopy = (inCopy as Y.XmlFragment).get(step) as Holder;
      moved[i] = Y.createRelativePositionFromTypeIndex(inCopy, absolute[i]!.index, absolute[i]!.assoc);
    });
  }
  return moved;
}
