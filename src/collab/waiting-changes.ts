/**
 * This editor's changes the server has not acknowledged yet, one per transaction, so that after
 * a dropped connection they go up one by one, as they were made, and not merged into one. A
 * colleague reads each change against what they typed unseen (unseen-typing.ts): a paragraph made
 * a heading offline and then typed on in, merged into one change, no longer reads as the
 * paragraph did, and letters the colleague typed into it meanwhile would be lost. The server
 * keeps its side the same way (recent-changes.ts).
 */
import * as Y from 'yjs';

/** The most changes kept apart: an editor offline for longer sends what it made merged, as one. */
const MAX_APART = 500;

/** An UPDATE to send and how many of this editor's changes it covers. */
export interface Outgoing {
  update: Uint8Array;
  covers: number;
}

export class WaitingChanges {
  /** Null once more than MAX_APART waited: until all are stored, they go merged. */
  private list: Uint8Array[] | null = [];

  /** A change of this editor's, made now. */
  add(update: Uint8Array): void {
    if (this.list && this.list.push(update) > MAX_APART) this.list = null;
  }

  /** The server stored `count` more of them; `left` are waiting still. */
  stored(count: number, left: number): void {
    if (!left) this.list = [];
    else this.list?.splice(0, count);
  }

  /**
   * What a server whose document holds `vector` is sent of `doc` at the handshake, with `unsent`
   * changes waiting: each apart, less what the server has, or (too many, or none) all it lacks as one.
   */
  outgoing(doc: Y.Doc, vector: Uint8Array, unsent: number): Outgoing[] {
    if (!unsent || this.list?.length !== unsent) return [{ update: Y.encodeStateAsUpdate(doc, vector), covers: unsent }];
    return this.list.map((update) => ({ update: Y.diffUpdate(update, vector), covers: 1 }));
  }
}
