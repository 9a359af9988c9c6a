/**
 * The collaboration server's heart, for any Node server: it holds the shared documents that
 * editors have open, checks each change against the editor's schema, stores it before anyone
 * sees it, passes it on, acknowledges it, and relays presence. Framework-agnostic: a host hands
 * it each accepted websocket (the `ws` package's, or @fastify/websocket's) with who is on the
 * other end; the host authenticates, the hub never trusts what the editor says about itself.
 */
import type { Schema } from 'prosemirror-model';
import * as Y from 'yjs';
import { applyAwarenessUpdate, encodeAwarenessUpdate, modifyAwarenessUpdate, removeAwarenessStates } from 'y-protocols/awareness';
import { checkUpdate } from './check-update.js';
import { CloseCode, decodeMessage, encodeMessage, MAX_MESSAGE_BYTES, Message, type Welcome } from './protocol.js';
import { SharedDocument, type Connection } from './shared-document.js';

/** Where a hub keeps documents: an append-only log per document, with an optional compaction. */
export interface CollabStore {
  /** A document's stored changes, oldest first ([] for a new one), and the sequence number of the last. */
  load(name: string): Promise<{ updates: Uint8Array[]; seq: number }>;
  /** Stores changes after the others; resolves (with the last one's sequence number) once they are durable. */
  append(name: string, updates: readonly Uint8Array[]): Promise<number>;
  /** Replaces the changes up to `seq` with `state`, one change holding them all (optional). */
  compact?(name: string, state: Uint8Array, seq: number): Promise<void>;
}

/** Who is on the other end of a connection, as the host authenticated them. */
export interface CollabUser {
  id: string;
  name: string;
  /**
   * The address of their picture as the server knows it: presence carries this one, or none. A
   * picture an editor names itself would have every colleague's browser load any address.
   */
  avatar?: string | null;
}

/** A caret's colour as editors draw it (`#rrggbb`); any other is dropped from presence. */
const CARET_COLOUR = /^#[0-9a-f]{6}$/i;

/** The user of a presence as others get it: the server's id, name and picture, and a colour an editor chose when it is one. */
function presenceUser(claimed: unknown, user: CollabUser): Record<string, unknown> {
  const color = (claimed as { color?: unknown } | null)?.color;
  return {
    id: user.id,
    name: user.name,
    ...(user.avatar ? { avatar: user.avatar } : {}),
    ...(typeof color === 'string' && CARET_COLOUR.test(color) ? { color } : {}),
  };
}

/** A websocket as the `ws` package gives it. */
export interface CollabSocket {
  send(data: Uint8Array): void;
  close(code?: number, reason?: string): void;
  on(event: 'message', listener: (data: Buffer | ArrayBuffer | Buffer[], isBinary?: boolean) => void): unknown;
  on(event: 'close', listener: () => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  readonly readyState: number;
}

/** Options of a hub. */
export interface CollabHubOptions {
  /** The editor's schema: changes outside it are refused. */
  schema: Schema;
  store: CollabStore;
  /** How long a document nobody has open stays loaded, in milliseconds (default 30,000). */
  idleMs?: number;
  /** Stored changes after which a document is compacted into one (default 500). */
  compactAfter?: number;
  /**
   * Told of every stored change of a document (to derive a plain copy, say), with the users whose
   * changes they were (none for a change of the server's own or one another process stored). A
   * document loaded with changes stored since its last compaction tells of them too, with no
   * user: the process that stored them may have stopped before it could use them.
   */
  onStored?(name: string, doc: Y.Doc, by: readonly CollabUser[]): void;
  /** Told when a document leaves memory (idle, or the hub closing) with everything stored: the last moment to read it. */
  onUnload?(name: string, doc: Y.Doc): void;
  /** Where failures go (a store that fails, a socket that throws); the console by default. */
  log?(message: string, cause?: unknown): void;
}

/** The hub: create one per server process (see docs/collaboration.md). */
export class CollabHub {
  readonly store: CollabStore;
  readonly compactAfter: number;
  private readonly documents = new Map<string, Promise<SharedDocument>>();

  constructor(readonly options: CollabHubOptions) {
    this.store = options.store;
    this.compactAfter = options.compactAfter ?? 500;
  }

