/**
 * The changes a shared document took since it was loaded, one per transaction, so that an editor
 * back from a dropped connection gets what it missed change by change, as it would have live,
 * and not merged into one. An editor reads each colleague's change against what it typed unseen
 * (unseen-typing.ts): a paragraph a colleague made a heading and then typed on in, merged into one
 * change, no longer reads as the paragraph did, and the letters typed offline into it would be lost.
 *
 * Bounded: the oldest are forgotten past `MAX_CHANGES` or `MAX_BYTES`; an editor that lacks one
 * of those (or would need more than `MAX_PIECES`) gets the merged answer, as before.
 */
import * as Y from 'yjs';

/** How many changes are kept, and their bytes in all. */
const MAX_CHANGES = 1_000;
const MAX_BYTES = 1024 * 1024;
/** The most changes one answer sends apart. */
const MAX_PIECES = 500;

interface Entry {
  update: Uint8Array;
  /** The clock each client's items in it reach (none for a change that only deleted). */
  ends: [number, number][];
}

export class RecentChanges {
  private entries: Entry[] = [];
  private bytes = 0;
  /** Per client, the clock up to which changes are not kept (those made before the load, and forgotten ones). */
  private readonly floor: Map<number, number>;

  /** Starts keeping the changes `doc` takes from now on. */
  constructor(private readonly doc: Y.Doc) {
    this.floor = Y.decodeStateVector(Y.encodeStateVector(doc));
    doc.on('update', this.add);
  }

  private readonly add = (update: Uint8Array, _origin: unknown, _doc: Y.Doc, transaction: Y.Transaction): void => {
    const ends: [number, number][] = [];
    for (const [client, end] of transaction.afterState) if (end > (transaction.beforeState.get(client) ?? 0)) ends.push([client, end]);
    this.entries.push({ update, ends });
    this.bytes += update.byteLength;
    while (this.entries.length > MAX_CHANGES || (this.bytes > MAX_BYTES && this.entries.length)) {
      const gone = this.entries.shift()!;
      this.bytes -= gone.update.byteLength;
      for (const [client, end] of gone.ends) this.floor.set(client, Math.max(end, this.floor.get(client) ?? 0));
    }
  };

  /**
   * What an editor whose document holds `known` lacks, as the changes it missed in the order the
   * document took them (each less what the editor has), then every deletion (a deletion moves no
   * clock, so which ones it missed cannot be told); null when some of what it lacks is no longer
   * kept, or when that would take more than MAX_PIECES changes.
   */
  since(known: Map<number, number>): Uint8Array[] | null {
    for (const [client, clock] of this.floor) if ((known.get(client) ?? 0) < clock) return null;
    const lacks = (entry: Entry) => entry.ends.some(([client, end]) => end > (known.get(client) ?? 0));
    const first = this.entries.findIndex(lacks);
    const missed = first < 0 ? [] : this.entries.slice(first);
    if (missed.length >= MAX_PIECES) return null;
    const vector = Y.encodeStateVector(known);
    // Each less what the editor has; one left with nothing (two bytes: no items, no deletions) is not sent.
    const pieces = missed.map((entry) => Y.diffUpdate(entry.update, vector)).filter((piece) => piece.byteLength > 2);
    pieces.push(Y.encodeStateAsUpdate(this.doc, Y.encodeStateVector(this.doc)));
    return pieces;
  }

  /** Stops keeping changes. */
  destroy(): void {
    this.doc.off('update', this.add);
    this.entries = [];
  }
}
