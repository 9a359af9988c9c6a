/**
 * This editor's changes the server has not acknowledged yet, one per transaction, so that after
 * a dropped connection they go up one by one, as they were made (changes-apart.ts). A colleague
 * reads each change against what they typed unseen: a paragraph made a heading offline and then
 * typed on in, merged into one change, no longer reads as the paragraph did, and letters the
 * colleague typed into it meanwhile would be lost.
 */
import * as Y from 'yjs';
import { apart, changeOf, keep, type Change } from './changes-apart.js';

/** The most changes kept: an editor that made more offline sends them merged, as one. */
const MAX_KEPT = 10_000;

/** An UPDATE to send and how many of this editor's changes it covers. */
export interface Outgoing {
  update: Uint8Array;
  covers: number;
}

export class WaitingChanges {
  /** Null once more than MAX_KEPT waited: until all are stored, they go merged. */
  private list: Change[] | null = [];
  /** How many changes the list holds. */
  private count = 0;
  /** This editor's clock before the first change waiting: what the server must hold of its changes for the rest to build on. */
  private base = 0;

  /** A change of this editor's, made now by `transaction`. */
  add(update: Uint8Array, transaction: Y.Transaction): void {
    if (!this.count) this.base = transaction.beforeState.get(transaction.doc.clientID) ?? 0;
    if (!this.list) return;
    keep(this.list, changeOf(update, transaction));
    this.count++;
    if (this.count > MAX_KEPT) this.list = null;
  }

  /** The server stored `count` more of them; `left` are waiting still. */
  stored(count: number, left: number): void {
    if (!left) {
      this.list = [];
      this.count = 0;
    }
    // A run of typing partly stored stays whole: its letters the server has are not sent again.
    for (let drop = count; this.list?.length && drop > 0; ) {
      const first = this.list[0]!;
      const taken = Math.min(drop, first.count);
      first.count -= taken;
      this.count -= taken;
      drop -= taken;
      if (!first.count) this.list.shift();
    }
  }

  /**
   * What a server whose document holds `vector` is sent of `doc` at the handshake, with `unsent`
   * changes waiting: apart, less what the server has, or (too many, none, or a server that lost
   * what they build on) all it lacks as one.
   */
  outgoing(doc: Y.Doc, vector: Uint8Array, unsent: number): Outgoing[] {
    if (!unsent || !this.list || this.count !== unsent || !this.holdsBase(doc, vector)) return [{ update: Y.encodeStateAsUpdate(doc, vector), covers: unsent }];
    return apart(this.list, vector);
  }

  /**
   * Whether a server holding `vector` has everything `doc` held before the first change waiting:
   * one that lost it (a store kept in memory, restarted; a database restored from a backup) would
   * refuse changes building on what it lacks, and they would never be stored.
   */
  private holdsBase(doc: Y.Doc, vector: Uint8Array): boolean {
    const server = Y.decodeStateVector(vector);
    for (const [client, clock] of Y.decodeStateVector(Y.encodeStateVector(doc))) {
      if ((server.get(client) ?? 0) < (client === doc.clientID ? Math.min(clock, this.base) : clock)) return false;
    }
    return true;
  }
}
