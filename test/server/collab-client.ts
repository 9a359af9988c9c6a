// Clients of the collaboration websocket for the server tests: a raw one that speaks the
// protocol message by message (to forge what a modified editor would send), and the editor's own
// provider over Node's `ws`, with the cookie and Origin a browser would send.
import { WebSocket } from 'ws';
import * as Y from 'yjs';
import { CollabProvider, type CollabState } from '../../src/collab/provider.js';
import { decodeMessage, encodeMessage, Message } from '../../src/collab/protocol.js';
import { schema } from '../../src/core/schema/index.js';
import type { TestClient } from './harness.js';

/** How long a wait may take before it fails the test, saying what it last saw. */
const WAIT_MS = 15_000;

/** A decoded message as it arrived: WELCOME's text, ACK's count, or the others' bytes. */
export interface Received {
  type: number;
  payload: Uint8Array;
  text: string;
  count: number;
}

/** How to open a connection. */
export interface ConnectOptions {
  /** Whose cookies it carries (none without). */
  client?: TestClient;
  /** The Origin header; the server's own by default, none with null. */
  origin?: string | null;
  /** A token from POST /api/collab/token. */
  token?: string;
  /** More headers, as a program rather than a browser would send (an `Authorization`, say). */
  headers?: Record<string, string>;
}

/** A websocket to one document, speaking the protocol by hand. */
export class RawConnection {
  readonly socket: WebSocket;
  /** 'open' once upgraded, or the HTTP status of a refused upgrade. */
  readonly opened: Promise<'open' | number>;
  readonly #closed: Promise<{ code: number; reason: string }>;
  readonly received: Received[] = [];
  #waiters: Array<() => void> = [];

