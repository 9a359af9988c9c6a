/**
 * A paragraph two editors joined to the one before at once, read as the two runs of its letters
 * (joins.ts `madeAtOnce`), and folded into one: the run of the editor with the greater client id
 * stays, and the other editor moves what was typed at its own run into it (`fold`).
 */
import * as Y from 'yjs';
import diff from 'fast-diff';
import type { Join } from './joins.js';
import { idKey, idOf, letterKey, lettersOf, type Letter } from './letters.js';

/** A join this editor and a colleague made at once: the text's letters when the colleague's change came, and the colleague's run among them. */
export interface Doubled {
  join: Join;
  letters: Letter[];
  theirs: Letter[];
  /** Where each letter of the join's text (and its end) stands in their run, and which their run lacks. */
  at: number[];
  missing: Set<number>;
  /** Whether a letter of the paragraph was one the colleague had not seen (their run may lack it). */
  unseen: (letter: Y.ID) => boolean;
}

/**
 * For each letter of a join's text (and its end), its index in the colleague's run, and those
 * their run lacks (`missing`: where they would stand there), when the run reads as the text
 * with letters more (the colleague's, typed into the paragraph unseen here or after their join)
 * or less letters they had not seen (`unseen`: typed by anyone, or copied by an earlier join of
 * this editor's, after the colleague last heard); otherwise null.
 */
export function linedUp(join: Join, theirs: string, unseen: (letter: Y.ID) => boolean): { at: number[]; missing: Set<number> } | null {
  const at: number[] = [];
  const missing = new Set<number>();
  let index = 0;
  let same = 0;
  for (const [op, part] of diff(join.text, theirs)) {
    if (op === diff.INSERT) {
      index += part.length;
      continue;
    }
    for (let i = 0; i < part.length; i++) {
      if (op === diff.DELETE && !unseen(join.sources[at.length]!)) return null;
      if (op === diff.DELETE) missing.add(at.length);
      else same++;
      at.push(op === diff.DELETE ? index : index++);
    }
  }
  at.push(theirs.length);
  // Every letter that was not this editor's is there (or it was not a copy), and one at least.
  return same ? { at, missing } : null;
}

/** A join made twice as its text reads now, after an earlier fold into it: their run from its first letter to its last, with what the fold typed into it; null when it no longer lines up. */
export function relined(pair: Doubled): Doubled | null {
  const letters = lettersOf(pair.join.into);
  const live = letters.filter((letter) => !letter.item.deleted);
  const keys = new Set(pair.theirs.map(letterKey));
  const inRun = live.map((letter) => keys.has(letterKey(letter)));
  const first = inRun.indexOf(true);
  const last = inRun.lastIndexOf(true);
  if (first < 0) return null;
  const theirs = live.slice(first, last + 1);
  const lines = linedUp(pair.join, theirs.map((letter) => letter.char).join(''), pair.unseen);
  return lines && { ...pair, letters, theirs, ...lines };
}

/**
 * Deletes this editor's run of a join made twice (within the caller's transaction) and does what
 * was typed at it since in the colleague's run. `positions` at this editor's run are returned at
 * the same place in theirs; `moved` gets where each letter of this editor's run and each letter
 * typed at it went (by `client:clock`), for the joins whose run they were. The runs of this
 * editor's other joins folded with it (`others`) are not typing at this one's, though typed next to it.
 */
