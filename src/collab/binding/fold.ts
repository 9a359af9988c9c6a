/**
 * Folding a block two editors wrote anew at once (rewrites.ts finds them): the editor whose copy
 * goes makes the colleague's the one block, with the letters typed into its own copy since, and
 * keeps what it did to the block where the colleague did not do the same: its type when theirs
 * kept the old one, its place when theirs stayed where the block was.
 */
import type { ContentMatch, Schema } from 'prosemirror-model';
import * as Y from 'yjs';
import { allowedFormat } from './encoding.js';
import { lettersOf } from './letters.js';
import { besides, onlyText, type Lines, type Rewrite, type Rewritten } from './rewrites.js';
import { sameJSON } from './update.js';

/** A letter or letters typed at `at` (with `format`), or the letter there deleted. */
interface Change {
  at: number;
  insert?: string;
  format?: Record<string, unknown>;
}

/**
 * The letters of this editor's copy that its rewrite did not write (typed into it since), and
 * the written ones deleted since, as changes of the colleague's copy's text (which reads as the
 * written ones did, or lines up with them: `lines`, whose missing letters are typed again), in
 * order: each insertion at its index there, with its formats, and each deletion.
 */
function changesSince(rewrite: Rewrite, lines: Lines | null): Change[] {
  const changes: Change[] = [];
  const text = onlyText(rewrite.copy, (item) => !item.deleted);
  const [start, end] = rewrite.made;
  let index = 0;
  // Letter by letter: Yjs merges a letter typed next to the written ones into their item.
  for (const { item, clock, char, format, embed } of text ? lettersOf(text) : []) {
    if (embed) continue;
    const written = item.id.client === rewrite.copy._item!.id.client && clock >= start && clock < end;
    if (written && !lines?.missing.has(index)) {
      if (item.deleted) changes.push({ at: index });
      index++;
    } else if (written) {
      // A written letter the colleague's copy lacks: typed again there unless deleted since.
      if (!item.deleted) changes.push({ at: index, insert: char, format });
      index++;
    } else if (!item.deleted) {
      const last = changes[changes.length - 1];
      if (last?.insert !== undefined && last.at === index && last.format === format) last.insert += char;
      else changes.push({ at: index, insert: char, format });
    }
  }
  return lines ? changes.map((change) => ({ ...change, at: lines.at[change.at]! })) : changes;
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
  for (const { rewrite, theirs, lines } of pairs) {
    const mine = rewrite.copy;
    if (mine._item!.deleted || theirs._item!.deleted) continue;
    const myText = onlyText(mine, (item) => !item.deleted);
    const indices = positions.map((position) => {
      const absolute = Y.createAbsolutePositionFromRelativePosition(position, transaction.doc);
      return absolute && absolute.type === myText ? absolute.index : null;
    });
    const theyRetyped = theirs.nodeName !== rewrite.name || !sameJSON(theirs.getAttributes(), rewrite.attributes);
    const [name, attributes] = theyRetyped ? [theirs.nodeName, theirs.getAttributes()] : [mine.nodeName, mine.getAttributes()];
    const changes = changesSince(rewrite, lines);
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
