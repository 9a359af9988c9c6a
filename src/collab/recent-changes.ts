/**
 * The changes a shared document took since it was loaded, one per transaction, so that an editor
 * back from a dropped connection gets what it missed change by change, as it would have live
 * (changes-apart.ts). An editor reads each colleague's change against what it typed unseen: a
 * paragraph a colleague made a heading and then typed on in, merged into one change, no longer
 * reads as the paragraph did, and the letters typed offline into it would be lost.
 *
 * Bounded: the oldest are forgotten past `MAX_CHANGES` or `MAX_BYTES`; an editor that lacks one
 * of those (or would be sent more than `MAX_PIECES` updates) gets the merged answer, as before.
 */
import * as Y from 'yjs';
import { apart, bytesOf, changeOf, countApart, empty, keep, type Change } from './changes-apart.js';

/** How many changes are kept (a run of typing counting as one), and their bytes in all. */
const MAX_CHANGES = 10_000;
const MAX_BYTES = 1024 * 1024;
/** The most updates one answer sends. */
const MAX_PIECES = 500;

export class RecentChanges {
  private entries: Change[] = [];
  private bytes = 0;
  /** Per client, the clock up to which changes are not kept (those made before the load, and forgotten ones). */
  private readonly floor: Map<number, number>;

  /** Starts keeping the changes `doc` takes from now on. */
  constructor(private readonly doc: Y.Doc) {
    this.floor = Y.decodeStateVector(Y.encodeStateVector(doc));
    doc.on('update', this.add);
  }

  private readonly add = (update: Uint8Array, _origin: unknown, _doc: Y.Doc, transaction: Y.Transaction): void => {
    this.bytes += keep(this.entries, changeOf(update, transaction));
    while (this.entries.length > MAX_CHANGES || (this.bytes > MAX_BYTES && this.entries.length)) {
      const gone = this.entries.shift()!;
      this.bytes -= bytesOf(gone);
      for (const [client, end] of gone.ends) this.floor.set(client, Math.max(end, this.floor.get(client) ?? 0));
    }
  };

  /**
   * What an editor whose document holds `known` lacks, as the changes it missed in the order the
   * document took them (each less what the editor has), then every deletion (a deletion moves no
   * clock, so which ones it missed cannot be told); null when some of what it lacks is no longer
   * kept, or when that would take more than MAX_PIECES updates.
   */
  since(known: Map<number, number>): Uint8Array[] | null {
    for (const [client, clock] of this.floor) if ((known.get(client) ?? 0) < clock) return null;
    const lacks = (entry: Change) => [...entry.ends].some(([client, end]) => end > (known.get(client) ?? 0));
    const first = this.entries.findIndex(lacks);
    const missed = first < 0 ? [] : this.entries.slice(first);
    if (countApart(missed) >= MAX_PIECES) return null;
    // Each less what the editor has; one left with nothing is not sent.
    const pieces = apart(missed, Y.encodeStateVector(known)).flatMap(({ update }) => (empty(update) ? [] : [update]));
    pieces.push(Y.encodeStateAsUpdate(this.doc, Y.encodeStateVector(this.doc)));
    return pieces;
  }

  /** Stops keeping changes. */
  destroy(): void {
    this.doc.off('update', this.add);
    this.entries = [];
  }
}
