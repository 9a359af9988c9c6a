/**
 * A colleague who turns a block into a heading, wraps it in a list or quote, moves it or joins it
 * to the block before writes it anew: the old element is deleted and a new one holds the text as
 * they saw it. Letters this editor typed into the block that had not yet reached them were inside
 * the deleted element, so every replica drops them (y-prosemirror loses them the same way).
 *
 * When a colleague's change deletes a text holding this editor's letters, and the same change
 * inserts a run of text that reads exactly as the old text without this editor's newest letters
 * in it (those the colleague had not seen: a client's changes reach others in the order made),
 * the letters are typed again into that run, where they stood among its characters, with their
 * formats. Only the editor that typed them does so, as its own change, so they are put back once
 * and every replica converges on it; letters of a third editor that the colleague had not seen
 * either may be missing from the run too, and that editor puts them back. Nothing is put back when
 * the match is not exact and unique, or when the colleague deleted the block outright.
 *
 * Deletions travel the same way: letters deleted (by this editor, or by another it heard of) that
 * the colleague had not heard of are in the run again (an input method's candidate, replaced by the one chosen, reaches colleagues
 * as it is composed). When no exact reading exists, one that lets such letters stand in the run,
 * each the very letter deleted (`DeletedLetters` remembers them: Yjs keeps only their length), is
 * taken, and they are deleted from the run as the dropped letters go back. A deletion alone (a
 * letter taken out of a colleague's text, none typed) is read the same way when the text holding
 * it is rewritten.
 *
 * With no letters to put right, a text holding this editor's caret or selection is read the same
 * way, none of its letters missing: when the run holds the character the caret is on, the caret
 * goes with it (a colleague who types "## " at the start of the block turns it into a heading,
 * and the caret stays between the same two letters).
 */
import type { Schema } from 'prosemirror-model';
import * as Y from 'yjs';
import type { DeletedLetters } from './deleted-letters.js';
import { allowedFormat } from './encoding.js';
import { idKey } from './letters.js';
import { before, made } from './made.js';

/**
 * One character of a text as it stood before a transaction: its item's id, and the formats it had.
 * A letter deleted before that this editor remembers is there too, as `gone`: a colleague who had
 * not heard of the deletion copied it into the run.
 */
interface Char {
  value: string;
  client: number;
  clock: number;
  format: Record<string, unknown>;
  gone?: true;
  /** This editor's copy of a letter the colleague had and took (joins.ts `copiesCovered`): read as another's, never put back. */
  copy?: true;
}

/** Whether a character is this editor's own typing (not a copy a colleague's letters stand for). */
const typedBy = (char: Char, clientID: number): boolean => char.client === clientID && !char.copy;

/** A run of characters a transaction inserted into a text (or a new empty text block, as an empty run). */
export interface Run {
  /** The text holding the run, or null for an empty text block (`element`) that has no text yet. */
  text: Y.XmlText | null;
  /** The text block holding the run. */
  element: Y.XmlElement;
  /** The run's index in its text. */
  start: number;
  value: string;
  /** Set when the run's own letters are not in `text`: it stood in a text this editor had joined into this one (joins.ts `runsFollowed`), and `start` is where that text's letters went. */
  absent?: true;
  /** For an absent run, the colleague who typed it (who types it again where `start` is: absent-runs.ts). */
  by?: number;
}

/**
 * What became of a character of the dropped text: the run holds it, it is this editor's and goes
 * back, or it is another editor's that the colleague had not seen either (that editor puts it
 * back). A letter deleted before is either not in the run (`gone`) or there again (`again`: the
 * colleague had not heard of the deletion), and is then deleted from the run.
 */
type Fate = 'kept' | 'back' | 'elsewhere' | 'gone' | 'again';

/** Letters this editor typed that a transaction dropped, and the run they are put back into. */
export interface UnseenTyping {
  /** The deleted text, for the positions it held. */
  from: Y.XmlText;
  /** Its characters before the transaction. */
  chars: Char[];
  fates: Fate[];
  into: Run;
  /** The clocks of the items this editor made putting the letters back (`putBack` sets them). */
  placed?: [number, number];
}

/**
 * How many characters one colleague's change may have compared: a change replacing many blocks
 * this editor wrote (a paste over them) looks at each against each new block, and must not hold
 * up the editor. A rewritten block costs about its length.
 */
const SEARCH_BUDGET = 200_000;

/**
 * The fates that make `chars` read as `run` with this editor's characters from clock `newest` on
 * taken out, and otherwise only others' characters (null when there are none). Each character
 * looked at is taken from `budget`.
 */
