/**
 * A colleague who presses Enter in a paragraph moves the text after the caret into a new one: the
 * characters are deleted where they were and written again in the new block. Letters this editor
 * typed into that stretch which had not yet reached them are not deleted (they did not know of
 * them), so they stayed behind at the end of the first block ("hello X" and "world" for an X typed
 * into "world"), and so did the caret, scattering what was typed next.
 *
 * When a colleague's change deletes a stretch of a text that stays, with letters of this editor's
 * inside it, and the same change writes a run that reads exactly as the letters their update
 * deleted there, the letters are carried into that run, where they stood among its characters,
 * and the caret with them. Letters right after the stretch go too when it reached the end of the
 * text and the run is in a block the change made (a split): a colleague who had seen them would
 * have carried them along. Only the editor that typed them does it, as its own change. Letters
 * deleted before (remembered by deleted-letters.ts) that the run holds again (the colleague had
 * not heard of the deletion) are deleted from it again; those an Enter of this editor's moved
 * at the same time answer two Enters at once in one paragraph (`answer`, split-order.ts). This
 * editor's caret or selection on a character of the stretch goes to the same character in the
 * run even with no letters to carry (an idle colleague's caret stays between the same two
 * letters when Enter is pressed before it). A whole text deleted and written again (a heading,
 * a move) is unseen-typing.ts's.
 */
import type { Schema } from 'prosemirror-model';
import * as Y from 'yjs';
import type { DeletedLetters } from './deleted-letters.js';
import { allowedFormat } from './encoding.js';
import { remoteDeletions } from './remote-updates.js';
import { misplacedBlocks, putAfter } from './split-order.js';
import { before, made } from './made.js';
import { runsMade, type Run } from './unseen-typing.js';

/** A letter of this editor's in a stretch: its item and place in it, its formats, and how many of the stretch's characters come before it. */
interface Letter {
  item: Y.Item;
  offset: number;
  value: string;
  format: Record<string, unknown>;
  at: number;
}

/**
 * A character of a stretch: one the transaction deleted, or one deleted before (`gone`) that this
 * editor remembers, with the text an Enter moved it into (`movedTo`, null for a letter deleted)
 * and whether the colleague's update deleted it too (`copied`: they still had it, and wrote it
 * again with the rest).
 */
interface Char {
  value: string;
  client: number;
  clock: number;
  gone: boolean;
  copied: boolean;
  movedTo: Y.XmlText | null;
  /** The letter the Enter wrote for it there. */
  copy: Y.ID | null;
}

/**
 * Characters a transaction deleted from a text that stays, or deleted here before, one after
 * another but for this editor's letters and others' the change did not see among them.
 */
interface Stretch {
  text: Y.XmlText;
  chars: Char[];
  /** This editor's letters between them. */
  inside: Letter[];
  /** This editor's letters right after them, with nothing after but the text's end. */
  after: Letter[];
  /** The texts Enters moved letters into that stand before the stretch in the text. */
  movedBefore: Set<Y.XmlText>;
}

/** The index in the stretch of the character a position is on (null when it is on none the transaction deleted). */
function charIndex(stretch: Stretch, position: Y.RelativePosition): number | null {
  const id = position.item;
  if (!id) return null;
  const index = stretch.chars.findIndex((char) => !char.gone && char.client === id.client && char.clock === id.clock);
  return index < 0 ? null : index;
}

/** Whether one of `positions` is on a character of the stretch. */
const holds = (stretch: Stretch, positions: Y.RelativePosition[]): boolean => positions.some((position) => charIndex(stretch, position) !== null);

