/**
 * Two editors who join one paragraph to the one before at once (both press Backspace at its
 * start) each delete it and type its letters again at the end of the one before: Yjs keeps both
 * runs, and the joined text shows twice ("abcdefdef"). An editor remembers the joins it made
 * lately (`Joins`); when a colleague's change deleted the same paragraph too and typed a run
 * reading as its letters into the same text, the two runs are one join made twice.
 *
 * Of the two, the run of the editor with the greater client id stays, the same on every screen;
 * the other editor deletes its own run, and what was typed at it since (at its edges or inside
 * it: letters whose neighbours at typing were its letters) goes to the same place in the run that
 * stays; a letter of its run deleted since is deleted there too. Only that editor acts.
 *
 * The colleague may go on to join the joined paragraph to the one before before hearing of this
 * editor's join: their change drops this editor's run with it, unseen, and holds their own copy
 * of the same letters. Those of this editor's copies whose letters that colleague took too are
 * not typing to put back (`copiesCovered`, read by unseen-typing.ts). A colleague who joins the
 * next paragraph into one this editor joined at once types its letters into a deleted text:
 * letters of this editor's dropped with that paragraph go back where its text went
 * (`runsFollowed`). The joins colleagues made are followed the same way: each editor notes them
 * as it hears them (keeping the deleted text from Yjs's garbage collection, so that letters typed
 * into it later arrive as letters), and one this editor made at once with a colleague whose run
 * stays becomes the colleague's. With three editors, one joining a paragraph into the one another
 * joined away, the letters the first had not seen go back where the text went.
 */
import diff from 'fast-diff';
import * as Y from 'yjs';
import { remoteDeletions } from './remote-updates.js';
import { keep, made, madeBy } from './made.js';
import { copiedLetters, idOf, lettersOf, runOf, textOf, type Letter } from './letters.js';
import type { Run } from './unseen-typing.js';

/** A paragraph this editor joined to the one before: the element it deleted and the run of its letters typed into the text before. */
interface Join {
  /** The deleted element's item. */
  from: Y.Item;
  /** Its text, deleted with it. */
  source: Y.XmlText;
  /** The text its letters went into. */
  into: Y.XmlText;
  /** Its letters. */
  text: string;
  /** Where each of them stood in the paragraph (its letter's id). */
  sources: Y.ID[];
  /** The clocks of this editor's items the join made ([0, 0] for a colleague's join). */
  made: [number, number];
  /** Its run's letters, in the text's order (each the copy of the source at its index). */
  copies: Y.ID[];
  /** For the index of each source a colleague's change deleted too, the colleagues whose change it was: they knew that letter and took it (into a run of their own, or away). */
  covered: Map<number, Set<number>>;
}

/** A join this editor and a colleague made at once: the text's letters when the colleague's change came, and the colleague's run among them. */
export interface Doubled {
  join: Join;
  letters: Letter[];
  theirs: Letter[];
  /** Where each letter of the join's text (and its end) stands in their run, and which their run lacks. */
  at: number[];
  missing: Set<number>;
}

/** How many joins an editor remembers. */
const REMEMBERED = 20;

/**
 * For each letter of a join's text (and its end), its index in the colleague's run, and those
 * their run lacks (`missing`: where they would stand there), when the run reads as the text
 * with letters more (the colleague's, typed into the paragraph unseen here or after their join)
 * or less letters they had not seen (`unseen`: typed by anyone, or copied by an earlier join of
 * this editor's, after the colleague last heard); otherwise null.
 */