function fatesFor(chars: Char[], clientID: number, newest: number, run: string, budget: { left: number }): Fate[] | null {
  const fates: Fate[] = [];
  let at = 0;
  for (const char of chars) {
    if (--budget.left < 0) return null;
    if (char.gone) {
      fates.push('gone');
      continue;
    }
    const own = typedBy(char, clientID);
    if (own && char.clock >= newest) fates.push('back');
    else if (at < run.length && char.value === run[at]) {
      fates.push('kept');
      at++;
    } else if (own) return null;
    else fates.push('elsewhere');
  }
  return at === run.length ? fates : null;
}

/**
 * As `fatesFor`, for when that finds none: letters this editor had deleted may stand in the run
 * again, each as the same letter. Of the readings, the one with the fewest of those and of others'
 * letters left out; where a kept letter and a deleted one would both do, the kept one. Costs the
 * table's size from `budget`.
 */
function fatesWithDeletions(chars: Char[], clientID: number, newest: number, run: string, budget: { left: number }): Fate[] | null {
  const n = chars.length;
  const m = run.length;
  const width = m + 1;
  budget.left -= (n + 1) * width;
  if (budget.left < 0) return null;
  const back = (char: Char) => typedBy(char, clientID) && char.clock >= newest;
  // cost[i * width + j]: the least cost of reading chars from i on as the run from j on (Infinity: no reading).
  const cost = new Float64Array((n + 1) * width).fill(Infinity);
  cost[n * width + m] = 0;
  for (let i = n - 1; i >= 0; i--) {
    const char = chars[i]!;
    const next = (i + 1) * width;
    for (let j = m; j >= 0; j--) {
      const same = j < m && char.value === run[j];
      let best: number;
      if (char.gone) best = Math.min(cost[next + j]!, same ? 1 + cost[next + j + 1]! : Infinity);
      else if (back(char)) best = cost[next + j]!;
      else {
        best = same ? cost[next + j + 1]! : Infinity;
        if (!typedBy(char, clientID)) best = Math.min(best, 1 + cost[next + j]!);
      }
      cost[i * width + j] = best;
    }
  }
  if (cost[0] === Infinity) return null;
  const fates: Fate[] = [];
  let j = 0;
  for (let i = 0; i < n; i++) {
    const char = chars[i]!;
    const here = cost[i * width + j]!;
    const next = (i + 1) * width;
    const same = j < m && char.value === run[j];
    if (char.gone) {
      if (cost[next + j] === here) fates.push('gone');
      else {
        fates.push('again');
        j++;
      }
    } else if (back(char)) fates.push('back');
    else if (same && cost[next + j + 1] === here) {
      fates.push('kept');
      j++;
    } else fates.push('elsewhere');
  }
  return fates;
}

/** A text's characters before the transaction (null when it held something else than characters and formats). */
function charsBefore(transaction: Y.Transaction, text: Y.XmlText, deleted: DeletedLetters, copies: ReadonlySet<string>): Char[] | null {
  const chars: Char[] = [];
  let format: Record<string, unknown> = {};
  for (let item = text._start; item; item = item.right) {
    if (!before(transaction, item)) {
      // Letters deleted before the transaction that this editor remembers.
      if (item.deleted && item.id.clock < (transaction.beforeState.get(item.id.client) ?? 0)) {
        for (let i = 0; i < item.length; i++) {
          const letter = deleted.letter(item.id.client, item.id.clock + i);
          if (letter !== undefined) chars.push({ value: letter, client: item.id.client, clock: item.id.clock + i, format, gone: true });
        }
      }
      continue;
    }
    const { content } = item;
    if (content instanceof Y.ContentFormat) {
      format = { ...format, [content.key]: content.value };
      if (content.value === null) delete format[content.key];
    } else if (content instanceof Y.ContentString) {
      for (let i = 0; i < content.str.length; i++) {
        const char: Char = { value: content.str[i]!, client: item.id.client, clock: item.id.clock + i, format };
        if (copies.has(idKey(char))) char.copy = true;
        chars.push(char);
      }
    } else if (item.countable) return null;
  }
  return chars;
}

/** The runs of characters `transaction` inserted into `text`, each with its index there. */
function runsIn(transaction: Y.Transaction, text: Y.XmlText, runs: Run[]): void {
  let index = 0;
  let run: Run | null = null;
  for (let item = text._start; item; item = item.right) {
    if (item.deleted || !item.countable) continue;
    const made = !before(transaction, item);
    if (made && item.content instanceof Y.ContentString) {
      if (!run) runs.push((run = { text, element: text.parent as Y.XmlElement, start: index, value: '' }));
      run.value += item.content.str;
    } else run = null;
    index += item.length;
  }
}