/**
 * The stretches a transaction deleted from `text` that have letters of `clientID`'s, or letters
 * deleted before, among or after them, or one of `positions` on them; and runs of letters deleted
 * here before that the colleague's update deleted too (`deletedToo`: the change moved letters all
 * deleted here, moved by this editor's own Enter at the same time, or deleted).
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
  let leading: Char[] = [];
  let format: Record<string, unknown> = {};
  // The texts Enters moved letters into, those of the text read so far.
  const moves = new Set<Y.XmlText>();
  const start = (): Stretch => ({ text, chars: leading, inside: [], after: [], movedBefore: new Set(moves) });
  const close = (after: Letter[]) => {
    if (current) {
      current.after = after;
      if (current.inside.length || after.length || current.chars.some((char) => char.gone) || holds(current, positions)) stretches.push(current);
    } else if (leading.some((char) => char.copied)) stretches.push({ ...start(), after });
    for (const char of current?.chars ?? leading) if (char.movedTo) moves.add(char.movedTo);
    current = null;
    pending = [];
    leading = [];
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
      current ??= start();
      current.inside.push(...pending);
      pending = [];
      for (let i = 0; i < content.str.length; i++) current.chars.push({ value: content.str[i]!, client: item.id.client, clock: item.id.clock + i, gone: false, copied: false, movedTo: null, copy: null });
    } else if (!item.deleted && there && (current || leading.some((char) => char.copied)) && item.id.client === clientID && content instanceof Y.ContentString) {
      for (let offset = 0; offset < content.str.length; offset++) pending.push({ item, offset, value: content.str[offset]!, format, at: (current?.chars ?? leading).length });
    } else if (item.deleted && !there && item.countable) {
      for (let offset = 0; offset < item.length; offset++) {
        const clock = item.id.clock + offset;
        const letter = deleted.letter(item.id.client, clock);
        if (letter === undefined) continue;
        const copied = deletedToo(Y.createID(item.id.client, clock));
        const [movedTo, copy] = [deleted.movedTo(item.id.client, clock), deleted.copyOf(item.id.client, clock)];
        (current?.chars ?? leading).push({ value: letter, client: item.id.client, clock, gone: true, copied, movedTo, copy });
      }
    } else if (!item.deleted && there && item.id.client !== clientID && content instanceof Y.ContentString && (current || leading.length)) {
      // A colleague's letters among them that the change left (a third editor's, unseen by it either): that editor carries them.
      continue;
    } else if (!item.deleted) close([]);
  }
  close(pending);
  return stretches;
}

/** Letters this editor typed into a stretch a colleague's change moved, and the run they go into; letters deleted before that the run holds again. */
export interface CarriedTyping {
  letters: Letter[];
  stretch: Stretch;
  into: Run;
  /** Which of the stretch's characters the run holds. */
  held: boolean[];
  /** The characters deleted before that the run holds, to delete from it again (indices in the stretch). */
  again: Set<number>;
  /** This editor's blocks to put after the run's (its own Enter came later in the text: split-order.ts). */
  misplaced: Y.Item[];
  /** Letters this editor's Enter moved that the colleague's moved too (split-order.ts `joinStep`). */
  shared: Y.ID[];
  /** The letters this editor's Enter wrote for those the colleague keeps, to delete. */
  yielded: Y.ID[];
}

/** Whether a transaction made an element or a text (a block, not only letters). */
function madeABlock(transaction: Y.Transaction): boolean {
  for (const item of made(transaction)) if (item.content instanceof Y.ContentType) return true;
  return false;
}

/** What the texts a transaction deleted whole read as to the colleague whose update deleted them (its letters that update deleted). */
function copiedTexts(transaction: Y.Transaction, deletedToo: (id: Y.ID) => boolean): Set<string> {
  const texts = new Set<string>();
  Y.iterateDeletedStructs(transaction, transaction.deleteSet, (struct) => {
    if (!(struct instanceof Y.Item) || !(struct.content instanceof Y.ContentType) || !(struct.content.type instanceof Y.XmlText)) return;
    let value = '';
    for (let item = struct.content.type._start; item; item = item.right) {
      if (!(item.content instanceof Y.ContentString)) continue;
      for (let i = 0; i < item.length; i++) if (deletedToo(Y.createID(item.id.client, item.id.clock + i))) value += item.content.str[i];
    }
    if (value) texts.add(value);
  });
  return texts;
}

/** What each character reads as in a run holding those `held`. */
const reading = (stretch: Stretch, held: boolean[]): string => stretch.chars.map((char, i) => (held[i] ? char.value : '')).join('');

/**
 * What this editor does about a stretch's run: letters deleted before to take out of it again
 * (indices in the stretch), its blocks to move after the run's, whether its letters there go
 * along, the letters its own Enter moved that the colleague's moved too, and the letters its
 * Enter wrote for those the colleague keeps.
 */
interface Answer {
  again: Set<number>;
  misplaced: Y.Item[];
  carries: boolean;
  shared: Y.ID[];
  yielded: Y.ID[];
}

/**
 * How this editor answers a run reading as a stretch. A letter deleted goes out of it. A letter an
 * Enter moved (`movedTo`) is in the block that Enter made too, and belongs to one of the two.
 * Of two Enters in one text at once, the later in the text is the one whose moved letters start
 * later (the same on both screens: the letters each update deleted, in the text's order); its
 * block holds the end of the text. When that is this editor's, its letters go out of the
 * colleague's run, and its block goes after the colleague's (split-order.ts). At the same letter,
 * the editor with the greater client id keeps them (Yjs puts the smaller id's block first; a
 * block's place may change, an id never). Otherwise they are the colleague's to keep, and this
 * editor's block loses them: the colleague takes them out, and so does this editor at once, not
 * to show them twice meanwhile (a letter deleted twice is deleted once). Each of this editor's
 * Enters is answered so; letters a third editor's Enter moved are that editor's to answer. When
 * this editor's block has gone since (Backspace at its start joined it back, writing its letters
 * again after the stretch) and it keeps the letters, those written go to the colleague's run in
 * their place, as this editor's typed there would. Letters of this editor's after the stretch go
 * along only then, or when the colleague's update deleted letters there (they stood in the text
 * the colleague moved).
 */