  /** Writes a failure where the host wants it. */
  log(message: string, cause?: unknown): void {
    if (this.options.log) this.options.log(message, cause);
    else console.error(`[rich-editor collab] ${message}`, cause ?? '');
  }

  /** Sends to a connection, if it is still open. */
  send(connection: Connection, message: Uint8Array): void {
    if (connection.socket.readyState !== 1) return;
    try {
      connection.socket.send(message);
    } catch (error) {
      this.log('A message could not be sent', error);
    }
  }

  /** The loaded document of this name (loading it from the store when needed). */
  private open(name: string): Promise<SharedDocument> {
    let found = this.documents.get(name);
    if (!found) {
      found = (async () => {
        const shared = new SharedDocument(name, this);
        const { updates, seq } = await this.store.load(name);
        // Stored changes were checked when they arrived: applied as they are. The first is the
        // document as last compacted; those after it are the changes since, one by one as they
        // were taken, kept apart for editors back from a dropped connection (a restart or the
        // document leaving memory does not make them lose what they typed meanwhile).
        const [first, ...changes] = updates;
        if (first) Y.applyUpdate(shared.doc, first, 'store');
        shared.loaded();
        for (const update of changes) Y.applyUpdate(shared.doc, update, 'store');
        shared.seq = seq;
        shared.sinceCompaction = updates.length > 1 ? updates.length : 0;
        if (changes.length) this.options.onStored?.(name, shared.doc, []);
        return shared;
      })();
      this.documents.set(name, found);
      // A load that fails leaves nothing behind: the next connection tries again.
      found.catch(() => this.documents.delete(name));
    }
    return found;
  }

  /**
   * Takes an accepted websocket for the document `name` (the host checked who `user` is and
   * whether they may write). The editor on the other end syncs, edits (unless `readOnly`) and
   * shares its presence until the socket closes.
   */
  connect(socket: CollabSocket, name: string, user: CollabUser, { readOnly = false } = {}): void {
    const connection: Connection = { socket, user, readOnly, received: 0, stored: 0, clients: new Set(), synced: false };
    // Messages that arrive while the document loads are handled in order once it has.
    let ready = this.open(name);
    let chain: Promise<unknown> = ready.then((shared) => {
      if (shared.idleTimer) clearTimeout(shared.idleTimer);
      shared.idleTimer = null;
      shared.connections.add(connection);
      this.send(connection, encodeMessage(Message.welcome, JSON.stringify({ readOnly } satisfies Welcome)));
      // Others' presence, at once.
      const states = [...shared.awareness.getStates().keys()];
      if (states.length) this.send(connection, encodeMessage(Message.awareness, encodeAwarenessUpdate(shared.awareness, states)));
    });
    chain.catch((error: unknown) => {
      this.log(`${name} could not be loaded`, error);
      socket.close(CloseCode.goingAway, 'The document could not be loaded; reconnecting.');
    });
    // A socket's error (a frame `ws` cannot take; it closes the socket next) with no listener would stop the process.
    socket.on('error', () => {});
    socket.on('message', (data) => {
      const bytes = toBytes(data);
      chain = chain.then(async () => this.receive(await ready, connection, bytes)).catch((error: unknown) => {
        this.log(`A message for ${name} failed`, error);
        socket.close(CloseCode.goingAway, 'The server failed; reconnecting.');
      });
    });
    socket.on('close', () => {
      void ready.then((shared) => this.disconnect(shared, connection));
      ready = Promise.reject(new Error('closed'));
      ready.catch(() => {});
    });
  }