/** Where text could have gone in `transaction`: its runs of new characters, and its new empty text blocks. */
export function runsMade(transaction: Y.Transaction, schema: Schema): Run[] {
  const texts = new Set<Y.XmlText>();
  const runs: Run[] = [];
  for (const item of made(transaction)) {
    if (item.deleted) continue;
    if (item.content instanceof Y.ContentString && item.parent instanceof Y.XmlText && item.parent.parent instanceof Y.XmlElement) texts.add(item.parent);
    else if (item.content instanceof Y.ContentType) {
      const type = item.content.type;
      if (type instanceof Y.XmlText) {
        if (type.parent instanceof Y.XmlElement) texts.add(type);
      } else if (type instanceof Y.XmlElement && type._first === null && schema.nodes[type.nodeName]?.isTextblock) {
        runs.push({ text: null, element: type, start: 0, value: '' });
      }
    }
  }
  for (const text of texts) runsIn(transaction, text, runs);
  return runs;
}

/** The text a position is in (at its start, or after one of its characters), if one the transaction deleted whole. */
function droppedText(transaction: Y.Transaction, position: Y.RelativePosition): Y.XmlText | null {
  const id = position.item ?? position.type;
  if (!id || id.clock >= Y.getState(transaction.doc.store, id.client)) return null;
  const item = Y.getItem(transaction.doc.store, id);
  const text = position.item ? item.parent : item instanceof Y.Item && item.content instanceof Y.ContentType ? item.content.type : null;
  return text instanceof Y.XmlText && text._item && Y.isDeleted(transaction.deleteSet, text._item.id) ? text : null;
}

/**
 * This editor's letters that a colleague's change (`transaction`, applied here) dropped with the
 * text holding them, and those it deleted that the change holds again, each with the run it is
 * put right in; and texts it dropped with one of `positions` (this editor's selection) in them,
 * with the run they went to. Empty nearly always, and cheap then: only the transaction's
 * deletions of this editor's characters and of texts it deleted letters from are looked at.
 * `joined` (joins.ts) gives this editor's join copies the colleague's letters stand for, and,
 * when asked, runs typed into texts this editor joined away.
 */
export function unseenTyping(transaction: Y.Transaction, schema: Schema, deleted: DeletedLetters, positions: Y.RelativePosition[] = [], joined: { copies: ReadonlySet<string>; runs: () => Run[] } = { copies: new Set(), runs: () => [] }): UnseenTyping[] {
  const { clientID } = transaction.doc;
  const dropped = new Set<Y.XmlText>();
  Y.iterateDeletedStructs(transaction, transaction.deleteSet, (struct) => {
    if (!(struct instanceof Y.Item)) return;
    const { content } = struct;
    // A text deleted whole that held letters deleted before: the colleague may not have heard of that.
    if (content instanceof Y.ContentType && content.type instanceof Y.XmlText && deleted.heldBy(content.type)) dropped.add(content.type);
    if (struct.id.client !== clientID || !(content instanceof Y.ContentString)) return;
    const text = struct.parent;
    if (text instanceof Y.XmlText && text._item && Y.isDeleted(transaction.deleteSet, text._item.id)) dropped.add(text);
  });
  // Texts holding the caret, read after those with letters to put right (which claim their runs first).
  const holding = new Set<Y.XmlText>();
  for (const position of positions) {
    const text = droppedText(transaction, position);
    if (!text) continue;
    holding.add(text);
    dropped.add(text);
  }
  if (!dropped.size) return [];
  const runs = [...runsMade(transaction, schema), ...joined.runs()];
  const claimed = new Set<Run>();
  const found: UnseenTyping[] = [];
  const budget = { left: SEARCH_BUDGET };
  for (const from of dropped) {
    const chars = charsBefore(transaction, from, deleted, joined.copies);
    if (!chars) continue;
    const shown = chars.filter((char) => !char.gone);
    // This editor's characters here, newest first: a colleague saw all of them up to some point.
    const own = shown.filter((char) => typedBy(char, clientID)).map((char) => char.clock).sort((a, b) => b - a);
    /** The runs `read` finds a reading of, each with the fewest of this editor's letters put back (from `least` up to `most` for the run). */
    const readings = (read: typeof fatesFor, least: number, most: (run: Run) => number) => {
      const matches: { run: Run; fates: Fate[] }[] = [];
      for (const run of runs) {
        for (let back = least; back <= Math.min(most(run), own.length); back++) {
          const fates = read(chars, clientID, back ? own[back - 1]! : Infinity, run.value, budget);
          if (fates) {
            matches.push({ run, fates });
            break;
          }
        }
      }
      return matches;
    };
    let matches = readings(fatesFor, 1, (run) => shown.length - run.value.length);
    // Letters this editor deleted that the colleague still had, for when nothing reads exactly:
    // with none of this editor's letters missing (a deletion alone), or some.
    // At most as many of this editor's letters go back as the run is shorter than the old text with its deleted letters.
    if (!matches.length && shown.length < chars.length) matches = readings(fatesWithDeletions, 0, (run) => chars.length - run.value.length);
    // The text holding the caret, none of this editor's letters missing.
    if (!matches.length && holding.has(from)) matches = readings(fatesFor, 0, () => 0);
    if (budget.left < 0) break;
    const match = matches.length === 1 ? matches[0]! : null;
    if (!match || claimed.has(match.run)) continue;
    // A run that reads as the text does here (the colleague had heard of everything) needs
    // nothing, but for the caret on a character it holds.
    const { fates } = match;
    if (fates.every((fate) => fate !== 'back' && fate !== 'again') && !positions.some((position) => keeps(from, chars, fates, position))) continue;
    claimed.add(match.run);
    found.push({ from, chars, fates, into: match.run });
  }
  return found;
}

