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
 *
 * A join follows its letters: typed again where a colleague's change took them (`followPutBack`),
 * copied by a later join of this editor's, or moved by a fold. So the same paragraph joined by two
 * into different paragraphs (one had joined the one before it first) is found made twice when
 * the colleague's run reaches the text the join's letters are in now, the colleague having
 * deleted the paragraph in that change or one before (`takenBy`).
 */
import * as Y from 'yjs';
import { fold, linedUp, relined, type Doubled } from './join-fold.js';
import { remoteDeletions } from './remote-updates.js';
import { keep, made, madeBy } from './made.js';
import { copiedLetters, idKey, idOf, letterKey, lettersOf, runOf, textOf, type Letter } from './letters.js';
import type { Run, UnseenTyping } from './unseen-typing.js';

/** A paragraph this editor joined to the one before: the element it deleted and the run of its letters typed into the text before. */
export interface Join {
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
  /** Its run's letters, in the text's order (each the copy of the source at its index). */
  copies: Y.ID[];
  /** For the index of each source a colleague's change deleted too, the colleagues whose change it was: they knew that letter and took it (into a run of their own, or away). */
  covered: Map<number, Set<number>>;
  /** The colleagues heard to have deleted the paragraph too, in a change before (their run may come later: typed again into the text its letters went to). */
  takenBy: Set<number>;
}

/** How many joins an editor remembers. */
const REMEMBERED = 20;

/** The joins this editor made lately, and which of them a colleague made at once. */
export class Joins {
  private list: Join[] = [];

  /** Joins colleagues made lately, as heard here: where the letters of the texts they deleted went (`runsFollowed`). */
  private heard: Join[] = [];