  private async receive(shared: SharedDocument, connection: Connection, bytes: Uint8Array): Promise<void> {
    if (shared.closed || !shared.connections.has(connection)) return;
    if (bytes.byteLength > MAX_MESSAGE_BYTES) return this.refuse(shared, connection, CloseCode.tooLarge, `A message may hold at most ${MAX_MESSAGE_BYTES} bytes.`);
    let message: ReturnType<typeof decodeMessage>;
    try {
      message = decodeMessage(bytes);
      switch (message.type) {
        case Message.syncStep1: {
          const vector = message.bytes();
          // What is stored, never more: a change still on its way to the store is sent once stored.
          await shared.settled();
          for (const answer of shared.syncAnswer(vector)) this.send(connection, answer);
          connection.synced = true;
          this.send(connection, encodeMessage(Message.serverStep1, Y.encodeStateVector(shared.doc)));
          return;
        }
        case Message.update:
          return this.change(shared, connection, message.bytes());
        case Message.ping:
          this.send(connection, encodeMessage(Message.pong));
          return;
        case Message.awareness: {
          const update = message.bytes();
          // Presence carries who the server knows, whatever the editor says; someone who may only
          // read is present without a caret, which would tell the others they are editing there.
          const named = modifyAwarenessUpdate(update, (state: Record<string, unknown> | null) => {
            if (!state || typeof state !== 'object') return state;
            const { cursor, ...rest } = state;
            return { ...(connection.readOnly ? rest : state), user: presenceUser(state.user, connection.user) };
          });
          applyAwarenessUpdate(shared.awareness, named, connection);
          return;
        }
        default:
          return this.refuse(shared, connection, CloseCode.invalid, `Unknown message type ${message.type}.`);
      }
    } catch (error) {
      if (error instanceof RangeError || error instanceof Error) return this.refuse(shared, connection, CloseCode.invalid, 'A message could not be read.');
      throw error;
    }
  }

  /** A change from an editor: refused, or applied and queued for storing. */
  private change(shared: SharedDocument, connection: Connection, update: Uint8Array): void {
    connection.received++;
    let changed: boolean;
    try {
      changed = changes(update, shared.doc);
    } catch {
      return this.refuse(shared, connection, CloseCode.invalid, 'The update could not be read.');
    }
    if (!changed) {
      // Nothing new (an editor's answer to the server's state vector, most of the time): acknowledged in turn, not stored.
      shared.enqueue({ update: null, from: connection });
      return;
    }
    if (connection.readOnly) return this.refuse(shared, connection, CloseCode.readOnly, 'This connection may only read the document.');
    const problem = checkUpdate(update, shared.doc, this.options.schema);
    if (problem) return this.refuse(shared, connection, CloseCode.invalid, problem);
    Y.applyUpdate(shared.doc, update, connection);
    shared.enqueue({ update, from: connection });
  }

  private refuse(shared: SharedDocument, connection: Connection, code: number, reason: string): void {
    this.disconnect(shared, connection);
    // Close reasons are at most 123 bytes.
    connection.socket.close(code, reason.slice(0, 120));
  }

  private disconnect(shared: SharedDocument, connection: Connection): void {
    if (!shared.connections.delete(connection)) return;
    // A closed tab's caret goes at once (no ghost carets).
    if (connection.clients.size) removeAwarenessStates(shared.awareness, [...connection.clients], 'closed');
    this.idleLater(shared);
  }

  private idleLater(shared: SharedDocument): void {
    if (shared.idleTimer || shared.closed || shared.connections.size) return;
    shared.idleTimer = setTimeout(() => void this.unloadIdle(shared), this.options.idleMs ?? 30_000);
    // What it does (a compaction) can wait for the next start: it never keeps the process alive.
    shared.idleTimer.unref?.();
  }

  private async unloadIdle(shared: SharedDocument): Promise<void> {
    shared.idleTimer = null;
    await shared.settled();
    if (shared.connections.size || shared.closed) return;
    await shared.compactWhenLong();
    if (shared.connections.size || shared.closed) return;
    this.options.onUnload?.(shared.name, shared.doc);
    this.unload(shared, CloseCode.goingAway, '');
  }

  /**
   * A change the server makes itself (a save through the REST API): `make` answers the update
   * against the document as it is (loaded if needed; null for no change), which is applied,
   * stored and passed to every editor. Resolves once stored; rejects when it could not be.
   */
  async edit(name: string, make: (doc: Y.Doc) => Uint8Array | null): Promise<void> {
    const shared = await this.open(name);
    const update = make(shared.doc);
    if (update !== null && !(update instanceof Uint8Array)) {
      throw new RangeError(`edit(): make returns an update (a Uint8Array) or null, synchronously: ${name} may change while a promise is awaited`);
    }
    if (update && changes(update, shared.doc)) {
      Y.applyUpdate(shared.doc, update, this);
      shared.enqueue({ update, from: null });
    }
    await shared.settled();
    if (shared.closed) throw new Error(`The change to ${name} could not be stored`);
    // Loaded for this change only: it leaves memory as an idle document would.
    this.idleLater(shared);
  }