function answer(stretch: Stretch, held: boolean[], into: Run, split: boolean, clientID: number): Answer {
  const { chars } = stretch;
  const again = new Set<number>();
  chars.forEach((char, i) => {
    if (held[i] && char.gone && !char.movedTo) again.add(i);
  });
  // This editor's Enters that moved letters of the stretch, by the text each moved them into.
  const enters = new Map<Y.XmlText, number[]>();
  chars.forEach((char, i) => {
    if (char.movedTo?._item?.id.client === clientID) enters.set(char.movedTo, [...(enters.get(char.movedTo) ?? []), i]);
  });
  // Where the colleague's moved letters start against each Enter's (none before the stretch).
  const theirsFrom = held.indexOf(true);
  const answer: Answer = { again, misplaced: [], carries: chars.some((char) => !char.gone), shared: [], yielded: [] };
  for (const [movedTo, indices] of enters) {
    const kept = !movedTo._item!.deleted;
    const ownFrom = stretch.movedBefore.has(movedTo) ? -1 : indices[0]!;
    const later = split && ownFrom >= 0 && theirsFrom < ownFrom;
    const keeps = later || (split && ownFrom >= 0 && theirsFrom === ownFrom && clientID > into.element._item!.id.client);
    for (const i of indices) {
      const char = chars[i]!;
      if (held[i] && keeps) again.add(i);
      if (kept && char.copied) answer.shared.push(Y.createID(char.client, char.clock));
      if (held[i] && kept && !keeps && char.copy) answer.yielded.push(char.copy);
    }
    if (later && kept && !answer.misplaced.length) answer.misplaced = misplacedBlocks(movedTo.parent as Y.XmlElement, into.element, clientID);
    if (keeps && !kept) answer.carries = true;
  }
  return answer;
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
  // What the colleague's update deleted, read once asked (a stretch with letters deleted before in it).
  let remote: Y.Transaction['deleteSet'][] | null = null;
  const deletedToo = (id: Y.ID) => (remote ??= remoteDeletions(transaction)).some((ds) => Y.isDeleted(ds, id));
  // Letters deleted here that the colleague's update deleted too, when it made a block (Enter):
  // their texts are read as well. A colleague's keystroke makes none, so its update is not read.
  // (At most as many looked up as it remembers: a colleague's large deletion is mostly of other letters.)
  if (deleted.size && madeABlock(transaction)) {
    let lookups = deleted.size;
    for (const ds of (remote ??= remoteDeletions(transaction))) {
      for (const [client, ranges] of ds.clients) {
        for (const { clock, len } of ranges) {
          for (let i = 0; i < len && lookups-- > 0; i++) {
            const text = deleted.textOf(client, clock + i);
            if (text?._item && !text._item.deleted) texts.add(text);
          }
        }
      }
    }
  }
  const stretches = [...texts].flatMap((text) => stretchesIn(transaction, text, clientID, deleted, deletedToo, positions));
  if (!stretches.length) return [];
  const runs = runsMade(transaction, schema);
  // Runs reading as a text the change deleted whole, as the colleague had it: that text's copy (a
  // block written anew or put elsewhere: unseen-typing.ts's), read once asked.
  let copies: Set<string> | null = null;
  const found: CarriedTyping[] = [];
  for (const stretch of stretches) {
    // A stretch of letters all deleted here before is read against the others only: a copy may
    // hold such letters again (a colleague's block put after another, with letters that Enters at
    // once took out of the other), and they are not its.
    const gone = stretch.chars.every((char) => char.gone);
    if (gone) copies ??= copiedTexts(transaction, deletedToo);
    // The run reads as the letters the colleague's update deleted here (those it still had, written
    // again together); failing that (their update unknown), as the stretch, or as it with every letter deleted before back in it.
    const readings = [stretch.chars.map((char) => !char.gone || char.copied), stretch.chars.map((char) => !char.gone), stretch.chars.map(() => true)];
    let match: { into: Run; held: boolean[] } | null = null;
    for (const held of readings) {
      const read = reading(stretch, held);
      const matches = runs.filter((run) => run.text && run.value === read && !(gone && copies!.has(run.value)));
      if (matches.length === 1) {
        match = { into: matches[0]!, held };
        break;
      }
    }
    if (!match || found.some((carried) => carried.into === match.into)) continue;
    const { into, held } = match;
    // Letters after the stretch go along only into a block the change made (a split, not a word dragged elsewhere).
    const split = !before(transaction, into.element._item!);
    const { again, misplaced, carries, shared, yielded } = answer(stretch, held, into, split, clientID);
    const letters = !carries ? [] : split ? [...stretch.inside, ...stretch.after] : stretch.inside;
    if (letters.length || again.size || misplaced.length || shared.length || yielded.length || holds(stretch, positions)) found.push({ letters, stretch, into, held, again, misplaced, shared, yielded });
  }
  return found;
}