/** A format for an insertion that sets exactly `format`, less the marks `block` does not allow: every other key known here cleared. */
export function exactly(format: Record<string, unknown>, keys: Set<string>, block: Y.XmlElement, schema: Schema): Record<string, unknown> {
  const attributes: Record<string, unknown> = {};
  for (const key of keys) attributes[key] = null;
  return { ...attributes, ...allowedFormat(format, block.nodeName, schema) };
}

/** How many of the first `count` characters the run holds once this editor's are back and its deleted ones out again. */
const shownBefore = (fates: Fate[], count: number, run: Run): number => fates.slice(0, count).filter((fate) => fate === 'back' || (fate === 'kept' && !run.absent)).length;

/** The index in the run, once this editor's letters are back, of a position on the dropped text (null when it is not on that text, or on a character not there before). */
function indexIn(lost: UnseenTyping, position: Y.RelativePosition): number | null {
  const item = lost.from._item!;
  if (!position.type || position.type.client !== item.id.client || position.type.clock !== item.id.clock) return null;
  if (!position.item) return position.assoc >= 0 ? shownBefore(lost.fates, lost.chars.length, lost.into) : 0;
  const { client, clock } = position.item;
  const index = lost.chars.findIndex((char) => char.client === client && char.clock === clock);
  return index < 0 ? null : shownBefore(lost.fates, index + (position.assoc >= 0 ? 0 : 1), lost.into);
}

/** Whether a position is at the start of the dropped text `from` or on one of its characters the run holds (`kept`). */
function keeps(from: Y.XmlText, chars: Char[], fates: Fate[], position: Y.RelativePosition): boolean {
  const { id } = from._item!;
  if (!position.item) return position.type?.client === id.client && position.type.clock === id.clock && position.assoc < 0;
  const { client, clock } = position.item;
  return fates[chars.findIndex((char) => char.client === client && char.clock === clock)] === 'kept';
}

/**
 * Types the dropped letters again into their runs (within the caller's transaction, under this
 * editor's origin). `positions` on a dropped text are returned moved to the same place in its
 * run, which now reads as the text did here; the rest as given.
 */
export function putBack(found: UnseenTyping[], positions: Y.RelativePosition[], schema: Schema): Y.RelativePosition[] {
  const moved = [...positions];
  for (const lost of found) {
    const { chars, fates, into } = lost;
    const { doc } = into.element;
    const from = doc ? Y.getState(doc.store, doc.clientID) : 0;
    let text = into.text;
    if (!text) into.element.insert(0, [(text = new Y.XmlText())]);
    const keys = new Set<string>();
    for (const char of chars) for (const key in char.format) keys.add(key);
    for (const run of text.toDelta() as { attributes?: Record<string, unknown> }[]) for (const key in run.attributes) keys.add(key);
    // In order, each where it stands with those before it done: runs of dropped letters with one
    // format go back, runs of letters this editor had deleted go out of the run again.
    for (let i = 0; i < chars.length; ) {
      const fate = fates[i];
      if (fate !== 'back' && fate !== 'again') {
        i++;
        continue;
      }
      const start = i;
      const at = into.start + shownBefore(fates, start, into);
      if (fate === 'again') {
        while (i < chars.length && fates[i] === 'again') i++;
        text.delete(at, i - start);
        continue;
      }
      let value = '';
      while (i < chars.length && fates[i] === 'back' && chars[i]!.format === chars[start]!.format) value += chars[i++]!.value;
      text.insert(at, value, exactly(chars[start]!.format, keys, into.element, schema));
    }
    if (doc) lost.placed = [from, Y.getState(doc.store, doc.clientID)];
    positions.forEach((position, i) => {
      const index = indexIn(lost, position);
      if (index !== null) moved[i] = Y.createRelativePositionFromTypeIndex(text!, into.start + index, position.assoc);
    });
  }
  return moved;
}
