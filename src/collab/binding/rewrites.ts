/**
 * Two editors who write one block anew at once (one drags it, the other makes it a heading; both
 * drag it) each delete its element and insert a copy: Yjs has no move or retype, so both copies
 * stay and the block shows twice. An editor remembers the blocks it wrote anew lately
 * (`Rewrites`); when a colleague's change deleted one of those elements too (its update's own
 * deletions say so: remote-updates.ts) and inserted a copy that
 * reads as the block did, the two copies are one block written twice.
 *
 * Of the two, the copy of the editor with the greater client id stays, the same on every screen;
 * the other editor folds its copy into it (`fold`): the letters typed into its copy since go
 * over, and what it did to the block is kept where the colleague did not do the same: its type
 * when theirs kept the old one, its place when theirs stayed where the block was. Only that editor
 * acts, so nothing is done twice; three at once leave the greatest's copy.
 */
import type { ContentMatch, Schema } from 'prosemirror-model';
import * as Y from 'yjs';
import { allowedFormat } from './encoding.js';
import { remoteDeletions } from './remote-updates.js';
import { sameJSON } from './update.js';

/** A text block this editor wrote anew: the element it deleted and the copy it inserted. */
interface Rewrite {
  /** The deleted element's item. */
  from: Y.Item;
  /** Its type and attributes, and its text, as this editor wrote them over. */
  name: string;
  attributes: Record<string, unknown>;
  text: string;
  /** The copy. */
  copy: Y.XmlElement;
  /** The clocks of this editor's items the rewrite made: the copy's letters as written. */
  made: [number, number];
  /** Whether the copy stands where the deleted element did (a retype, not a move). */
  inPlace: boolean;
}

/** A block this editor and a colleague wrote anew at once. */
export interface Rewritten {
  rewrite: Rewrite;
  /** The colleague's copy. */
  theirs: Y.XmlElement;
}

/** How many rewrites an editor remembers: a colleague who was offline may send theirs much later. */
const REMEMBERED = 100;

/** Whether an item was there before the transaction (made before it). */
const madeBefore = (transaction: Y.Transaction, item: Y.Item): boolean => item.id.clock < (transaction.beforeState.get(item.id.client) ?? 0);

/** An element's only text, or null when it holds anything else (an inline node) or more than one text. */
function onlyText(element: Y.XmlElement, live: (item: Y.Item) => boolean): Y.XmlText | null {
  let text: Y.XmlText | null = null;
  for (let item = element._start; item; item = item.right) {
    if (!live(item)) continue;
    if (!(item.content instanceof Y.ContentType) || !(item.content.type instanceof Y.XmlText) || text) return null;
    text = item.content.type;
  }
  return text;
}

/** A text block's letters, those `live` says were there ('' when it has none), or null when it holds anything but one text. */
function lettersOf(element: Y.XmlElement, live: (item: Y.Item) => boolean): string | null {
  const hasChildren = (() => {
    for (let item = element._start; item; item = item.right) if (live(item)) return true;
    return false;
  })();
  const text = onlyText(element, live);
  if (!text) return hasChildren ? null : '';
  let letters = '';
  for (let item = text._start; item; item = item.right) if (live(item) && item.content instanceof Y.ContentString) letters += item.content.str;
  return letters;
}

/** An element's attributes, those `live` says were there. */
function attributesOf(element: Y.XmlElement, live: (item: Y.Item) => boolean): Record<string, unknown> {
  const attributes: Record<string, unknown> = {};
  for (const [key, item] of element._map) if (live(item)) attributes[key] = item.content.getContent()[item.length - 1];
  return attributes;
}

/** Whether `item` and `other` stand side by side in their parent, with only deleted items between. */
function besides(item: Y.Item, other: Y.Item): boolean {
  if (item.parent !== other.parent) return false;
  for (const step of ['right', 'left'] as const) {
    for (let next = item[step]; next; next = next[step]) {
      if (next === other) return true;
      if (!next.deleted) break;
    }
  }
  return false;
}

