/**
 * The editor's side of a shared document: a Yjs document kept in step with the collaboration
 * server over one websocket, reconnecting when the connection drops, telling the host how it
 * stands (`status`) and how many of this editor's changes the server has not yet stored
 * (`unsent`), and holding the presence (awareness) of everyone editing.
 *
 * What arrives is checked against the editor's schema before the document sees it (as the
 * server checks what it receives): content this editor cannot show safely is never applied, the
 * provider stops (`incompatible`) and the editor shows the document read-only. Nothing is deleted.
 */
import type { Schema } from 'prosemirror-model';
import { Awareness, applyAwarenessUpdate, encodeAwarenessUpdate, removeAwarenessStates } from 'y-protocols/awareness';
import * as Y from 'yjs';
import { clock } from '../core/clock.js';
import { log } from '../core/log.js';
import { applyRemoteUpdate } from './binding/remote-updates.js';
import { checkUpdate, FRAGMENT } from './check-update.js';
import { Composing } from './composing.js';
import { Heartbeat } from './heartbeat.js';
import { WaitingChanges } from './waiting-changes.js';
import { CloseCode, decodeMessage, encodeMessage, FINAL_CLOSE_CODES, Message, MESSAGE_TOO_BIG, type Welcome } from './protocol.js';

/** How a shared document stands. */
export type CollabStatus = 'connecting' | 'synced' | 'offline' | 'unauthorized' | 'incompatible';

/** What a status change tells. */
export interface CollabState {
  status: CollabStatus;
  /** This editor's changes the server has not yet stored (made offline, or on their way). */
  unsent: number;
  /** Whether this editor may only read (a viewer or guest, or content it cannot show). */
  readOnly: boolean;
  /** Why, for `unauthorized` and `incompatible` (a sentence). */
  reason: string;
}

/** The person editing, as others see them. */
export interface CollabUser {
  /** Their id: the same person in another tab is not shown as someone else. */
  id: string;
  name: string;
  /** Their caret's colour as `#rrggbb` (the hub passes no other form); one is picked from the id otherwise. */
  color?: string;
  /** A picture's address for their avatar; through the hub, others see the one the server gives instead, or none. */
  avatar?: string;
}

/** What the element's `collaboration` property takes: the shared document's provider, who is editing, and whether others' carets show. */
export interface Collaboration {
  /** From `connect()` (one per editor and document). */
  provider: CollabProvider;
  /** The person editing, as others see them. */
  user: CollabUser;
  /** Others' carets and selections with their names (default true). */
  carets?: boolean;
}

/** How to reach the server. */
export interface CollabProviderOptions {
  /** The server's websocket address, e.g. `wss://example.com/collab`; the document name is added as `/<name>`. */
  url: string;
  /** The document's name, as the server names documents (e.g. `page:42`). */
  document: string;
  /** A short-lived token for a server on another origin (added as `?token=`); a function is asked at each connection. */
  token?: string | (() => string | Promise<string>);
  /** The WebSocket class (Node's tests give `ws`'s); the page's by default. */
  WebSocket?: new (url: string) => WebSocket;
}

const [RECONNECT_FIRST_MS, RECONNECT_MAX_MS] = [250, 10_000];

/** A shared document on a collaboration server. Create one per document and editor; `destroy()` when done. */
export class CollabProvider {
  /** The shared document (its XML fragment `default` holds the editor's content). */
  readonly doc = new Y.Doc();
  /** Everyone's presence. */
  readonly awareness = new Awareness(this.doc);
  private schema: Schema | null = null;
  private socket: WebSocket | null = null;
  private state: CollabState = { status: 'connecting', unsent: 0, readOnly: true, reason: '' };
  private listeners = new Set<(state: CollabState) => void>();
  /** How many local changes each UPDATE sent on this connection covers, in order; `acked` of them are stored. */
  private sent: number[] = [];
  private acked = 0;
  /** This editor's changes not yet stored, for the next handshake. */
  private readonly waiting = new WaitingChanges();
  private synced = false;
  /**
   * Whether this connection's handshake is done: what was made before it (offline, or while it
   * was opening) went up (waiting-changes.ts). Until then a new change waits for those: sent
   * alone, it would build on content the server does not have yet, and be refused.
   */
  private live = false;
  private stopped = false;
  private attempts = 0;
  private retry: unknown = null;
  /** This editor's presence when the page was hidden (given back if the page is shown again). */
  private hidden: Record<string, unknown> | null = null;
  /** Remote content that was not applied (the editor shows it read-only). */
  private quarantine: Uint8Array[] = [];
  /** What waits while the editor's user composes text (`holdWhileComposing`). */
  private readonly composing = new Composing(this.doc, {
    apply: (update) => this.applyRemote(update),
    send: (update, covers) => this.sendChange(update, covers),
    sent: () => this.sendPresence([this.doc.clientID]),
  });
  /** Asks the server after a silence, and drops a connection that does not answer (heartbeat.ts). */
  private readonly heartbeat = new Heartbeat(
    () => {
      if (this.socket?.readyState === 1) this.socket.send(encodeMessage(Message.ping));
    },
    () => this.drop(),
  );

