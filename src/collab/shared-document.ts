import { Awareness, encodeAwarenessUpdate } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { FRAGMENT } from './check-update.js';
import type { CollabHub, CollabSocket, CollabUser } from './hub.js';
import { CloseCode, encodeMessage, Message } from './protocol.js';
import { RecentChanges } from './recent-changes.js';

/** One editor's connection to one document. */
export interface Connection {
  socket: CollabSocket;
  user: CollabUser;
  readOnly: boolean;
  /** Its UPDATE messages received, and stored. */
  received: number;
  stored: number;
  /** The awareness client ids it announced. */
  clients: Set<number>;
  /**
   * Whether it has the document (its sync answered): changes are passed on only then. One sent
   * before would refer to content it does not have yet, and an editor refuses such a change.
   */
  synced: boolean;
}

/** A change waiting to be stored (`update` null: nothing new, only an acknowledgement in turn). */
interface Pending {
  update: Uint8Array | null;
  from: Connection | null;
}

/** A document the hub holds: its Yjs document, its presence, its connections, and the changes on their way to the store. */
export class SharedDocument {
  readonly doc = new Y.Doc();
  readonly awareness: Awareness;
  readonly connections = new Set<Connection>();
  seq = 0;
  /** Changes stored since the last compaction. */
  sinceCompaction = 0;
  private pending: Pending[] = [];
  private flushing: Promise<void> | null = null;
  idleTimer: ReturnType<typeof setTimeout> | null = null;
  closed = false;
  /** The changes the document took since it was loaded, for editors back from a dropped connection. */
  private recent: RecentChanges | null = null;
  /** The sync answer holding the whole document, kept for the next editor that joins with nothing (null once it changed). */
  private wholeAnswer: Uint8Array | null = null;

  constructor(
    readonly name: string,
    private readonly hub: CollabHub,
  ) {
    // The root the editor binds to, typed as such (the server reads it, part of checking changes).
    this.doc.getXmlFragment(FRAGMENT);
    // Any change makes the kept encoding stale (a transaction that changed nothing too: rare, and safe).
    this.doc.on('afterTransaction', () => {
      this.wholeAnswer = null;
    });
    this.awareness = new Awareness(this.doc);
    // The hub holds no presence of its own.
    this.awareness.setLocalState(null);
    this.awareness.on('update', ({ added, updated, removed }: Record<'added' | 'updated' | 'removed', number[]>, origin: unknown) => {
      // A connection's own presence comes with the connection as the origin.
      const from = typeof origin === 'object' && origin !== null && 'clients' in origin ? (origin as Connection) : null;
      if (from) {
        // An editor back on a new connection comes as `updated` (the awareness remembers its
        // client id's clock): the connection that last spoke for a client owns its presence,
        // taking it from an earlier connection the server has not yet seen close.
        for (const id of [...added, ...updated]) {
          if (from.clients.has(id)) continue;
          for (const other of this.connections) other.clients.delete(id);
          from.clients.add(id);
        }
        for (const id of removed) from.clients.delete(id);
      }
      const changed = [...added, ...updated, ...removed];
      const message = encodeMessage(Message.awareness, encodeAwarenessUpdate(this.awareness, changed));
      for (const connection of this.connections) if (connection !== from) this.hub.send(connection, message);
    });
  }

  /**
   * The sync answer for an editor whose document holds `vector`: what it lacks. An editor that
   * joins with nothing (nearly all of them) gets the whole document, encoded once per version of
   * it: encoding a 10,000-block document (4.7 MB) takes 0.1-0.4 s, at every join otherwise.
   */
  syncAnswer(vector: Uint8Array): Uint8Array[] {
    const known = Y.decodeStateVector(vector);
    if (!known.size) {
      this.wholeAnswer ??= encodeMessage(Message.syncStep2, Y.encodeStateAsUpdate(this.doc));
      return [this.wholeAnswer];
    }
    // An editor back from a dropped connection: the changes it missed one by one where they are
    // kept, the last (every deletion) as the sync answer, which tells it it has everything.
    const pieces = this.recent?.since(known) ?? [Y.encodeStateAsUpdate(this.doc, vector)];
    return pieces.map((piece, i) => encodeMessage(i < pieces.length - 1 ? Message.remoteUpdate : Message.syncStep2, piece));
  }

  /** Starts keeping the changes the document takes (once its compacted state is in: the changes stored after it are kept apart). */
  loaded(): void {
    this.recent = new RecentChanges(this.doc);
  }

  /** Queues a change (or an acknowledgement in turn) for storing, and starts a flush if none runs. */
  enqueue(entry: Pending): void {
    this.pending.push(entry);
    this.flushing ??= this.flush().finally(() => {
      this.flushing = null;
    });
  }

  /** Resolves once everything queued so far is stored (and passed on). */
  async settled(): Promise<void> {
    while (this.flushing) await this.flushing;
  }

  private async flush(): Promise<void> {
    // Changes that arrive while a batch is stored make the next batch: the store sees one append per batch.
    while (this.pending.length) {
      const batch = this.pending.splice(0);
      const updates = batch.flatMap((entry) => (entry.update ? [entry.update] : []));
      try {
        if (updates.length) this.seq = await this.hub.store.append(this.name, updates);
      } catch (error) {
        this.hub.log(`Changes to ${this.name} could not be stored; its editors reconnect and send them again`, error);
        this.hub.unload(this, CloseCode.goingAway, 'The server could not store a change; reconnecting.');
        return;
      }
      this.sinceCompaction += updates.length;
      for (const { update, from } of batch) {
        if (update) {
          const message = encodeMessage(Message.remoteUpdate, update);
          for (const connection of this.connections) if (connection !== from && connection.synced) this.hub.send(connection, message);
        }
        if (from) {
          from.stored++;
          this.hub.send(from, encodeMessage(Message.ack, from.stored));
        }
      }
      if (updates.length) {
        const by = new Set(batch.flatMap(({ update, from }) => (update && from ? [from.user] : [])));
        this.hub.options.onStored?.(this.name, this.doc, [...by]);
      }
      if (!this.pending.length) await this.compactWhenLong();
    }
  }

  /**
   * Compacts once `compactAfter` changes were stored since the last time. Fewer stay apart, also
   * as the document leaves memory: loaded again, it keeps them apart for editors back from a
   * dropped connection (the hub's `open`).
   */
  async compactWhenLong(): Promise<void> {
    if (this.sinceCompaction >= this.hub.compactAfter) await this.compact();
  }

  /** Replaces the stored log with one state (only what is stored: nothing may be waiting). */
  async compact(): Promise<void> {
    const store = this.hub.store;
    if (!store.compact || this.pending.length || this.sinceCompaction === 0) return;
    try {
      await store.compact(this.name, Y.encodeStateAsUpdate(this.doc), this.seq);
      this.sinceCompaction = 0;
    } catch (error) {
      this.hub.log(`${this.name} could not be compacted; its log is kept`, error);
    }
  }
}