/** The text block elements a transaction made, those not deleted since (null when there are more than REMEMBERED: a paste, not a rewrite). */
function madeTextBlocks(transaction: Y.Transaction, schema: Schema): Y.XmlElement[] | null {
  const blocks: Y.XmlElement[] = [];
  for (const [client, to] of transaction.afterState) {
    const from = transaction.beforeState.get(client) ?? 0;
    if (to <= from) continue;
    const structs = transaction.doc.store.clients.get(client) ?? [];
    for (let i = Y.findIndexSS(structs, from); i < structs.length && structs[i]!.id.clock < to; i++) {
      const struct = structs[i]!;
      if (!(struct instanceof Y.Item) || struct.deleted || !(struct.content instanceof Y.ContentType)) continue;
      const { type } = struct.content;
      if (type instanceof Y.XmlElement && schema.nodes[type.nodeName]?.isTextblock && blocks.push(type) > REMEMBERED) return null;
    }
  }
  return blocks;
}

/** The text blocks this editor wrote anew lately, and which of them a colleague wrote anew at once. */
export class Rewrites {
  private list: Rewrite[] = [];

  constructor(private readonly schema: Schema) {}

  /** Notes the text blocks a transaction of this editor's wrote anew (Yjs's `afterTransaction`, before it collects). */
  note(transaction: Y.Transaction): void {
    if (!transaction.local) return;
    const { clientID } = transaction.doc;
    const made = madeTextBlocks(transaction, this.schema);
    if (!made?.length) return;
    const wasThere = (item: Y.Item) => madeBefore(transaction, item) && (!item.deleted || Y.isDeleted(transaction.deleteSet, item.id));
    const isThere = (item: Y.Item) => !item.deleted;
    const deleted: { element: Y.XmlElement; text: string }[] = [];
    Y.iterateDeletedStructs(transaction, transaction.deleteSet, (struct) => {
      if (deleted.length > REMEMBERED || !(struct instanceof Y.Item) || !madeBefore(transaction, struct) || !(struct.content instanceof Y.ContentType)) return;
      const element = struct.content.type;
      if (!(element instanceof Y.XmlElement) || !this.schema.nodes[element.nodeName]?.isTextblock) return;
      const text = lettersOf(element, wasThere);
      if (text !== null) deleted.push({ element, text });
    });
    if (!deleted.length || deleted.length > REMEMBERED) return;
    const range: [number, number] = [transaction.beforeState.get(clientID) ?? 0, transaction.afterState.get(clientID) ?? 0];
    for (const copy of made) {
      const text = lettersOf(copy, isThere);
      if (text === null) continue;
      const sources = deleted.filter((old) => old.text === text);
      if (sources.length !== 1 || made.filter((other) => lettersOf(other, isThere) === text).length !== 1) continue;
      const { element } = sources[0]!;
      this.list.push({
        from: element._item!,
        name: element.nodeName,
        attributes: attributesOf(element, wasThere),
        text,
        copy,
        made: range,
        inPlace: besides(copy._item!, element._item!),
      });
    }
    if (this.list.length > REMEMBERED) this.list = this.list.slice(-REMEMBERED);
  }

  /**
   * The blocks this editor wrote anew that a colleague's change (applied here, with its updates)
   * also deleted, each with the colleague's copy when exactly one reads as the block did. Cheap
   * when there are none: the updates are read only when this editor wrote a block anew lately
   * and the change made a text block.
   */
  rewrittenAtOnce(transaction: Y.Transaction): Rewritten[] {
    if (!this.list.length) return [];
    const made = madeTextBlocks(transaction, this.schema);
    if (!made?.length) return [];
    const deletions = remoteDeletions(transaction);
    const found: Rewritten[] = [];
    for (const rewrite of this.list) {
      if (rewrite.copy._item!.deleted || !deletions.some((ds) => Y.isDeleted(ds, rewrite.from.id))) continue;
      const copies = made.filter((block) => block !== rewrite.copy && lettersOf(block, (item) => !item.deleted) === rewrite.text);
      if (copies.length === 1) found.push({ rewrite, theirs: copies[0]! });
    }
    // Each is answered once, whichever copy stays.
    this.list = this.list.filter((rewrite) => !found.some((pair) => pair.rewrite === rewrite));
    return found.filter(({ theirs }) => theirs._item!.id.client > transaction.doc.clientID);
  }
}

/** A letter or letters typed at `at` (with `format`), or the letter there deleted. */
interface Change {
  at: number;
  insert?: string;
  format?: Record<string, unknown>;
}

