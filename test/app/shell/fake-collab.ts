// The collaboration server of the fake API: the SDK's own CollabHub with its MemoryStore, in the
// test page, reached through an in-process socket pair instead of a network. Documents start from
// the content the test gives (as the real server starts them from the stored description), and
// who connects is decided here as the server decides from the session: the signed-in user, or the
// person a test's second editor names with `token`.
import { CollabHub, type CollabSocket, type CollabUser } from '../../../src/collab/hub.js';
import { MemoryStore } from '../../../src/collab/memory-store.js';
import { personColor } from '../../../src/app/editor/person-color.js';
import { connect, type CollabProvider } from '../../../src/collab/index.js';
import { documentToUpdate } from '../../../src/collab/server.js';
import { parseHTML, schema } from '../../../src/core/index.js';

/** Who is on a connection and whether they may write, or the close code that refuses them. */
export type FakeCollabAccess = { user: CollabUser; readOnly: boolean } | { refuse: number; reason: string };

type Listener = (...args: never[]) => void;

/** Delivers on a later task, in order, as a network would. */
const later = (run: () => void) => setTimeout(run, 0);

/** The server's end of a fake connection, shaped as the `ws` package's socket the hub takes. */
class ServerEnd implements CollabSocket {
  readyState = 1;
  private readonly listeners = { message: [] as Listener[], close: [] as Listener[], error: [] as Listener[] };
  constructor(private readonly client: FakeCollabSocket) {}

  on(event: 'message' | 'close' | 'error', listener: Listener): this {
    this.listeners[event].push(listener);
    return this;
  }

  send(data: Uint8Array): void {
    const copy = data.slice().buffer;
    later(() => this.client.deliver(copy));
  }

  close(code = 1000, reason = ''): void {
    if (this.readyState !== 1) return;
    this.readyState = 3;
    later(() => this.client.closed(code, reason));
    this.ended();
  }

  /** A message from the editor. */
  receive(data: ArrayBuffer): void {
    if (this.readyState !== 1) return;
    for (const listener of this.listeners.message) (listener as (data: ArrayBuffer) => void)(data);
  }

  ended(): void {
    this.readyState = 3;
    for (const listener of this.listeners.close.splice(0)) (listener as () => void)();
  }
}

/** The editor's end: the part of the browser's WebSocket the provider uses. */
export class FakeCollabSocket extends EventTarget {
  binaryType: BinaryType = 'arraybuffer';
  readyState = 0;
  server: ServerEnd | null = null;

  deliver(data: ArrayBuffer): void {
    if (this.readyState === 1) this.dispatchEvent(new MessageEvent('message', { data }));
  }

  closed(code: number, reason: string): void {
    if (this.readyState === 3) return;
    this.readyState = 3;
    this.dispatchEvent(new CloseEvent('close', { code, reason }));
  }

  send(data: Uint8Array): void {
    if (this.readyState !== 1) throw new DOMException('The socket is not open', 'InvalidStateError');
    const copy = data.slice().buffer;
    later(() => this.server?.receive(copy));
  }

  close(code = 1000, reason = ''): void {
    if (this.readyState >= 2) return;
    this.readyState = 2;
    const server = this.server;
    later(() => {
      server?.ended();
      this.closed(code, reason);
    });
  }
}

/** The fake API's collaboration server; `WebSocket` goes to the app's API client. */
export class FakeCollab {
  readonly store = new MemoryStore();
  /** Failures the hub reported (a test that expects none can say so). */
  readonly failures: string[] = [];
  readonly hub = new CollabHub({ schema, store: this.store, log: (message) => this.failures.push(message) });
  /** Who connects (by the provider's `token`, undefined for the app's own connections). */
  access: (name: string, token: string | null) => FakeCollabAccess = () => ({ refuse: 4401, reason: 'Sign in to open this document.' });
  /** The editors' open sockets (a test can cut them to go offline). */
  readonly sockets = new Set<FakeCollabSocket>();
  /** When false, new connections wait, as when the network is down (`reconnect()` lets them through). */
  online = true;
  /** The content a document starts from when nobody has opened it yet (the server's stored description); null: empty. */
  content: (name: string) => string | null = () => null;
  private closedForGood = false;
  private readonly held: Array<() => void> = [];
  private readonly providers: CollabProvider[] = [];

  /** Drops every open connection, as a lost network would; editors keep editing and reconnect once `online`. */
  disconnect(): void {
    this.online = false;
    for (const socket of this.sockets) socket.server?.close(1006, 'gone');
  }

  /** The network is back: waiting connections open. */
  reconnect(): void {
    this.online = true;
    for (const open of this.held.splice(0)) open();
  }

  /** Another person's editor on document `name` (a provider without an element), ended by `close()`. */
  colleague(name: string, person: string): CollabProvider {
    const provider = connect({ url: 'ws://app.test/api/collab', document: name, token: person, WebSocket: this.WebSocket });
    this.providers.push(provider);
    // Their colour as their app gives it.
    provider.setUser({ id: person, name: person, color: personColor(person) });
    provider.start(schema);
    return provider;
  }

  /** Ends every connection and forgets the documents; editors that try again are refused for good. */
  async close(): Promise<void> {
    this.closedForGood = true;
    for (const provider of this.providers.splice(0)) provider.destroy();
    for (const socket of this.sockets) socket.close();
    await this.hub.close();
  }

  private async accept(socket: FakeCollabSocket, url: URL): Promise<void> {
    const name = decodeURIComponent(url.pathname.replace(/^\/api\/collab\//, ''));
    const seed = this.store.logs.has(name) ? null : this.content(name);
    if (seed !== null) await this.store.append(name, [documentToUpdate(parseHTML(seed))]);
    if (!this.online) await new Promise<void>((resolve) => this.held.push(resolve));
    if (socket.readyState !== 0) return;
    const server = new ServerEnd(socket);
    socket.server = server;
    this.sockets.add(socket);
    server.on('close', () => this.sockets.delete(socket));
    // Opened on a later task (the provider listens once its constructor call returns), before anything the server sends.
    later(() => {
      if (socket.readyState !== 0) return;
      socket.readyState = 1;
      socket.dispatchEvent(new Event('open'));
    });
    const access = this.closedForGood ? { refuse: 4401, reason: 'The test is over.' } : this.access(name, url.searchParams.get('token'));
    if ('refuse' in access) server.close(access.refuse, access.reason);
    else this.hub.connect(server, name, access.user, { readOnly: access.readOnly });
  }

  /** The WebSocket class of this server's editors. */
  readonly WebSocket = ((collab: FakeCollab) =>
    class extends FakeCollabSocket {
      constructor(address: string) {
        super();
        void collab.accept(this, new URL(address));
      }
    })(this) as unknown as new (url: string) => WebSocket;
}
