/**
 * Two editors who press Enter in one paragraph at once each move the text after their caret into
 * a new block right after the paragraph. Yjs orders two insertions at one place by their editors'
 * client ids, not by the text: with the later Enter's editor holding the smaller id, its block
 * (the end of the text) stood before the other's (the middle), "abc | ghij | def" on every screen.
 *
 * The editor whose Enter was the later in the text finds it when the colleague's block arrives
 * (carried-typing.ts reads it: it holds letters this editor's own Enter moved), and puts its own
 * block (with the blocks it made after it, before hearing of the colleague's) after the
 * colleague's, as a move is written: deleted, and a copy inserted at the new place. Only that
 * editor does it, so it is done once. A colleague who typed into the moved block meanwhile puts
 * their letters back into the copy (unseen-typing.ts).
 *
 * Undoing either Enter afterwards put back into the paragraph every letter it had moved, those
 * the other Enter moved too included, which then stood twice. What an editor does in answer to
 * the colleague's Enter joins the undo step of its own, and the letters both moved leave that
 * step's deletions (`joinStep`).
 */
import * as Y from 'yjs';
import { keep } from './made.js';

/** The elements from `element` up to the root, nearest first. */
function ancestry(element: Y.XmlElement): Y.AbstractType<unknown>[] {
  const chain: Y.AbstractType<unknown>[] = [];
  for (let type: Y.AbstractType<unknown> | null = element as unknown as Y.AbstractType<unknown>; type; type = type._item ? (type._item.parent as Y.AbstractType<unknown>) : null) chain.push(type);
  return chain;
}

/** The ancestors of `a` and `b` (or themselves) that are children of one parent, or null when one holds the other. */
function siblings(a: Y.XmlElement, b: Y.XmlElement): [Y.Item, Y.Item] | null {
  const ofA = ancestry(a);
  const ofB = new Set(ancestry(b));
  const common = ofA.findIndex((type) => ofB.has(type));
  if (common < 1) return null;
  const parent = ofA[common]!;
  const topB = [...ofB].find((type) => type._item?.parent === parent);
  if (!topB || topB === ofA[common - 1]) return null;
  return [ofA[common - 1]!._item!, topB._item!];
}

/**
 * The blocks to put after `theirs` (a colleague's new block, holding text before that of `mine`,
 * this editor's): `mine` (or the ancestor holding it among `theirs`'s siblings) and every block
 * standing between it and `theirs`, when those stand before `theirs` and all are this editor's
 * (`clientID`). Empty when `mine` stands after it already, or when others' blocks stand between
 * (a third editor's Enter at once: left as Yjs ordered it).
 */
export function misplacedBlocks(mine: Y.XmlElement, theirs: Y.XmlElement, clientID: number): Y.Item[] {
  const pair = siblings(mine, theirs);
  if (!pair) return [];
  const [from, to] = pair;
  const blocks: Y.Item[] = [];
  for (let item: Y.Item | null = from; item !== to; item = item.right) {
    if (!item) return [];
    if (item.deleted) continue;
    if (item.id.client !== clientID) return [];
    blocks.push(item);
  }
  return blocks;
}

/** The indices of the live children leading from `root` down to `type` (null when `type` is not inside it). */
function pathTo(root: Y.AbstractType<unknown>, type: Y.AbstractType<unknown>): number[] | null {
  const path: number[] = [];
  for (let at = type; at !== root; ) {
    const item = at._item;
    if (!item || item.deleted) return null;
    const parent = item.parent as Y.AbstractType<unknown>;
    let index = 0;
    for (let sibling = parent._start; sibling && sibling !== item; sibling = sibling.right) if (!sibling.deleted && sibling.countable) index++;
    path.unshift(index);
    at = parent;
  }
  return path;
}

/** The type at `path` in `root`. */
function typeAt(root: Y.AbstractType<unknown>, path: number[]): Y.AbstractType<unknown> {
  let type = root;
  for (const index of path) type = (type as Y.XmlElement).get(index) as unknown as Y.AbstractType<unknown>;
  return type;
}

/** The texts in `type`, in order. */
function textsIn(type: Y.AbstractType<unknown>, texts: Y.XmlText[] = []): Y.XmlText[] {
  for (let item = type._start; item; item = item.right) {
    if (item.deleted || !(item.content instanceof Y.ContentType)) continue;
    const child = item.content.type as Y.AbstractType<unknown>;
    if (child instanceof Y.XmlText) texts.push(child);
    else textsIn(child, texts);
  }
  return texts;
}

/**
 * Puts `blocks` (side by side, in order) right after `anchor`'s block among its siblings (within
 * the caller's transaction): each copied there and deleted where it was. Returns `positions` in
 * them at the same place in the copies (the rest as given), and each text of theirs with its copy.
 */