/**
 * The letters of this editor's copy that its rewrite did not write (typed into it since), and
 * the written ones deleted since, as changes of the colleague's copy's text (which reads as the
 * written ones did), in order: each insertion at its index there, with its formats, and each deletion.
 */
function changesSince(rewrite: Rewrite): Change[] {
  const changes: Change[] = [];
  const text = onlyText(rewrite.copy, (item) => !item.deleted);
  const [start, end] = rewrite.made;
  let index = 0;
  let format: Record<string, unknown> = {};
  for (let item = text?._start ?? null; item; item = item.right) {
    const { content } = item;
    if (content instanceof Y.ContentFormat) {
      if (item.deleted) continue;
      format = { ...format, [content.key]: content.value };
      if (content.value === null) delete format[content.key];
    } else if (content instanceof Y.ContentString || content instanceof Y.ContentDeleted) {
      // Letter by letter: Yjs merges a letter typed next to the written ones into their item.
      for (let i = 0; i < item.length; i++) {
        const clock = item.id.clock + i;
        if (item.id.client === rewrite.copy._item!.id.client && clock >= start && clock < end) {
          if (item.deleted) changes.push({ at: index });
          index++;
        } else if (!item.deleted) {
          const last = changes[changes.length - 1];
          const letter = (content as Y.ContentString).str[i]!;
          if (last?.insert !== undefined && last.at === index && last.format === format) last.insert += letter;
          else changes.push({ at: index, insert: letter, format });
        }
      }
    }
  }
  return changes;
}

/** The topmost element holding only `element` (a list item and its list, when a wrap made them for it). */
function aloneIn(element: Y.XmlElement): Y.XmlElement {
  let top = element;
  while (top.parent instanceof Y.XmlElement && top.parent.length === 1) top = top.parent;
  return top;
}

/** Whether a block of type `name` may stand where `element` does, in its place among its parent's children. */
function fitsIn(element: Y.XmlElement, name: string, schema: Schema): boolean {
  const { parent } = element;
  if (!(parent instanceof Y.XmlElement)) return !!schema.nodes[name] && schema.topNodeType.contentMatch.matchType(schema.nodes[name]) !== null;
  let match: ContentMatch | null = schema.nodes[parent.nodeName]?.contentMatch ?? null;
  for (const child of parent.toArray()) {
    const childName = child === element ? name : child instanceof Y.XmlElement ? child.nodeName : null;
    const type = childName ? schema.nodes[childName] : undefined;
    match = type && match ? match.matchType(type) : null;
  }
  return !!match?.validEnd;
}

/**
 * A block of type `name` with `attributes`, reading as `source` does (less the marks that type
 * refuses), put in the place of `place`; both are deleted (`source` with the list or quote made to hold it).
 */
function writtenAnew(transaction: Y.Transaction, source: Y.XmlElement, place: Y.XmlElement, name: string, attributes: Record<string, unknown>, schema: Schema): Y.XmlElement {
  const other = source === place ? null : aloneIn(source);
  const copy = new Y.XmlElement(name);
  for (const key in attributes) if (attributes[key] !== null) copy.setAttribute(key, attributes[key] as string);
  const text = onlyText(source, (item) => !item.deleted);
  if (text) {
    const letters = new Y.XmlText();
    letters.applyDelta((text.toDelta() as { insert: string; attributes?: Record<string, unknown> }[]).map((run) => ({ insert: run.insert, attributes: allowedFormat(run.attributes, name, schema) })));
    copy.insert(0, [letters]);
  }
  (place.parent as Y.XmlElement).insertAfter(place, [copy]);
  place._item!.delete(transaction);
  other?._item!.delete(transaction);
  return copy;
}

/** A block folded into the colleague's copy: the block that stays, and what this editor did in its own copy since, still to be done there. */
export interface Folded {
  kept: Y.XmlElement;
  changes: Change[];
  /** Where this editor's positions on its copy stood in its text (null for those elsewhere). */
  indices: (number | null)[];
}

