/**
 * What waits while the editor's user composes text through an input method (Japanese, Chinese,
 * Korean, a phone's keyboard), in both directions.
 *
 * Others' changes wait to be applied: a change redrawn in the paragraph being composed in ends
 * the composition, and the input method then writes its text a second time.
 *
 * This editor's own changes wait to be sent: the candidates an input method shows on the way to
 * the text chosen (に, にほ, にほん before 日本; "di" before 地) are not the user's words, and
 * colleagues shown each of them see text flicker that was never meant (y-prosemirror#81). They
 * go up as one change when the composition ends, which colleagues apply as the text chosen alone.
 * A change that deletes text a colleague has seen (an input method rewriting a word already
 * there, a phone's autocorrection) is not merged with the rest: the binding reads such a change
 * against what it typed unseen (changes-apart.ts), so what waits goes first and it goes apart.
 * Nothing waits longer than LOCAL_WAIT_MS, so a composition left open (a phone's keyboard keeps
 * one on the word being typed until a space) never keeps the user's words from colleagues or the
 * server for long; the user's caret waits with them (it points into the text they are in), and
 * what waits goes up at once when the page is hidden. Every change waiting is counted in the
 * provider's `unsent` and kept for a reconnection like any other (waiting-changes.ts).
 */
import * as Y from 'yjs';
import { clock } from '../core/clock.js';

/** The longest this editor's changes wait for a composition to end before they go up anyway. */
export const LOCAL_WAIT_MS = 2000;

/** What the provider does with what waits. */
export interface ComposingHooks {
  /** Applies others' change now; false when it was refused. */
  apply(update: Uint8Array): boolean;
  /** Sends this editor's change, covering `covers` of its changes, if the server can take it now. */
  send(update: Uint8Array, covers: number): void;
  /** After this editor's waiting changes went up: its presence, held meanwhile, goes too. */
  sent(): void;
}

export class Composing {
  private holds = 0;
  /** Others' changes waiting, oldest first. */
  private remote: Uint8Array[] = [];
  /** This editor's changes waiting to be sent, oldest first. */
  private local: Uint8Array[] = [];
  /** This editor's clock when its waiting changes began: only letters from there on are unseen by all. */
  private since = 0;
  private timer: unknown = null;

  constructor(
    private readonly doc: Y.Doc,
    private readonly hooks: ComposingHooks,
  ) {}

  /** Whether a composition holds changes now. */
  get holding(): boolean {
    return this.holds > 0;
  }

  /** Whether this editor has changes waiting (its presence then waits with them). */
  get waiting(): boolean {
    return this.local.length > 0;
  }

  /** Holds changes in both directions until the returned function is called (again: nothing). */
  hold(): () => void {
    if (this.holds++ === 0) this.since = this.ownClock();
    let released = false;
    return () => {
      if (released) return;
      released = true;
      if (--this.holds > 0) return;
      this.flush();
      const remote = this.remote;
      this.remote = [];
      for (const update of remote) this.hooks.apply(update);
    };
  }

  /** Others' change: applied, or kept to be once the composition ends; false when it was refused. */
  arrived(update: Uint8Array): boolean {
    if (!this.holding) return this.hooks.apply(update);
    this.remote.push(update);
    return true;
  }

  /**
   * This editor's change, about to be sent: true when it waits. A change that deletes what others
   * may have seen sends what waits first, and then goes itself (false).
   */
  made(update: Uint8Array, transaction: Y.Transaction): boolean {
    if (!this.holding) return false;
    if (!this.deletesOnlyUnseen(transaction)) {
      this.flush();
      return false;
    }
    this.local.push(update);
    this.timer ??= clock.setTimeout(() => this.flush(), LOCAL_WAIT_MS);
    return true;
  }

  /** Sends this editor's waiting changes now, as one. */
  flush(): void {
    if (this.timer !== null) clock.clearTimeout(this.timer);
    this.timer = null;
    const local = this.local;
    this.local = [];
    this.since = this.ownClock();
    if (!local.length) return;
    this.hooks.send(local.length === 1 ? local[0]! : Y.mergeUpdates(local), local.length);
    this.hooks.sent();
  }

  /** This editor's waiting changes went up another way (a handshake sends everything unsent): forgets them. */
  sentAnotherWay(): void {
    if (this.timer !== null) clock.clearTimeout(this.timer);
    this.timer = null;
    const had = this.local.length > 0;
    this.local = [];
    this.since = this.ownClock();
    if (had) this.hooks.sent();
  }

  /** Whether `transaction` deleted only letters this editor made since its waiting changes began. */
  private deletesOnlyUnseen(transaction: Y.Transaction): boolean {
    for (const [client, ranges] of transaction.deleteSet.clients) {
      if (client !== this.doc.clientID) return false;
      for (const range of ranges) if (range.clock < this.since) return false;
    }
    return true;
  }

  private ownClock(): number {
    return Y.getState(this.doc.store, this.doc.clientID);
  }
}