export function putAfter(blocks: Y.Item[], anchor: Y.XmlElement, positions: Y.RelativePosition[]): { positions: Y.RelativePosition[]; copies: [Y.XmlText, Y.XmlText][] } {
  const doc = anchor.doc!;
  const parent = blocks[0]!.parent as Y.XmlFragment;
  let after = anchor as unknown as Y.AbstractType<unknown>;
  while (after._item && after._item.parent !== parent) after = after._item.parent as Y.AbstractType<unknown>;
  const types = blocks.map((block) => (block.content as Y.ContentType).type as Y.XmlElement);
  // Where each position stands in the blocks, read before they go.
  const places = positions.map((position) => {
    const absolute = Y.createAbsolutePositionFromRelativePosition(position, doc);
    if (!absolute) return null;
    for (const [i, type] of types.entries()) {
      const path = pathTo(type as unknown as Y.AbstractType<unknown>, absolute.type);
      if (path) return { block: i, path, index: absolute.index };
    }
    return null;
  });
  const texts = types.flatMap((type) => textsIn(type as unknown as Y.AbstractType<unknown>));
  const copies = types.map((type) => type.clone());
  // (Within the caller's transaction: Yjs runs a transaction opened inside another as part of it.)
  doc.transact((transaction) => {
    for (const block of blocks) block.delete(transaction);
  });
  parent.insertAfter(after as unknown as Y.XmlElement, copies);
  const copiedTexts = copies.flatMap((copy) => textsIn(copy as unknown as Y.AbstractType<unknown>));
  return {
    positions: positions.map((position, i) => {
      const place = places[i];
      if (!place) return position;
      const type = typeAt(copies[place.block] as unknown as Y.AbstractType<unknown>, place.path);
      return Y.createRelativePositionFromTypeIndex(type, place.index, position.assoc);
    }),
    copies: texts.map((text, i) => [text, copiedTexts[i]!]),
  };
}

/** An undo step of this editor's. */
type Step = Y.UndoManager['undoStack'][number];

/** The latest step of `manager`'s undo stack that deleted one of `ids` (the step of the Enter that moved them). */
export function stepDeleting(manager: Y.UndoManager, ids: Y.ID[]): Step | null {
  for (let i = manager.undoStack.length - 1; i >= 0; i--) {
    const step = manager.undoStack[i]!;
    if (ids.some((id) => Y.isDeleted(step.deletions, id))) return step;
  }
  return null;
}

/** A delete set less `ids`. */
function without(deletions: Step['deletions'], ids: Y.ID[]): Step['deletions'] {
  const dropped = new Map<number, Set<number>>();
  for (const { client, clock } of ids) dropped.set(client, (dropped.get(client) ?? new Set()).add(clock));
  const rest = Y.createDeleteSet();
  for (const [client, ranges] of deletions.clients) {
    const drop = dropped.get(client);
    if (!drop) {
      rest.clients.set(client, ranges);
      continue;
    }
    const kept: { clock: number; len: number }[] = [];
    for (const { clock, len } of ranges) {
      let from = clock;
      for (let at = clock; at <= clock + len; at++) {
        if (at < clock + len && !drop.has(at)) continue;
        if (at > from) kept.push({ clock: from, len: at - from });
        from = at + 1;
      }
    }
    if (kept.length) rest.clients.set(client, kept as (typeof ranges)[number][]);
  }
  return rest;
}

/**
 * Makes the answer to a colleague's Enter at once (`transaction`, under way, out of the undo
 * history; this editor's items from clock `from` on are its own) part of `step`, the step of this
 * editor's Enter, and takes the letters both Enters moved (`shared`) out of that step's deletions.
 * Undone, the Enter then puts back into the paragraph only what it alone moved: the shared letters
 * stand in the later Enter's block, and when that is this editor's, the undo puts them back into
 * the colleague's block, out of which the answer took them. (Undone as Yjs has it, they were put
 * back in the paragraph as well, and stood there twice; the answer undone on its own, they stood in
 * both new blocks.)
 */
export function joinStep(step: Step, transaction: Y.Transaction, from: number, shared: Y.ID[]): void {
  const { clientID } = transaction.doc;
  const made = Y.createDeleteSet();
  const to = Y.getState(transaction.doc.store, clientID);
  if (to > from) made.clients.set(clientID, [{ clock: from, len: to - from }] as never);
  step.insertions = Y.mergeDeleteSets([step.insertions, made]);
  step.deletions = without(Y.mergeDeleteSets([step.deletions, transaction.deleteSet]), shared);
  // What it deleted is kept for the undo to copy (as the undo manager keeps what the steps it
  // records delete): collected, a letter's content is only its length.
  Y.iterateDeletedStructs(transaction, transaction.deleteSet, keep);
}