  constructor(readonly options: CollabProviderOptions) {
    this.doc.on('update', this.onDocUpdate);
    this.awareness.on('update', this.onAwarenessUpdate);
    this.followPage('addEventListener');
  }

  /** The fragment the editor binds to. */
  get fragment(): Y.XmlFragment {
    return this.doc.getXmlFragment(FRAGMENT);
  }

  /** How it stands now. */
  get current(): CollabState {
    return this.state;
  }

  /** Whether the first sync with the server is done (the editor may be shown). */
  get isSynced(): boolean {
    return this.synced;
  }

  /** Remote changes that were not applied because the editor cannot show them (kept, never lost). */
  get unapplied(): readonly Uint8Array[] {
    return this.quarantine;
  }

  /** Calls `listener` at each change of state; returns how to stop. */
  subscribe(listener: (state: CollabState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Starts the connection, checking what arrives against `schema` (the editor calls this with its
   * own). Calling it again with the same schema does nothing.
   */
  start(schema: Schema): void {
    if (this.stopped) return log.error('collaboration: start() on a provider already destroyed; connect() a new one (React: make it in an effect)');
    if (this.schema === schema) return;
    this.schema = schema;
    if (!this.socket && this.retry === null) void this.open();
  }

  /** Sets this editor's presence: its user and, from the editor, its selection. */
  setUser(user: CollabUser): void {
    this.awareness.setLocalStateField('user', { id: user.id, name: user.name, color: user.color, avatar: user.avatar });
  }

  /** Closes the connection for good and forgets the document. */
  destroy(): void {
    this.composing.flush();
    this.stopped = true;
    if (this.retry !== null) clock.clearTimeout(this.retry);
    this.retry = null;
    this.heartbeat.stop();
    removeAwarenessStates(this.awareness, [this.doc.clientID], 'local');
    this.socket?.close(1000, 'closed');
    this.socket = null;
    this.followPage('removeEventListener');
    this.awareness.destroy();
    this.doc.destroy();
    this.listeners.clear();
  }

  private set(change: Partial<CollabState>): void {
    const next = { ...this.state, ...change };
    if (next.status === this.state.status && next.unsent === this.state.unsent && next.readOnly === this.state.readOnly && next.reason === this.state.reason) return;
    this.state = next;
    for (const listener of [...this.listeners]) listener(next);
  }

  private async open(): Promise<void> {
    this.retry = null;
    const token = typeof this.options.token === 'function' ? await this.options.token() : this.options.token;
    if (this.stopped) return;
    const base = this.options.url.replace(/\/+$/, '');
    const url = `${base}/${encodeURIComponent(this.options.document)}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
    const socket = new (this.options.WebSocket ?? WebSocket)(url);
    socket.binaryType = 'arraybuffer';
    this.socket = socket;
    this.sent = [];
    this.acked = 0;
    this.live = false;
    this.heartbeat.heard();
    if (this.state.status !== 'connecting' && this.state.status !== 'offline') this.set({ status: 'connecting' });
    socket.addEventListener('open', () => {
      if (socket !== this.socket) return;
      socket.send(encodeMessage(Message.syncStep1, Y.encodeStateVector(this.doc)));
      this.heartbeat.awaitAnswer();
      // This editor's presence, as a newer version of itself (sent by the update listener): the
      // server and the others dropped it with the last connection but remember its version, and
      // take a state only when its version is newer than the one they know.
      const presence = this.awareness.getLocalState();
      if (presence) this.awareness.setLocalState(presence);
    });
    socket.addEventListener('message', (event) => {
      if (socket !== this.socket) return;
      this.heartbeat.heard();
      this.receive(new Uint8Array(event.data as ArrayBuffer));
    });
    socket.addEventListener('close', (event) => {
      if (socket !== this.socket) return;
      this.socket = null;
      this.closed(event.code, event.reason);
    });
  }

  /** Gives up on the connection as lost (no close from a dead network ever comes): offline, and reconnecting. */
  private drop(): void {
    const socket = this.socket;
    if (!socket) return;
    this.socket = null;
    socket.close(1000, 'no answer');
    this.closed(1006, '');
  }

  /** The browser says the network is gone: offline at once, not after the silence. */
  private readonly onOffline = (): void => {
    if (!this.stopped) this.drop();
  };

  private closed(code: number, reason: string): void {
    this.heartbeat.stop();
    // Others' carets go with the connection that brought them.
    const others = [...this.awareness.getStates().keys()].filter((id) => id !== this.doc.clientID);
    removeAwarenessStates(this.awareness, others, 'connection');
    // Forgotten with their versions: the next connection brings them back as they are then, at
    // versions this editor may have seen already (a state is taken only when newer than the one known).
    for (const id of this.awareness.meta.keys()) if (id !== this.doc.clientID) this.awareness.meta.delete(id);
    if (this.stopped || this.state.status === 'incompatible') return;
    if (FINAL_CLOSE_CODES.has(code)) {
      const status = code === CloseCode.invalid || code === CloseCode.tooLarge || code === MESSAGE_TOO_BIG ? 'incompatible' : 'unauthorized';
      this.set({ status, readOnly: true, reason: reason || (status === 'unauthorized' ? 'You may not open this document.' : 'The server refused a change.') });
      return;
    }
    this.set({ status: 'offline' });
    // Backed off, with jitter, so a restarted server is not met by every editor at once.
    const delay = Math.min(RECONNECT_MAX_MS, RECONNECT_FIRST_MS * 2 ** this.attempts) * (0.5 + Math.random() / 2);
    this.attempts++;
    this.retry = clock.setTimeout(() => void this.open(), delay);
  }

  /** The network's and the page's comings and goings, in a browser. */
  private followPage(method: 'addEventListener' | 'removeEventListener'): void {
    if (typeof window === 'undefined') return;
    for (const [type, listener] of [['online', this.onOnline], ['offline', this.onOffline], ['pagehide', this.onPageHide], ['pageshow', this.onPageShow]] as const) window[method](type, listener as EventListener);
    document[method]('visibilitychange', this.onVisibility);
  }

  private readonly onOnline = (): void => {
    if (this.retry === null || this.stopped) return;
    clock.clearTimeout(this.retry);
    void this.open();
  };

  /** A page put away (another app, another tab) may not come back: what waits for a composition goes up. */
  private readonly onVisibility = (): void => {
    if (document.visibilityState === 'hidden') this.composing.flush();
  };

  /** A closing tab takes its caret with it at once. */
  private readonly onPageHide = (): void => {
    this.composing.flush();
    this.hidden = this.awareness.getLocalState();
    removeAwarenessStates(this.awareness, [this.doc.clientID], 'local');
  };

  /**
   * A page that comes back from the browser's back-forward cache brings its presence back: a
   * presence once removed takes no new field (the caret), so the user would stay invisible.
   */
  private readonly onPageShow = (event: PageTransitionEvent): void => {
    const hidden = this.hidden;
    this.hidden = null;
    if (event.persisted && hidden && !this.stopped && this.awareness.getLocalState() === null) this.awareness.setLocalState(hidden);
  };

  private receive(data: Uint8Array): void {
    let message: ReturnType<typeof decodeMessage>;
    try {
      message = decodeMessage(data);
    } catch {
      return;
    }
    switch (message.type) {
      case Message.welcome:
        this.set({ readOnly: (JSON.parse(message.text()) as Welcome).readOnly });
        return;
      case Message.syncStep2:
        // Back after a drop: what others made meanwhile waits for a composition like any change of theirs.
        if (!(this.synced ? this.composing.arrived(message.bytes()) : this.applyRemote(message.bytes()))) return;
        this.synced = true;
        this.attempts = 0;
        this.set({ status: 'synced', reason: '' });
        return;
      case Message.serverStep1:
        // What this editor made while away (or before the server knew it) goes up change by change.
        this.live = true;
        this.heartbeat.answered();
        for (const { update, covers } of this.waiting.outgoing(this.doc, message.bytes(), this.state.unsent)) this.sendChange(update, covers);
        this.composing.sentAnotherWay();
        return;
      case Message.remoteUpdate:
        this.composing.arrived(message.bytes());
        return;
      case Message.ack: {
        const stored = message.count();
        let covered = 0;
        for (let i = this.acked; i < Math.min(stored, this.sent.length); i++) covered += this.sent[i];
        this.acked = Math.max(this.acked, stored);
        this.waiting.stored(covered, Math.max(0, this.state.unsent - covered));
        this.set({ unsent: Math.max(0, this.state.unsent - covered) });
        return;
      }
      case Message.awareness:
        applyAwarenessUpdate(this.awareness, message.bytes(), 'remote');
        return;
    }
  }

  /**
   * Keeps others' changes from the document, and this editor's from the server, until the returned
   * function is called, then applies and sends them (composing.ts): the editor holds them while
   * its user composes text through an input method.
   */
  holdWhileComposing(): () => void {
    return this.composing.hold();
  }

  /** Applies a change from the server after checking it; false (and `incompatible`) when it is outside the schema. */
  private applyRemote(update: Uint8Array): boolean {
    if (this.quarantine.length || !this.schema) {
      this.quarantine.push(update);
      return false;
    }
    const problem = checkUpdate(update, this.doc, this.schema);
    if (problem) {
      this.quarantine.push(update);
      this.set({ status: 'incompatible', readOnly: true, reason: problem });
      this.socket?.close(1000, 'incompatible');
      this.socket = null;
      return false;
    }
    if (this.synced) {
      applyRemoteUpdate(this.doc, update, this);
      return true;
    }
    // The first sync answer (the whole document) goes in with no 'update' listener of ours:
    // Yjs encodes each transaction again for such listeners, and ours skips the server's changes
    // anyway. Nothing is bound to the document before its first sync, so nothing else writes to
    // it meanwhile (a 10,000-block document: 0.2 s saved).
    this.doc.off('update', this.onDocUpdate);
    try {
      applyRemoteUpdate(this.doc, update, this);
    } finally {
      this.doc.on('update', this.onDocUpdate);
    }
    return true;
  }

  private sendChange(update: Uint8Array, covers: number): void {
    if (!this.live || this.socket?.readyState !== 1) return;
    this.sent.push(covers);
    this.socket.send(encodeMessage(Message.update, update));
  }

  /** A change to the document: from this editor (sent, or counted until it can be), or applied from the server. */
  private readonly onDocUpdate = (update: Uint8Array, origin: unknown, _doc: Y.Doc, transaction: Y.Transaction): void => {
    if (origin === this) return;
    this.set({ unsent: this.state.unsent + 1 });
    this.waiting.add(update, transaction);
    // Until the handshake (the first one, and each after a reconnect) and while offline, changes wait: the handshake sends them all.
    if (this.live && this.socket?.readyState === 1 && !this.composing.made(update, transaction)) this.sendChange(update, 1);
  };

  private readonly onAwarenessUpdate = ({ added, updated, removed }: Record<'added' | 'updated' | 'removed', number[]>, origin: unknown): void => {
    if (origin === 'remote' || origin === 'connection') return;
    // This editor's caret points into its changes waiting for a composition: it waits with them.
    if (origin === 'local' && this.composing.waiting) return;
    this.sendPresence([...added, ...updated, ...removed]);
  };

  private sendPresence(clients: number[]): void {
    if (this.socket?.readyState === 1) this.socket.send(encodeMessage(Message.awareness, encodeAwarenessUpdate(this.awareness, clients)));
  }
}
