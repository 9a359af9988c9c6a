/**
 * Letters this editor put back into a run it read as absent (joins.ts `runsFollowed`: a colleague
 * joined the next paragraph into a text this editor had joined away, so the run's letters are
 * not here, and the colleague types them again where that text went). The letters go back where
 * the run starts; the colleague's run comes there at the same time, and Yjs orders the two by
 * client id, so a letter typed after "gh" could stand before it ("abcdefXgh"). When the run comes,
 * this editor's letters go to their places among its letters.
 */
import type { Schema } from 'prosemirror-model';
import * as Y from 'yjs';
import { idKey, idOf, letterKey, lettersOf, type Letter } from './letters.js';
import { madeBy } from './made.js';
import { exactly, type UnseenTyping } from './unseen-typing.js';

/** Letters put back into an absent run, waiting for the colleague to type it again. */
interface Waiting {
  text: Y.XmlText;
  /** The run as read, and who typed it. */
  value: string;
  by: number;
  /** This editor's letters put back, in the text's order, each with how many of the run's letters stand before it. */
  mine: { id: Y.ID; before: number }[];
}

/** Waiting letters and the colleague's run come next to them: its first letter. */
export interface RunCome {
  waiting: Waiting;
  first: Y.ID;
}

/** How many put-backs wait at most (the oldest go first: their run may never come). */
const REMEMBERED = 20;

/** The letters this editor put back into absent runs lately, until each run comes. */
export class AbsentRuns {
  private waiting: Waiting[] = [];

  /** Notes the letters `putBack` typed into absent runs (in the transaction under way). */
  note(found: UnseenTyping[]): void {
    for (const { into, fates, placed } of found) {
      if (!into.absent || into.by === undefined || !into.text || !placed || fates.includes('again')) continue;
      const before: number[] = [];
      let kept = 0;
      for (const fate of fates) {
        if (fate === 'kept') kept++;
        else if (fate === 'back') before.push(kept);
      }
      const { clientID } = into.text.doc!;
      const mine = lettersOf(into.text).filter((letter) => !letter.item.deleted && letter.item.id.client === clientID && letter.clock >= placed[0] && letter.clock < placed[1]);
      if (mine.length !== before.length) continue;
      this.waiting.push({ text: into.text, value: into.value, by: into.by, mine: mine.map((letter, i) => ({ id: idOf(letter), before: before[i]! })) });
    }
    if (this.waiting.length > REMEMBERED) this.waiting.splice(0, this.waiting.length - REMEMBERED);
  }

  /** The waiting letters whose run a colleague's change (`transaction`, applied here) typed again next to them. */
  come(transaction: Y.Transaction): RunCome[] {
    const found: RunCome[] = [];
    for (const waiting of this.waiting) {
      if (!(transaction.changed as Map<unknown, unknown>).has(waiting.text)) continue;
      const live = lettersOf(waiting.text).filter((letter) => !letter.item.deleted);
      const mine = new Set(waiting.mine.map(({ id }) => idKey(id)));
      const isMine = (letter: Letter | undefined) => !!letter && mine.has(letterKey(letter));
      const theirs = (letter: Letter) => letter.item.id.client === waiting.by && madeBy(transaction, letter.item.id.client, letter.clock);
      const start = live.findIndex(theirs);
      const run = start < 0 ? [] : live.slice(start, start + waiting.value.length);
      if (run.length !== waiting.value.length || !run.every(theirs) || run.map((letter) => letter.char).join('') !== waiting.value) continue;
      // Every letter of this editor's still there, and standing next to the run (all before it, or all after it).
      if (live.filter(isMine).length !== mine.size) continue;
      const beside = (from: number, step: number) => {
        let count = 0;
        for (let i = from; isMine(live[i]); i += step) count++;
        return count;
      };
      if (beside(start - 1, -1) !== mine.size && beside(start + run.length, 1) !== mine.size) continue;
      found.push({ waiting, first: idOf(run[0]!) });
    }
    this.waiting = this.waiting.filter((waiting) => !found.some((one) => one.waiting === waiting));
    return found;
  }

  /** Moves the letters of each run come to their places among its letters (within the caller's transaction). */
  place(come: RunCome[], schema: Schema): void {
    for (const { waiting, first } of come) {
      const { text } = waiting;
      const letters = lettersOf(text).filter((letter) => !letter.item.deleted);
      const byKey = new Map(letters.map((letter, i) => [letterKey(letter), { letter, index: i }]));
      const mine = waiting.mine.map(({ id, before }) => ({ ...byKey.get(idKey(id))!, before }));
      const keys = new Set<string>();
      for (const run of text.toDelta() as { attributes?: Record<string, unknown> }[]) for (const key in run.attributes) keys.add(key);
      // Out from the end (the indices before stay), then in at their places, the run's start read again.
      for (const { index } of [...mine].sort((a, b) => b.index - a.index)) text.delete(index, 1);
      const start = lettersOf(text)
        .filter((letter) => !letter.item.deleted)
        .findIndex((letter) => letterKey(letter) === idKey(first));
      if (start < 0) continue;
      mine.forEach(({ letter, before }, i) => text.insert(start + before + i, letter.char, exactly(letter.format, keys, text.parent as Y.XmlElement, schema)));
    }
  }
}