function linedUp(join: Join, theirs: string, unseen: (letter: Y.ID) => boolean): { at: number[]; missing: Set<number> } | null {
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

/** The joins this editor made lately, and which of them a colleague made at once. */
export class Joins {
  private list: Join[] = [];

  /** Joins colleagues made lately, as heard here: where the letters of the texts they deleted went (`runsFollowed`). */
  private heard: Join[] = [];

  /** Notes the joins a transaction made (Yjs's `afterTransaction`): this editor's, and a colleague's as heard. */
  note(transaction: Y.Transaction): void {
    const { clientID } = transaction.doc;
    const local = transaction.local;
    // Its clocks of this editor's items; a colleague's change may bring items of several clients.
    const made: [number, number] = local ? [transaction.beforeState.get(clientID) ?? 0, transaction.afterState.get(clientID) ?? 0] : [0, 0];
    if (local && made[1] <= made[0]) return;
    const deleted: Y.Item[] = [];
    Y.iterateDeletedStructs(transaction, transaction.deleteSet, (struct) => {
      if (deleted.length <= REMEMBERED && struct instanceof Y.Item && !madeBy(transaction, struct.id.client, struct.id.clock) && struct.content instanceof Y.ContentType && struct.content.type instanceof Y.XmlElement) deleted.push(struct);
    });
    if (!deleted.length || deleted.length > REMEMBERED) return;
    const list = local ? this.list : this.heard;
    for (const item of deleted) {
      const element = (item.content as Y.ContentType).type as Y.XmlElement;
      // Its letters as they were: those not made by this transaction.
      let source: Y.XmlText | null = null;
      for (let child = element._start; child; child = child.right) {
        if (child.content instanceof Y.ContentType && child.content.type instanceof Y.XmlText && !madeBy(transaction, child.id.client, child.id.clock)) source = child.content.type;
      }
      if (!source) continue;
      const were = lettersOf(source).filter(
        (letter) => !madeBy(transaction, letter.item.id.client, letter.clock) && (!letter.item.deleted || Y.isDeleted(transaction.deleteSet, { client: letter.item.id.client, clock: letter.clock })),
      );
      const text = were.map((letter) => letter.char).join('');
      if (!text) continue;
      // The block before it, still there, whose text got a run of new letters reading as its.
      let before = item.left;
      while (before?.deleted) before = before.left;
      const into = before?.content instanceof Y.ContentType && before.content.type instanceof Y.XmlElement ? textOf(before.content.type) : null;
      if (!into) continue;
      const copied = local ? (letter: Letter) => letter.item.id.client === clientID && letter.clock >= made[0] && letter.clock < made[1] : (letter: Letter) => letter.item.id.client !== clientID && madeBy(transaction, letter.item.id.client, letter.clock);
      // A colleague's run lacks the letters typed into the paragraph that they had not seen.
      // Letters typed since (this editor's put back while the change was read: unseen-typing.ts) are not the text's then.
      const then = lettersOf(into).filter((letter) => letter.clock < (transaction.afterState.get(letter.item.id.client) ?? 0));
      const run = runOf(then, copied, local ? text : null);
      const sources = run && (local ? were : copiedLetters(were, run));
      if (!run || !sources) continue;
      // A colleague's change typing into the deleted text after the join is read by `runsFollowed`: its letters arrive as items there, not as collected lengths.
      keep(source._item);
      list.push({ from: item, source, into, text: run.map((letter) => letter.char).join(''), sources: sources.map(idOf), made, copies: run.map(idOf), covered: new Map() });
    }
    if (list.length > REMEMBERED) list.splice(0, list.length - REMEMBERED);
  }

  /**
   * This editor's letters that are copies, made by its joins, of letters the colleague whose
   * change this is (`transaction`, applied here) deleted too, now or before, as `client:clock`
   * keys. That colleague, deleting the text holding them, had not seen them, but had the letters
   * they copy and took those: they are not typing of this editor's to put back
   * (unseen-typing.ts), or the joined text would show twice (one editor joining a paragraph, the
   * other the same and then the joined one to the one before it). A copy taken by another
   * colleague is still put back. Read only when the change touched a text joined into.
   */
  copiesCovered(transaction: Y.Transaction): Set<string> {
    const keys = new Set<string>();
    const touched = this.list.filter((join) => (transaction.changed as Map<unknown, unknown>).has(join.into) || (join.into._item && Y.isDeleted(transaction.deleteSet, join.into._item.id)));
    if (!touched.length) return keys;
    // The colleagues whose change this is: those it brings items of.
    const { clientID } = transaction.doc;
    const makers = [...transaction.afterState].filter(([client, clock]) => client !== clientID && clock > (transaction.beforeState.get(client) ?? 0)).map(([client]) => client);
    const deletions = remoteDeletions(transaction);
    for (const join of touched) {
      join.sources.forEach((source, i) => {
        if (deletions.some((ds) => Y.isDeleted(ds, source))) for (const client of makers) join.covered.set(i, (join.covered.get(i) ?? new Set()).add(client));
      });
      for (const [i, clients] of join.covered) if (makers.some((client) => clients.has(client))) keys.add(`${join.copies[i]!.client}:${join.copies[i]!.clock}`);
    }
    return keys;
  }

  /**
   * Runs a colleague's change (`transaction`) typed into the text of a paragraph this editor had
   * joined to the one before (the colleague, unseen, joined the next paragraph into it at once):
   * each as a run absent from the text joined into, standing where the letters around it went
   * (after the copy of the letter before it). Letters of this editor's that the change dropped
   * with the next paragraph go back there (unseen-typing.ts), not into the deleted text, where
   * they would be lost.
   */
  runsFollowed(transaction: Y.Transaction): Run[] {
    const runs: Run[] = [];
    // A paragraph this editor and a colleague both joined is read by this editor's join.
    const joins = new Map([...this.heard, ...this.list].filter((join) => !join.into._item?.deleted).map((join) => [join.source, join]));
    const texts = new Set<Y.XmlText>();
    for (const item of joins.size ? made(transaction) : []) if (item.parent instanceof Y.XmlText && joins.has(item.parent)) texts.add(item.parent);
    for (const text of texts) {
      const join = joins.get(text)!;
      const sources = new Map(join.sources.map((id, i) => [`${id.client}:${id.clock}`, i]));
      let last = -1;
      let run: Run | null = null;
      for (let item = text._start; item; item = item.right) {
        if (item.content instanceof Y.ContentString && madeBy(transaction, item.id.client, item.id.clock)) {
          if (!run) runs.push((run = { text: join.into, element: join.into.parent as Y.XmlElement, start: this.copyEnd(join, last), value: '', absent: true }));
          run.value += item.content.str;
          continue;
        }
        run = null;
        for (let i = 0; i < item.length; i++) last = sources.get(`${item.id.client}:${item.id.clock + i}`) ?? last;
      }
    }
    return runs;
  }

  /** The index in the text joined into right after the copy of the join's letter `index` (before its first copy for -1). */
  private copyEnd(join: Join, index: number): number {
    const live = lettersOf(join.into).filter((letter) => !letter.item.deleted);
    const copies = new Set(join.copies.map((id) => `${id.client}:${id.clock}`));
    const at = (i: number) => live.findIndex((letter) => letter.item.id.client === join.copies[i]!.client && letter.clock === join.copies[i]!.clock);
    for (let i = index; i >= 0; i--) if (at(i) >= 0) return at(i) + 1;
    const first = live.findIndex((letter) => copies.has(`${letter.item.id.client}:${letter.clock}`));
    return first < 0 ? 0 : first;
  }

  /**
   * The joins this editor made that a colleague's change (applied here) made too, each with the
   * colleague's run, those this editor answers (the colleague's client id is the greater). Cheap
   * when there are none: the change's updates are read only when it changed a text joined into.
   */
  madeAtOnce(transaction: Y.Transaction): Doubled[] {
    // Only a change to a text this editor joined into can hold a colleague's run there.
    if (!this.list.some((join) => (transaction.changed as Map<unknown, unknown>).has(join.into))) return [];
    const deletions = remoteDeletions(transaction);
    if (!deletions.length) return [];
    const { clientID } = transaction.doc;
    const found: Doubled[] = [];
    for (const join of this.list) {
      if (join.into._item?.deleted || !deletions.some((ds) => Y.isDeleted(ds, join.from.id))) continue;
      const letters = lettersOf(join.into);
      const theirs = runOf(letters, (letter) => letter.item.id.client !== clientID && madeBy(transaction, letter.item.id.client, letter.clock), null);
      // A letter the colleague's join deleted with the paragraph was one they had seen: theirs lacking it, they had deleted it.
      const lines = theirs && linedUp(join, theirs.map((letter) => letter.char).join(''), (letter) => !deletions.some((ds) => Y.isDeleted(ds, letter)));
      if (theirs && lines) found.push({ join, letters, theirs, ...lines });
    }
    // This editor answers those whose colleague's id is the greater, once. One whose colleague's is
    // the smaller is theirs to answer, and stays remembered: a third editor's run may come yet.
    const answered = found.filter(({ theirs }) => theirs[0]!.item.id.client > clientID);
    this.list = this.list.filter((join) => !answered.some((pair) => pair.join === join));
    // Their run stays: the paragraph's letters went there, as a colleague's join heard here.
    for (const { join, theirs, at, missing } of answered) {
      const kept = join.sources.map((_, i) => i).filter((i) => !missing.has(i));
      this.heard.push({ ...join, sources: kept.map((i) => join.sources[i]!), copies: kept.map((i) => idOf(theirs[at[i]!]!)), made: [0, 0], covered: new Map() });
    }
    if (this.heard.length > REMEMBERED) this.heard.splice(0, this.heard.length - REMEMBERED);
    return answered;
  }

  /**
   * Deletes this editor's run of each join made twice (`madeAtOnce`; within the caller's
   * transaction) and does what was typed at it since in the colleague's run. `positions` at this
   * editor's run are returned at the same place in theirs.
   */
  foldAll(own: Y.Transaction, doubled: Doubled[], positions: Y.RelativePosition[]): Y.RelativePosition[] {
    return doubled.reduce((moved, pair) => this.fold(own, pair, moved), positions);
  }

  private fold(own: Y.Transaction, { join, letters, theirs, at, missing }: Doubled, positions: Y.RelativePosition[]): Y.RelativePosition[] {
    const { clientID } = own.doc;
    const text = join.into;
    const key = (client: number, clock: number) => `${client}:${clock}`;
    const keyOf = (letter: Letter) => key(letter.item.id.client, letter.clock);
    const mine = (letter: Letter) => letter.item.id.client === clientID && letter.clock >= join.made[0] && letter.clock < join.made[1];
    const theirKeys = new Set(theirs.map(keyOf));
    // The letters typed at this editor's run since: their neighbours at typing were its letters, or letters typed so.
    const attached = new Set(letters.filter(mine).map(keyOf));
    const leansOn = (letter: Letter): boolean => {
      // Inside an item, a letter's left neighbour is the one before it there, and its right one the next.
      const offset = letter.clock - letter.item.id.clock;
      const left = offset > 0 ? { client: letter.item.id.client, clock: letter.clock - 1 } : letter.item.origin;
      const right = offset < letter.item.length - 1 ? { client: letter.item.id.client, clock: letter.clock + 1 } : letter.item.rightOrigin;
      return (!!left && attached.has(key(left.client, left.clock))) || (!!right && attached.has(key(right.client, right.clock)));
    };
    // Until nothing more leans on them (a letter may lean on one typed later, at its right).
    for (let grew = true; grew; ) {
      grew = false;
      for (const letter of letters) {
        if (letter.item.deleted || mine(letter) || theirKeys.has(keyOf(letter)) || attached.has(keyOf(letter)) || !leansOn(letter)) continue;
        attached.add(keyOf(letter));
        grew = true;
      }
    }
    const moving = letters.filter((letter) => !letter.item.deleted && !mine(letter) && attached.has(keyOf(letter)));
    // An inline node typed at the run is left where it is (rare; it cannot be typed again as a letter).
    if (moving.some((letter) => letter.embed)) return positions;
    // What to do in their run, by the count of this editor's letters before each change.
    const changes: { at: number; insert?: string; format?: Record<string, unknown> }[] = [];
    let count = 0;
    for (const letter of letters) {
      if (mine(letter)) {
        // A letter deleted since goes there too; one their run lacks is typed again there, unless deleted since.
        if (missing.has(count) && !letter.item.deleted) changes.push({ at: at[count]!, insert: letter.char, format: letter.format });
        else if (!missing.has(count) && letter.item.deleted) changes.push({ at: at[count]! });
        count++;
      } else if (!letter.item.deleted && attached.has(keyOf(letter))) changes.push({ at: at[count]!, insert: letter.char, format: letter.format });
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
        shift += change.insert.length;
      }
    }
    return positions.map((position, i) => (places[i] === null ? position : Y.createRelativePositionFromTypeIndex(text, first + places[i]!, position.assoc)));
  }
}