/**
 * Folds this editor's copy of each block written twice into the colleague's (`rewrittenAtOnce`;
 * within the caller's transaction, under this editor's origin): the block that stays has the
 * type the colleague gave it, or this editor's where the colleague kept the old one and it may
 * stand there (a heading in a list item may not), and stands where the colleague put it, or
 * where this editor did when the colleague left it in place. The other copy is deleted, with the
 * list or quote made to hold it.
 *
 * The block that stays reads as the colleague's copy does here, the letters this editor typed
 * into its own copy since left for `typeSince`, in a change of their own: letters the colleague
 * typed into their copy before hearing of this fold, inside an element this fold deletes, are then
 * put back by the colleague (unseen-typing.ts), who finds a block reading as their copy did. Their
 * copy stays itself where it can (their place, their type, letters of this editor's to add);
 * otherwise the block is written anew, so letters typed unseen into either copy go back.
 */
export function fold(transaction: Y.Transaction, pairs: Rewritten[], positions: Y.RelativePosition[], schema: Schema): Folded[] {
  const folded: Folded[] = [];
  for (const { rewrite, theirs } of pairs) {
    const mine = rewrite.copy;
    if (mine._item!.deleted || theirs._item!.deleted) continue;
    const myText = onlyText(mine, (item) => !item.deleted);
    const indices = positions.map((position) => {
      const absolute = Y.createAbsolutePositionFromRelativePosition(position, transaction.doc);
      return absolute && absolute.type === myText ? absolute.index : null;
    });
    const theyRetyped = theirs.nodeName !== rewrite.name || !sameJSON(theirs.getAttributes(), rewrite.attributes);
    const [name, attributes] = theyRetyped ? [theirs.nodeName, theirs.getAttributes()] : [mine.nodeName, mine.getAttributes()];
    const changes = changesSince(rewrite);
    const theirPlace = !besides(theirs._item!, rewrite.from) || rewrite.inPlace || !fitsIn(mine, name, schema);
    const place = theirPlace ? theirs : mine;
    // A type that may not stand there (a heading where a list item's paragraph is) gives way to the place's own.
    const [type, attrs] = fitsIn(place, name, schema) ? [name, attributes] : [place.nodeName, place.getAttributes()];
    let kept: Y.XmlElement;
    if (theirPlace && changes.length && theirs.nodeName === type && sameJSON(theirs.getAttributes(), attrs)) {
      aloneIn(mine)._item!.delete(transaction);
      kept = theirs;
    } else {
      if (theirPlace) aloneIn(mine)._item!.delete(transaction);
      kept = writtenAnew(transaction, theirs, place, type, attrs, schema);
    }
    folded.push({ kept, changes, indices });
  }
  return folded;
}

/** Positions on this editor's copy of each block folded, at the same index in the block that stays (as near as it has); the rest as given. */
export function placed(folded: Folded[], positions: Y.RelativePosition[]): Y.RelativePosition[] {
  const moved = [...positions];
  for (const { kept, indices } of folded) {
    const text = onlyText(kept, (item) => !item.deleted);
    indices.forEach((index, i) => {
      if (index !== null && text) moved[i] = Y.createRelativePositionFromTypeIndex(text, Math.min(index, text.length), positions[i]!.assoc);
    });
  }
  return moved;
}

/**
 * Does in each block that stayed (`fold`, in a change before) what this editor did in its own
 * copy since: its letters typed, with their marks, and the written letters it deleted. Positions
 * `placed` in it are returned at the place they had in this editor's copy.
 */
export function typeSince(folded: Folded[], positions: Y.RelativePosition[], schema: Schema): Y.RelativePosition[] {
  const moved = [...positions];
  for (const { kept, changes, indices } of folded) {
    if (kept._item!.deleted || !changes.length) continue;
    let text = onlyText(kept, (item) => !item.deleted);
    if (!text) kept.insert(0, [(text = new Y.XmlText())]);
    let shift = 0;
    for (const change of changes) {
      if (change.insert === undefined) text.delete(change.at + shift--, 1);
      else {
        text.insert(change.at + shift, change.insert, allowedFormat(change.format, kept.nodeName, schema));
        shift += change.insert.length;
      }
    }
    const doc = kept.doc!;
    indices.forEach((index, i) => {
      const absolute = index !== null && Y.createAbsolutePositionFromRelativePosition(positions[i]!, doc);
      if (absolute && absolute.type === text) moved[i] = Y.createRelativePositionFromTypeIndex(text, index!, positions[i]!.assoc);
    });
  }
  return moved;
}