/** The id of the character at `index` of a text. */
function idAt(text: Y.XmlText, index: number): Y.ID {
  let item = text._start;
  for (; item && (item.deleted || !item.countable || index >= item.length); item = item.right) if (!item.deleted && item.countable) index -= item.length;
  return Y.createID(item!.id.client, item!.id.clock + index);
}

/** The index in its text of a letter's place. */
function indexOf(text: Y.XmlText, letter: { item: Y.Item; offset: number }): number {
  let index = 0;
  for (let item = text._start; item && item !== letter.item; item = item.right) if (!item.deleted && item.countable) index += item.length;
  return index + letter.offset;
}

/**
 * Carries the letters into their runs (within the caller's transaction, under this editor's
 * origin), each with its formats less those the block refuses, after taking out what `answer`
 * said, and puts blocks of this editor's standing before the run's after it. `positions` on a
 * carried letter or on a character of the stretch are returned moved to the same place in the
 * run, those in a block moved to the same place in its copy; the rest as given.
 */
export function carry(found: CarriedTyping[], positions: Y.RelativePosition[], schema: Schema, deleted: DeletedLetters): Y.RelativePosition[] {
  let moved = [...positions];
  for (const { letters, stretch, into, held, again, misplaced, yielded } of found) {
    const doc = stretch.text.doc!;
    // How many of the stretch's characters before each the run holds now, and once those deleted again are out.
    const now = [0];
    const kept = [0];
    stretch.chars.forEach((_, i) => {
      now.push(now[i]! + (held[i] ? 1 : 0));
      kept.push(kept[i]! + (held[i] && !again.has(i) ? 1 : 0));
    });
    // Where the positions stand in the run once the letters are there: the stretch's characters and the letters before them.
    const places = moved.map((position) => {
      if (!position.item) return null;
      const item = Y.getItem(doc.store, position.item);
      if (!(item instanceof Y.Item) || item.parent !== stretch.text) return null;
      const letter = letters.findIndex((each) => each.item === item && position.item!.clock - item.id.clock === each.offset);
      if (letter >= 0) return kept[letters[letter]!.at]! + letter + (position.assoc < 0 ? 1 : 0);
      // On a character of the stretch: after it are this editor's letters that stood before it.
      const at = charIndex(stretch, position);
      if (at === null) return null;
      return kept[at]! + letters.filter((each) => each.at <= at).length + (position.assoc < 0 ? 1 : 0);
    });
    // Letters deleted before out of the run again, last first so the indices before stay right
    // (those this editor's Enter moved remembered as moved into its block)…
    for (const index of [...again].sort((a, b) => b - a)) {
      const { movedTo } = stretch.chars[index]!;
      if (movedTo) deleted.deletesAsMoved(idAt(into.text!, into.start + now[index]!), movedTo);
      into.text!.delete(into.start + now[index]!, 1);
    }
    // …those its Enter wrote for letters the colleague keeps out of its block…
    for (const id of yielded) {
      const item = Y.getItem(doc.store, id);
      if (!item.deleted && item.parent instanceof Y.XmlText) {
        deleted.deletesAsMoved(id, into.text!);
        item.parent.delete(indexOf(item.parent, { item, offset: id.clock - item.id.clock }), 1);
      }
    }
    // …this editor's out of the text that stays…
    for (const letter of [...letters].reverse()) stretch.text.delete(indexOf(stretch.text, letter), 1);
    // …and into the run, in order.
    letters.forEach((letter, i) => into.text!.insert(into.start + kept[letter.at]! + i, letter.value, allowedFormat(letter.format, into.element.nodeName, schema)));
    places.forEach((place, i) => {
      if (place !== null) moved[i] = Y.createRelativePositionFromTypeIndex(into.text!, into.start + place, moved[i]!.assoc);
    });
    if (misplaced.length && !misplaced.some((block) => block.deleted)) {
      const put = putAfter(misplaced, into.element, moved);
      moved = put.positions;
      for (const [text, copy] of put.copies) deleted.copied(text, copy);
    }
  }
  return moved;
}