  /**
   * Changes that are stored already (by another process on the same database): applied to the
   * document if it is loaded here and passed to its editors; nothing when it is not loaded.
   */
  async applyStored(name: string, updates: readonly Uint8Array[]): Promise<void> {
    const found = this.documents.get(name);
    const shared = found && (await found.catch(() => null));
    if (!shared || shared.closed) return;
    let applied = false;
    for (const update of updates) {
      if (!changes(update, shared.doc)) continue;
      Y.applyUpdate(shared.doc, update, 'store');
      applied = true;
      const message = encodeMessage(Message.remoteUpdate, update);
      // A connection not yet synced gets it in its sync answer.
      for (const connection of shared.connections) if (connection.synced) this.send(connection, message);
    }
    if (applied) this.options.onStored?.(name, shared.doc, []);
  }

  /** Whether the document of this name is in memory (or on its way there). */
  has(name: string): boolean {
    return this.documents.has(name);
  }

  /** Drops a document from memory, closing its connections with `code`. */
  unload(shared: SharedDocument, code: number, reason: string): void {
    if (shared.closed) return;
    shared.closed = true;
    if (shared.idleTimer) clearTimeout(shared.idleTimer);
    this.documents.delete(shared.name);
    for (const connection of [...shared.connections]) {
      shared.connections.delete(connection);
      connection.socket.close(code, reason);
    }
    shared.awareness.destroy();
    shared.doc.destroy();
  }

  /**
   * Closes the connections for which `which` is true (a user removed from a project), with `code`
   * and `reason`; resolves with how many, once every document still loading has been looked at.
   */
  async closeWhere(which: (name: string, user: CollabUser) => boolean, code: number = CloseCode.forbidden, reason = 'Your access to this document has ended.'): Promise<number> {
    let closed = 0;
    const close = (shared: SharedDocument) => {
      for (const connection of [...shared.connections]) {
        if (!which(shared.name, connection.user)) continue;
        this.refuse(shared, connection, code, reason);
        closed++;
      }
    };
    await Promise.allSettled([...this.documents.values()].map((found) => found.then(close)));
    return closed;
  }

  /** The documents loaded now and their connections (for a status page or a test). */
  async loaded(): Promise<Array<{ name: string; connections: number; users: string[] }>> {
    const all = await Promise.allSettled(this.documents.values());
    return all.flatMap((result) =>
      result.status === 'fulfilled' ? [{ name: result.value.name, connections: result.value.connections.size, users: [...result.value.connections].map((c) => c.user.id) }] : [],
    );
  }

  /**
   * Stores what is waiting, closes every connection (they reconnect elsewhere) and unloads
   * everything. A log is compacted only when long: the changes since stay apart for the next start.
   */
  async close(): Promise<void> {
    const all = await Promise.allSettled(this.documents.values());
    for (const result of all) {
      if (result.status !== 'fulfilled') continue;
      await result.value.settled();
      await result.value.compactWhenLong();
      if (!result.value.closed) this.options.onUnload?.(result.value.name, result.value.doc);
      this.unload(result.value, CloseCode.goingAway, 'The server is stopping; reconnecting.');
    }
  }
}

/**
 * Whether an update would change `doc`: items it does not have, or deletions of items that are
 * not deleted yet. (An editor's answer to the server's state vector carries every deletion it
 * knows, nearly always all known here already.)
 */
function changes(update: Uint8Array, doc: Y.Doc): boolean {
  const { structs, ds } = Y.decodeUpdate(update);
  if (structs.some((struct) => struct.id.clock + struct.length > Y.getState(doc.store, struct.id.client))) return true;
  for (const [client, ranges] of ds.clients) {
    const have = Y.getState(doc.store, client);
    for (const { clock, len } of ranges) {
      // A deletion of something this document has not seen yet counts as new too.
      if (clock + len > have) return true;
      for (let at = clock; at < clock + len; ) {
        const struct = Y.getItem(doc.store, Y.createID(client, at)) as Y.Item | Y.GC;
        if (struct instanceof Y.Item && !struct.deleted) return true;
        at = struct.id.clock + struct.length;
      }
    }
  }
  return false;
}

/** A websocket message as bytes. */
function toBytes(data: Buffer | ArrayBuffer | Buffer[]): Uint8Array {
  if (Array.isArray(data)) return new Uint8Array(Buffer.concat(data));
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
}
