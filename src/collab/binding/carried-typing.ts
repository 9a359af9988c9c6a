/**
 * A colleague who presses Enter in a paragraph moves the text after the caret into a new one: the
 * characters are deleted where they were and written again in the new block. Letters this editor
 * typed into that stretch which had not yet reached them are not deleted (they did not know of
 * them), so they stayed behind at the end of the first block ("hello X" and "world" for an X typed
 * into "world"), and so did the caret, scattering what was typed next.
 *
 * When a colleague's change deletes a stretch of a text that stays, with letters of this editor's
 * inside it, and the same change writes a run that reads exactly as the stretch, the letters are
 * carried into that run, where they stood among its characters, and the caret with them. Letters
 * right after the stretch go too when it reached the end of the text and the run is in a block
 * the change made (a split): a colleague who had seen them would have carried them along. Only
 * the editor that typed them does it, as its own change. Letters deleted before (remembered by
 * deleted-letters.ts) that the run holds again (the colleague had not heard of the deletion) are
 * deleted from it again. This editor's caret or selection on a character of the stretch goes to
 * the same character in the run even with no letters to carry (an idle colleague's caret stays
 * between the same two letters when Enter is pressed before it). A whole text deleted and
 * written again (a heading, a move) is unseen-typing.ts's.
 */
import type { Schema } from 'prosemirror-model';
import * as Y from 'yjs';
import type { DeletedLetters } from './deleted-letters.js';
import { allowedFormat } from './encoding.js';
import { remoteDeletions } from './remote-updates.js';
import { before, made, runsMade, type Run } from './unseen-typing.js';

/** A letter of this editor's in a stretch: its item and place in it, its formats, and how many of the stretch's characters come before it. */
interface Letter {
  item: Y.Item;
  offset: number;
  value: string;
  format: Record<string, unknown>;
  at: number;
}

/** Characters a transaction deleted from a text that stays, one after another but for this editor's letters among them. */
interface Stretch {
  text: Y.XmlText;
  /** The characters deleted. */
  value: string;
  /** This editor's letters between them. */
  inside: Letter[];
  /** This editor's letters right after them, with nothing after but the text's end. */
  after: Letter[];
  /** Letters deleted before among them (remembered): a colleague who had not heard of that copied them along. `moved`: deleted by this editor's own Enter, which wrote them again in its new block. */
  gone: { value: string; at: number; moved: boolean }[];
  /** The items of the characters deleted, by id (one may be split later), each with how many of the characters come before it. */
  items: { client: number; clock: number; length: number; at: number }[];
}

/** The index in the stretch of the character a position is on (null when it is on none of them). */
function charIndex(stretch: Stretch, position: Y.RelativePosition): number | null {
  const id = position.item;
  if (!id) return null;
  const item = stretch.items.find(({ client, clock, length }) => client === id.client && id.clock >= clock && id.clock < clock + length);
  return item ? item.at + id.clock - item.clock : null;
}

/** Whether one of `positions` is on a character of the stretch. */
const holds = (stretch: Stretch, positions: Y.RelativePosition[]): boolean => positions.some((position) => charIndex(stretch, position) !== null);

/**
 * The stretches a transaction deleted from `text` that have letters of `clientID`'s, or letters
 * deleted before, among or after them, or one of `positions` on them; and letters deleted here at
 * the text's end that the colleague's update deleted too (`deletedToo`: all the change moved had
 * been deleted here).
 */