  constructor(baseUrl: string, name: string, options: ConnectOptions = {}) {
    const url = `${baseUrl.replace(/^http/, 'ws')}/api/collab/${encodeURIComponent(name)}${options.token ? `?token=${encodeURIComponent(options.token)}` : ''}`;
    const headers: Record<string, string> = { ...options.headers };
    const session = options.client?.cookie('session');
    if (session) headers.cookie = `session=${session}`;
    const origin = options.origin === undefined ? baseUrl : options.origin;
    if (origin !== null) headers.origin = origin;
    this.socket = new WebSocket(url, { headers });
    this.opened = new Promise((resolve) => {
      this.socket.once('open', () => resolve('open'));
      this.socket.once('unexpected-response', (_request, response) => {
        resolve(response.statusCode ?? 0);
        response.resume();
        this.socket.terminate();
      });
    });
    this.#closed = new Promise((resolve) => this.socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
    this.socket.on('error', () => {});
    this.socket.on('message', (data: Buffer) => {
      const message = decodeMessage(new Uint8Array(data));
      const received: Received = { type: message.type, payload: new Uint8Array(), text: '', count: 0 };
      if (message.type === Message.welcome) received.text = message.text();
      else if (message.type === Message.ack) received.count = message.count();
      else received.payload = message.bytes();
      this.received.push(received);
      for (const wake of this.#waiters.splice(0)) wake();
    });
  }

  /** The close code and reason, once closed; an error naming what arrived if it is still open after WAIT_MS. */
  get closed(): Promise<{ code: number; reason: string }> {
    const late = new Promise<never>((_resolve, reject) =>
      setTimeout(() => reject(new Error(`Still open after ${WAIT_MS / 1000} s; received ${JSON.stringify(this.received.map((m) => m.type))}`)), WAIT_MS).unref(),
    );
    return Promise.race([this.#closed, late]);
  }

  /** Sends a message of `type` with `payload`. */
  send(type: number, payload?: Uint8Array | string | number): void {
    this.socket.send(encodeMessage(type, payload));
  }

  /** Sends raw bytes. */
  sendBytes(bytes: Uint8Array): void {
    this.socket.send(bytes);
  }

  /** The first message of `type` at or after index `from`, waiting for it. */
  async message(type: number, from = 0): Promise<Received> {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const found = this.received.slice(from).find((message) => message.type === type);
      if (found) return found;
      if (Date.now() > deadline) throw new Error(`No message of type ${type}; received ${JSON.stringify(this.received.map((m) => m.type))}`);
      await new Promise<void>((resolve) => {
        this.#waiters.push(resolve);
        setTimeout(resolve, WAIT_MS).unref();
      });
    }
  }

  /** Upgraded, then its document synced: the server's answer to an empty state vector (the whole document). */
  async sync(): Promise<Y.Doc> {
    const opened = await this.opened;
    if (opened !== 'open') throw new Error(`The upgrade was refused with ${opened}`);
    this.send(Message.syncStep1, Y.encodeStateVector(new Y.Doc()));
    const step2 = await this.message(Message.syncStep2);
    const doc = new Y.Doc();
    Y.applyUpdate(doc, step2.payload);
    return doc;
  }

  /** Whether WELCOME said read-only. */
  async readOnly(): Promise<boolean> {
    const welcome = await this.message(Message.welcome);
    return (JSON.parse(welcome.text) as { readOnly: boolean }).readOnly;
  }

  close(): void {
    this.socket.close(1000);
  }
}

/** A WebSocket class for the provider that sends `client`'s session cookie and the server's Origin. */
export function socketClassFor(baseUrl: string, client: TestClient): new (url: string) => globalThis.WebSocket {
  return class extends WebSocket {
    constructor(url: string) {
      super(url, { headers: { cookie: `session=${client.cookie('session') ?? ''}`, origin: baseUrl } });
      // A browser's socket reports a failed connection as a close only; ws's also emits an error, which would be thrown unheard.
      this.on('error', () => {});
    }
  } as unknown as new (url: string) => globalThis.WebSocket;
}

/** The editor's provider for document `name` on the server at `baseUrl`, signed in as `client`, started. */
export function editorFor(baseUrl: string, client: TestClient, name: string): CollabProvider {
  const provider = new CollabProvider({ url: `${baseUrl.replace(/^http/, 'ws')}/api/collab`, document: name, WebSocket: socketClassFor(baseUrl, client) });
  provider.start(schema);
  return provider;
}

/** Resolves with the provider's first state for which `test` holds, now or later. */
export function until(provider: CollabProvider, test: (state: CollabState) => boolean, what: string, timeoutMs = WAIT_MS): Promise<CollabState> {
  if (test(provider.current)) return Promise.resolve(provider.current);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Timed out waiting for ${what}; last saw ${JSON.stringify(provider.current)}`)), timeoutMs);
    const stop = provider.subscribe((state) => {
      if (!test(state)) return;
      clearTimeout(timer);
      stop();
      resolve(state);
    });
  });
}

/** Resolves once `check` answers true, looking again after each turn of the event loop's timers; fails saying what it last saw. */
export async function waitFor(check: () => Promise<boolean> | boolean, what: string, lastSaw: () => unknown = () => undefined): Promise<void> {
  const deadline = Date.now() + WAIT_MS;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}; last saw ${JSON.stringify(await lastSaw())}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Resolves once the document's text (its XML) satisfies `test`. */
export function untilDoc(doc: Y.Doc, test: (xml: string) => boolean, what: string): Promise<string> {
  const read = () => doc.getXmlFragment('default').toString();
  if (test(read())) return Promise.resolve(read());
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Timed out waiting for ${what}; last saw ${read()}`)), WAIT_MS);
    const check = () => {
      if (!test(read())) return;
      clearTimeout(timer);
      doc.off('update', check);
      resolve(read());
    };
    doc.on('update', check);
  });
}

/** Types `text` at the start of the document's first paragraph, as the editor's binding would. */
export function typeInto(doc: Y.Doc, text: string): void {
  doc.transact(() => {
    const fragment = doc.getXmlFragment('default');
    if (fragment.length === 0) {
      const paragraph = new Y.XmlElement('paragraph');
      paragraph.insert(0, [new Y.XmlText()]);
      fragment.insert(0, [paragraph]);
    }
    ((fragment.get(0) as Y.XmlElement).get(0) as Y.XmlText).insert(0, text);
  }, 'editor');
}

/** A change that types `text` into `doc` (left unchanged), as an UPDATE would carry it. */
export function changeTyping(doc: Y.Doc, text: string): Uint8Array {
  const copy = new Y.Doc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
  const before = Y.encodeStateVector(copy);
  typeInto(copy, text);
  return Y.encodeStateAsUpdate(copy, before);
}