  /** Notes the joins a transaction made (Yjs's `afterTransaction`): this editor's, and a colleague's as heard. */
  note(transaction: Y.Transaction): void {
    const { clientID } = transaction.doc;
    const local = transaction.local;
    if (!local) this.noteTaken(transaction);
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
      const join: Join = { from: item, source, into, text: run.map((letter) => letter.char).join(''), sources: sources.map(idOf), copies: run.map(idOf), covered: new Map(), takenBy: new Set() };
      // An earlier join of this editor's whose run this one copied (two paragraphs joined in turn) stands in this one's run now.
      if (local) this.follow(new Map(join.sources.map((id, i) => [idKey(id), join.copies[i]!])), into);
      list.push(join);
    }
    if (list.length > REMEMBERED) list.splice(0, list.length - REMEMBERED);
  }

  /**
   * Notes the colleagues whose change (applied here) deleted a paragraph this editor had joined
   * away: Yjs skips a deletion of what is deleted here already, so only the change's update says
   * so. Read when the change typed letters into a deleted text (a join of theirs into a text this
   * editor had joined away: its letters may come back later, typed again where that text went).
   */
  private noteTaken(transaction: Y.Transaction): void {
    if (!this.list.length) return;
    let intoDeleted = false;
    for (const item of made(transaction)) if ((intoDeleted = item.deleted)) break;
    if (!intoDeleted) return;
    const { clientID } = transaction.doc;
    const makers = [...transaction.afterState].filter(([client, clock]) => client !== clientID && clock > (transaction.beforeState.get(client) ?? 0)).map(([client]) => client);
    const deletions = remoteDeletions(transaction);
    for (const join of this.list) if (deletions.some((ds) => Y.isDeleted(ds, join.from.id))) for (const client of makers) join.takenBy.add(client);
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
      for (const [i, clients] of join.covered) if (makers.some((client) => clients.has(client))) keys.add(idKey(join.copies[i]!));
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
      const sources = new Map(join.sources.map((id, i) => [idKey(id), i]));
      let last = -1;
      let run: Run | null = null;
      for (let item = text._start; item; item = item.right) {
        if (item.content instanceof Y.ContentString && madeBy(transaction, item.id.client, item.id.clock)) {
          if (!run) runs.push((run = { text: join.into, element: join.into.parent as Y.XmlElement, start: this.copyEnd(join, last), value: '', absent: true, by: item.id.client }));
          run.value += item.content.str;
          continue;
        }
        run = null;
        for (let i = 0; i < item.length; i++) last = sources.get(idKey({ client: item.id.client, clock: item.id.clock + i })) ?? last;
      }
    }
    return runs;
  }

  /** The index in the text joined into right after the copy of the join's letter `index` (before its first copy for -1). */
  private copyEnd(join: Join, index: number): number {
    const live = lettersOf(join.into).filter((letter) => !letter.item.deleted);
    const copies = new Set(join.copies.map(idKey));
    const at = (i: number) => live.findIndex((letter) => letter.item.id.client === join.copies[i]!.client && letter.clock === join.copies[i]!.clock);
    for (let i = index; i >= 0; i--) if (at(i) >= 0) return at(i) + 1;
    const first = live.findIndex((letter) => copies.has(letterKey(letter)));
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
    if (!deletions.length && !this.list.some((join) => join.takenBy.size)) return [];
    const { clientID } = transaction.doc;
    const found: Doubled[] = [];
    for (const join of this.list) {
      const now = deletions.some((ds) => Y.isDeleted(ds, join.from.id));
      if (join.into._item?.deleted || (!now && !join.takenBy.size)) continue;
      const letters = lettersOf(join.into);
      const theirs = runOf(letters, (letter) => letter.item.id.client !== clientID && madeBy(transaction, letter.item.id.client, letter.clock), null);
      // Their run made now, with the paragraph deleted now or before by the same colleague (who typed it again where its text went).
      if (!theirs || (!now && !join.takenBy.has(theirs[0]!.item.id.client))) continue;
      // A letter the colleague's join deleted with the paragraph was one they had seen: theirs lacking it, they had deleted it.
      const unseen = (letter: Y.ID) => !deletions.some((ds) => Y.isDeleted(ds, letter));
      const lines = linedUp(join, theirs.map((letter) => letter.char).join(''), unseen);
      if (lines) found.push({ join, letters, theirs, ...lines, unseen });
    }
    // This editor answers those whose colleague's id is the greater, once. One whose colleague's is
    // the smaller is theirs to answer, and stays remembered: a third editor's run may come yet.
    const answered = found.filter(({ theirs }) => theirs[0]!.item.id.client > clientID);
    this.list = this.list.filter((join) => !answered.some((pair) => pair.join === join));
    // Their run stays: the paragraph's letters went there, as a colleague's join heard here.
    for (const { join, theirs, at, missing } of answered) {
      const kept = join.sources.map((_, i) => i).filter((i) => !missing.has(i));
      this.heard.push({ ...join, sources: kept.map((i) => join.sources[i]!), copies: kept.map((i) => idOf(theirs[at[i]!]!)), covered: new Map(), takenBy: new Set() });
    }
    if (this.heard.length > REMEMBERED) this.heard.splice(0, this.heard.length - REMEMBERED);
    return answered;
  }

  /**
   * Follows this editor's joins whose run a colleague's change dropped and this editor typed
   * again elsewhere (`putBack`, in the transaction under way): the join's run is the letters put
   * back, in the text they went to. A colleague who had joined the same paragraph into that text
   * made the join twice (`madeAtOnce`).
   */
  followPutBack(found: UnseenTyping[]): void {
    for (const lost of found) {
      const { placed, into } = lost;
      const text = into.text ?? textOf(into.element);
      if (!placed || !text) continue;
      const back = lost.chars.filter((_, i) => lost.fates[i] === 'back');
      const { clientID } = text.doc!;
      const again = lettersOf(text).filter((letter) => !letter.item.deleted && letter.item.id.client === clientID && letter.clock >= placed[0] && letter.clock < placed[1]);
      if (again.length !== back.length) continue;
      this.follow(new Map(back.map((char, i) => [idKey(char), idOf(again[i]!)])), text);
    }
  }

  /**
   * Deletes this editor's run of each join made twice (`madeAtOnce`; within the caller's
   * transaction) and does what was typed at it since in the colleague's run. `positions` at this
   * editor's run are returned at the same place in theirs.
   */
  foldAll(own: Y.Transaction, doubled: Doubled[], positions: Y.RelativePosition[]): Y.RelativePosition[] {
    const folded = new Set<Y.XmlText>();
    const moved = new Map<string, Y.ID>();
    // Newest first: a join whose run a later join of this editor's copied is folded with that one.
    return [...doubled].reverse().reduce((placed, pair) => {
      // A join whose run an earlier fold took with its own (a join of this editor's copying it) is done.
      if (pair.join.copies.some((id) => moved.has(idKey(id)))) return placed;
      // A fold changes the text: a second join into it (one colleague's run copying two joins of this editor's) is read again.
      const now = folded.has(pair.join.into) ? relined(pair) : pair;
      folded.add(pair.join.into);
      if (!now) return placed;
      // The runs of this editor's other joins folded here are theirs to fold; those of joins not made twice are typing at this one's, and move with it.
      const others = new Set(doubled.filter((other) => other !== pair).flatMap((other) => other.join.copies.map(idKey)));
      placed = fold(own, now, placed, moved, others);
      // An earlier join whose run the folded one had copied (two joined in turn) now stands in the run that stays.
      this.follow(moved, pair.join.into);
      return placed;
    }, positions);
  }

  /**
   * Moves the joins whose every letter `moved` says went elsewhere into `into`, with those
   * letters; a join whose letters are a colleague's there now is theirs (heard, no longer this
   * editor's to fold).
   */
  private follow(moved: Map<string, Y.ID>, into: Y.XmlText): void {
    const { clientID } = into.doc!;
    for (const join of [...this.list]) {
      const copies = join.copies.map((id) => moved.get(idKey(id)));
      if (!copies.length || !copies.every((id) => id)) continue;
      join.into = into;
      join.copies = copies as Y.ID[];
      if (copies.every((id) => id!.client === clientID)) continue;
      this.list.splice(this.list.indexOf(join), 1);
      this.heard.push(join);
    }
  }
}