function stretchesIn(
  transaction: Y.Transaction,
  text: Y.XmlText,
  clientID: number,
  deleted: DeletedLetters,
  deletedToo: (id: Y.ID) => boolean,
  positions: Y.RelativePosition[],
): Stretch[] {
  const stretches: Stretch[] = [];
  let current: Stretch | null = null;
  let pending: Letter[] = [];
  // Letters deleted before, right before what may start a stretch.
  let goneBefore: { value: string; id: Y.ID; moved: boolean }[] = [];
  let format: Record<string, unknown> = {};
  const close = () => {
    if (current && (current.inside.length || current.gone.length || holds(current, positions))) stretches.push(current);
    current = null;
    pending = [];
    goneBefore = [];
  };
  for (let item = text._start; item; item = item.right) {
    const { content } = item;
    const there = before(transaction, item);
    if (content instanceof Y.ContentFormat) {
      // The formats as they stood before the transaction.
      if (there) {
        format = { ...format, [content.key]: content.value };
        if (content.value === null) delete format[content.key];
      }
      continue;
    }
    if (there && item.deleted && content instanceof Y.ContentString) {
      current ??= { text, value: '', inside: [], after: [], gone: goneBefore.map(({ value, moved }) => ({ value, at: 0, moved })), items: [] };
      current.inside.push(...pending);
      pending = [];
      current.items.push({ client: item.id.client, clock: item.id.clock, length: item.length, at: current.value.length });
      current.value += content.str;
    } else if (!item.deleted && there && current && item.id.client === clientID && content instanceof Y.ContentString) {
      for (let offset = 0; offset < content.str.length; offset++) pending.push({ item, offset, value: content.str[offset]!, format, at: current.value.length });
    } else if (item.deleted && !there && item.countable) {
      for (let offset = 0; offset < item.length; offset++) {
        const value = deleted.letter(item.id.client, item.id.clock + offset);
        if (value === undefined) continue;
        const moved = deleted.moved(item.id.client, item.id.clock + offset);
        if (current) current.gone.push({ value, at: current.value.length, moved });
        else goneBefore.push({ value, id: Y.createID(item.id.client, item.id.clock + offset), moved });
      }
    } else if (!item.deleted) close();
  }
  if (current) {
    (current as Stretch).after = pending;
    if ((current as Stretch).inside.length || (current as Stretch).gone.length || pending.length || holds(current, positions)) stretches.push(current);
  } else if (goneBefore.length && goneBefore.every((letter) => deletedToo(letter.id))) {
    stretches.push({ text, value: '', inside: [], after: [], gone: goneBefore.map(({ value, moved }) => ({ value, at: 0, moved })), items: [] });
  }
  return stretches;
}

/** Letters this editor typed into a stretch a colleague's change moved, and the run they go into; letters deleted before that the run holds again. */
export interface CarriedTyping {
  letters: Letter[];
  stretch: Stretch;
  into: Run;
  /** The indices in the run of letters deleted before (the colleague had not heard of it), to delete again. */
  again: number[];
}

/** Whether a transaction made an element or a text (a block, not only letters). */
function madeABlock(transaction: Y.Transaction): boolean {
  for (const item of made(transaction)) if (item.content instanceof Y.ContentType) return true;
  return false;
}

/**
 * This editor's letters left behind by a colleague's change (`transaction`, applied here) that
 * moved the stretch of text around them, and stretches it moved with one of `positions` (this
 * editor's selection) on them, each with the run the stretch went to. Empty nearly always, and
 * cheap then: only texts the transaction deleted characters from and kept are read.
 */