export function fold(own: Y.Transaction, { join, letters, theirs, at, missing }: Doubled, positions: Y.RelativePosition[], moved: Map<string, Y.ID>, others: ReadonlySet<string>): Y.RelativePosition[] {
  const text = join.into;
  const keyOf = letterKey;
  const copies = new Set(join.copies.map(idKey));
  const mine = (letter: Letter) => copies.has(keyOf(letter));
  const theirKeys = new Set(theirs.map(keyOf));
  // The letters typed at this editor's run since: their neighbours at typing were its letters, or letters typed so.
  const attached = new Set(letters.filter(mine).map(keyOf));
  const leansOn = (letter: Letter): boolean => {
    // Inside an item, a letter's left neighbour is the one before it there, and its right one the next.
    const offset = letter.clock - letter.item.id.clock;
    const left = offset > 0 ? { client: letter.item.id.client, clock: letter.clock - 1 } : letter.item.origin;
    const right = offset < letter.item.length - 1 ? { client: letter.item.id.client, clock: letter.clock + 1 } : letter.item.rightOrigin;
    return (!!left && attached.has(idKey(left))) || (!!right && attached.has(idKey(right)));
  };
  // Until nothing more leans on them (a letter may lean on one typed later, at its right).
  for (let grew = true; grew; ) {
    grew = false;
    for (const letter of letters) {
      if (letter.item.deleted || mine(letter) || theirKeys.has(keyOf(letter)) || others.has(keyOf(letter)) || attached.has(keyOf(letter)) || !leansOn(letter)) continue;
      attached.add(keyOf(letter));
      grew = true;
    }
  }
  const moving = letters.filter((letter) => !letter.item.deleted && !mine(letter) && attached.has(keyOf(letter)));
  // An inline node typed at the run is left where it is (rare; it cannot be typed again as a letter).
  if (moving.some((letter) => letter.embed)) return positions;
  // What to do in their run, by the count of this editor's letters before each change.
  const changes: { at: number; insert?: string; format?: Record<string, unknown>; from?: string }[] = [];
  let count = 0;
  for (const letter of letters) {
    if (mine(letter)) {
      // A letter deleted since goes there too; one their run lacks is typed again there, unless deleted since.
      if (missing.has(count) && !letter.item.deleted) changes.push({ at: at[count]!, insert: letter.char, format: letter.format, from: keyOf(letter) });
      else if (!missing.has(count) && letter.item.deleted) changes.push({ at: at[count]! });
      else if (!letter.item.deleted) moved.set(keyOf(letter), idOf(theirs[at[count]!]!));
      count++;
    } else if (!letter.item.deleted && attached.has(keyOf(letter))) changes.push({ at: at[count]!, insert: letter.char, format: letter.format, from: keyOf(letter) });
  }
  // Positions at this editor's run go to the same place in theirs: past the place there of the
  // letters of its run before them, and past the changes made there before it.
  const live = letters.filter((letter) => !letter.item.deleted);
  const ours = (letter: Letter | undefined) => !!letter && attached.has(keyOf(letter));
  const places = positions.map((position) => {
    const absolute = Y.createAbsolutePositionFromRelativePosition(position, own.doc);
    if (!absolute || absolute.type !== text || !(ours(live[absolute.index - 1]) || ours(live[absolute.index]))) return null;
    let seen = 0;
    let written = 0;
    let shift = 0;
    for (const letter of letters) {
      if (!letter.item.deleted && seen++ === absolute.index) break;
      if (mine(letter)) {
        if (missing.has(written) && !letter.item.deleted) shift++;
        else if (!missing.has(written) && letter.item.deleted) shift--;
        written++;
      } else if (!letter.item.deleted && attached.has(keyOf(letter))) shift++;
    }
    return at[written]! + shift;
  });
  // This editor's run and what was typed at it go (from the end: the indices before stay).
  for (let i = live.length - 1; i >= 0; i--) if (ours(live[i])) text.delete(i, 1);
  // Their run takes what was typed at this editor's and what was deleted from it.
  const first = lettersOf(text)
    .filter((letter) => !letter.item.deleted)
    .findIndex((letter) => keyOf(letter) === keyOf(theirs[0]!));
  let shift = 0;
  for (const change of changes) {
    if (change.insert === undefined) text.delete(first + change.at + shift--, 1);
    else {
      text.insert(first + change.at + shift, change.insert, change.format);
      const { item } = Y.createRelativePositionFromTypeIndex(text, first + change.at + shift);
      if (item) moved.set(change.from!, item);
      shift += change.insert.length;
    }
  }
  return positions.map((position, i) => (places[i] === null ? position : Y.createRelativePositionFromTypeIndex(text, first + places[i]!, position.assoc)));
}