export function carriedTyping(transaction: Y.Transaction, schema: Schema, deleted: DeletedLetters, positions: Y.RelativePosition[] = []): CarriedTyping[] {
  const { clientID } = transaction.doc;
  const texts = new Set<Y.XmlText>();
  Y.iterateDeletedStructs(transaction, transaction.deleteSet, (struct) => {
    if (!(struct instanceof Y.Item) || !(struct.content instanceof Y.ContentString) || !(struct.parent instanceof Y.XmlText)) return;
    if (struct.parent._item && !struct.parent._item.deleted) texts.add(struct.parent);
  });
  // Letters deleted here that the colleague's update deleted too, when it made a block (Enter):
  // their texts are read as well. A colleague's keystroke makes none, so its update is not read.
  // (At most as many looked up as it remembers: a colleague's large deletion is mostly of other letters.)
  const deletedToo = deleted.size && madeABlock(transaction) ? remoteDeletions(transaction) : [];
  let lookups = deleted.size;
  for (const ds of deletedToo) {
    for (const [client, ranges] of ds.clients) {
      for (const { clock, len } of ranges) {
        for (let i = 0; i < len && lookups-- > 0; i++) {
          const text = deleted.textOf(client, clock + i);
          if (text?._item && !text._item.deleted) texts.add(text);
        }
      }
    }
  }
  const isDeletedToo = (id: Y.ID) => deletedToo.some((ds) => Y.isDeleted(ds, id));
  const stretches = [...texts].flatMap((text) => stretchesIn(transaction, text, clientID, deleted, isDeletedToo, positions));
  if (!stretches.length) return [];
  const runs = runsMade(transaction, schema);
  const found: CarriedTyping[] = [];
  for (const stretch of stretches) {
    // The run reads as the stretch, or as it with every letter deleted before back in it.
    let withGone = '';
    let from = 0;
    for (const { value, at } of stretch.gone) {
      withGone += stretch.value.slice(from, at) + value;
      from = at;
    }
    withGone += stretch.value.slice(from);
    const matches = runs.filter((run) => run.text && (run.value === stretch.value || run.value === withGone));
    if (matches.length !== 1 || found.some((carried) => carried.into === matches[0])) continue;
    const into = matches[0]!;
    // A run of nothing but letters this editor's own Enter moved: the colleague pressed Enter in
    // the same text, after this editor's caret (their block starts later). Those letters are
    // theirs to keep, and the colleague takes them out of this editor's block (the other branch,
    // on their screen): both doing it lost them everywhere.
    const laterSplit = stretch.value === '' && stretch.gone.length > 0 && stretch.gone.every(({ moved }) => moved);
    const again = into.value === stretch.value || laterSplit ? [] : stretch.gone.map(({ at }, i) => at + i);
    // Letters after the stretch go along only into a block the change made (a split, not a word dragged elsewhere).
    const split = !before(transaction, into.element._item!);
    const letters = split ? [...stretch.inside, ...stretch.after] : stretch.inside;
    if (letters.length || again.length || holds(stretch, positions)) found.push({ letters, stretch, into, again });
  }
  return found;
}

/** The index in its text of a letter's place. */
function indexOf(text: Y.XmlText, letter: { item: Y.Item; offset: number }): number {
  let index = 0;
  for (let item = text._start; item && item !== letter.item; item = item.right) if (!item.deleted && item.countable) index += item.length;
  return index + letter.offset;
}

/**
 * Carries the letters into their runs (within the caller's transaction, under this editor's
 * origin), each with its formats less those the block refuses. `positions` on a carried letter or
 * on a character of the stretch are returned moved to the same place in the run; the rest as given.
 */
export function carry(found: CarriedTyping[], positions: Y.RelativePosition[], schema: Schema): Y.RelativePosition[] {
  const moved = [...positions];
  for (const { letters, stretch, into, again } of found) {
    const doc = stretch.text.doc!;
    // Where the positions stand in the run once the letters are there: the stretch's characters and the letters before them.
    const places = positions.map((position) => {
      if (!position.item) return null;
      const item = Y.getItem(doc.store, position.item);
      if (!(item instanceof Y.Item) || item.parent !== stretch.text) return null;
      const letter = letters.findIndex((each) => each.item === item && position.item!.clock - item.id.clock === each.offset);
      if (letter >= 0) return letters[letter]!.at + letter + (position.assoc < 0 ? 1 : 0);
      // On a character of the stretch: after it are this editor's letters that stood before it.
      const at = charIndex(stretch, position);
      if (at === null) return null;
      return at + letters.filter((each) => each.at <= at).length + (position.assoc < 0 ? 1 : 0);
    });
    // Letters deleted before out of the run again, last first so the indices before stay right…
    for (const index of [...again].reverse()) into.text!.delete(into.start + index, 1);
    // …this editor's out of the text that stays…
    for (const letter of [...letters].reverse()) stretch.text.delete(indexOf(stretch.text, letter), 1);
    // …and into the run, in order.
    letters.forEach((letter, i) => into.text!.insert(into.start + letter.at + i, letter.value, allowedFormat(letter.format, into.element.nodeName, schema)));
    places.forEach((place, i) => {
      if (place !== null) moved[i] = Y.createRelativePositionFromTypeIndex(into.text!, into.start + place, positions[i]!.assoc);
    });
  }
  return moved;
}
