import { expect } from 'chai';
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket as NodeWebSocket, WebSocketServer } from 'ws';
import * as Y from 'yjs';
import { CollabHub, type CollabSocket } from '../../src/collab/hub.js';
import { MemoryStore } from '../../src/collab/memory-store.js';
import { HANDSHAKE_MS, HEARTBEAT_MS } from '../../src/collab/heartbeat.js';
import { CollabProvider } from '../../src/collab/provider.js';
import { CloseCode, decodeMessage, encodeMessage, Message } from '../../src/collab/protocol.js';
import { schema } from '../../src/core/index.js';
import { setLogger } from '../../src/core/log.js';
import { installFakeClock } from '../helpers/fake-clock.js';
import { editor, providers, startHub, type, until, untilPresence, untilText } from './hub-helpers.js';

describe('collaboration hub: an idle document', () => {
  it('does not keep the process alive: its unload timer is not among what holds the event loop', async () => {
    const hub = new CollabHub({ schema, store: new MemoryStore(), idleMs: 60_000, log: () => {} });
    const listeners = new Map<string, (...args: never[]) => void>();
    const socket: CollabSocket = {
      readyState: 1,
      send: () => {},
      close: () => {},
      on: (event: string, listener: (...args: never[]) => void) => listeners.set(event, listener),
    };
    const timers = () => process.getActiveResourcesInfo().filter((kind) => kind === 'Timeout').length;
    hub.connect(socket, 'page:idle', { id: 'ann', name: 'Ann' });
    await hub.loaded();
    // From here to the second count only promise callbacks run, never a timer: the counts
    // differ by exactly the timers the disconnect left holding the process.
    const before = timers();
    (listeners.get('close') as () => void)();
    expect((await hub.loaded()).find((doc) => doc.name === 'page:idle')?.connections).to.equal(0);
    expect(timers()).to.equal(before);
    await hub.close();
  });
});

describe('collaboration hub: a socket that fails', () => {
  it('hears its error (a frame over the server\'s limit), so the process goes on and the socket closes with 1009', async () => {
    const hub = new CollabHub({ schema, store: new MemoryStore(), log: () => {} });
    const http: Server = createServer();
    const wss = new WebSocketServer({ server: http, maxPayload: 64 });
    wss.on('connection', (socket) => hub.connect(socket, 'page:1', { id: 'ann', name: 'Ann' }));
    http.listen(0, '127.0.0.1');
    await once(http, 'listening');
    try {
      const client = new NodeWebSocket(`ws://127.0.0.1:${(http.address() as AddressInfo).port}`);
      await once(client, 'open');
      const closed = once(client, 'close');
      client.send(new Uint8Array(1_000));
      const [code] = (await closed) as [number];
      expect(code).to.equal(1009);
    } finally {
      await hub.close();
      wss.close();
      await new Promise((resolve) => http.close(resolve));
    }
  });
});

describe('collaboration hub and provider', () => {
  afterEach(() => {
    for (const provider of providers.splice(0)) provider.destroy();
  });

  it('syncs two editors, stores each change before acknowledging it, and counts what is unsent', async () => {
    const server = await startHub();
    try {
      const ann = editor(server.url, 'ann');
      const bob = editor(server.url, 'bob');
      await until(ann, (s) => s.status === 'synced', 'ann synced');
      await until(bob, (s) => s.status === 'synced', 'bob synced');
      expect(ann.current.readOnly).to.equal(false);
      type(ann, 'hello');
      expect(ann.current.unsent).to.equal(1);
      await until(ann, (s) => s.unsent === 0, 'ann acknowledged');
      expect(server.store.logs.get('page:1')?.length).to.equal(1);
      await untilText(bob, 'hello');
      type(bob, ' world', 5);
      await untilText(ann, 'hello world');
    } finally {
      await server.close();
    }
  });

  it('gives each editor that joins with nothing the document as it is then: the whole-document answer kept between joins follows every change', async () => {
    const server = await startHub();
    try {
      const ann = editor(server.url, 'ann');
      await until(ann, (s) => s.status === 'synced', 'ann synced');
      type(ann, 'one');
      await until(ann, (s) => s.unsent === 0, 'ann acknowledged');
      const bob = editor(server.url, 'bob');
      await until(bob, (s) => s.status === 'synced', 'bob synced');
      expect(bob.fragment.toString()).to.include('one');
      // The answer bob got is kept; a change after it must not be missing from the next one's.
      type(ann, ' two', 3);
      await until(ann, (s) => s.unsent === 0, 'the second change acknowledged');
      const carol = editor(server.url, 'carol');
      await until(carol, (s) => s.status === 'synced', 'carol synced');
      expect(carol.fragment.toString()).to.include('one two');
      const dave = editor(server.url, 'dave');
      await until(dave, (s) => s.status === 'synced', 'dave synced');
      expect(dave.fragment.toString()).to.equal(carol.fragment.toString());
    } finally {
      await server.close();
    }
  });

  it('passes changes on to a connection only once it has synced: one who joins while others type gets the document, then the changes', async () => {
    const server = await startHub();
    try {
      const ann = editor(server.url, 'ann');
      await until(ann, (s) => s.status === 'synced', 'ann synced');
      type(ann, 'first');
      await until(ann, (s) => s.unsent === 0, 'ann acknowledged');
      // Bob's editor is connected (welcomed) but has not asked for the document yet.
      const bob = new NodeWebSocket(`${server.url}/page%3A1?token=bob`);
      const received: number[] = [];
      const messages: Uint8Array[] = [];
      const welcomed = new Promise<void>((resolve) =>
        bob.on('message', (data: Buffer) => {
          const bytes = new Uint8Array(data);
          const type = decodeMessage(bytes).type;
          received.push(type);
          messages.push(bytes);
          if (type === Message.welcome) resolve();
        }),
      );
      await welcomed;
      // Ann types on; her change is stored and passed on to everyone synced.
      type(ann, ' second', 5);
      await until(ann, (s) => s.unsent === 0, 'ann acknowledged again');
      expect(received).to.not.include(Message.remoteUpdate);
      // Bob syncs: the answer holds both, and the changes after it come to him.
      const answered = new Promise<Uint8Array>((resolve) =>
        bob.on('message', (data: Buffer) => {
          const bytes = new Uint8Array(data);
          if (decodeMessage(bytes).type === Message.syncStep2) resolve(bytes);
        }),
      );
      bob.send(encodeMessage(Message.syncStep1, Y.encodeStateVector(new Y.Doc())));
      const doc = new Y.Doc();
      Y.applyUpdate(doc, decodeMessage(await answered).bytes());
      expect(doc.getXmlFragment('default').toString()).to.include('first second');
      const next = new Promise<Uint8Array>((resolve) =>
        bob.on('message', (data: Buffer) => {
          const bytes = new Uint8Array(data);
          if (decodeMessage(bytes).type === Message.remoteUpdate) resolve(bytes);
        }),
      );
      type(ann, '!', 12);
      Y.applyUpdate(doc, decodeMessage(await next).bytes());
      expect(doc.getXmlFragment('default').toString()).to.include('first second!');
      bob.close();
    } finally {
      await server.close();
    }
  });

  it('keeps editing offline and merges on reconnect, nothing lost', async () => {
    const server = await startHub();
    try {
      const ann = editor(server.url, 'ann');
      const bob = editor(server.url, 'bob');
      await until(ann, (s) => s.status === 'synced', 'ann synced');
      await until(bob, (s) => s.status === 'synced', 'bob synced');
      type(ann, 'base');
      await untilText(bob, 'base');
      // Ann's connection drops; both keep typing.
      const [socket] = [...(await server.hub.loaded())];
      expect(socket.connections).to.equal(2);
      server.hub.closeWhere((_name, user) => user.id === 'ann', CloseCode.goingAway, 'test drop');
      await until(ann, (s) => s.status === 'offline', 'ann offline');
      type(ann, 'A', 0);
      type(ann, 'A', 0);
      type(bob, 'B', 4);
      expect(ann.current.unsent).to.equal(2);
      await until(ann, (s) => s.status === 'synced' && s.unsent === 0, 'ann back and acknowledged');
      await untilText(bob, 'AA');
      await untilText(ann, 'B');
      expect(ann.fragment.toString()).to.equal(bob.fragment.toString());
    } finally {
      await server.close();
    }
  });

  it('brings presence back both ways when an editor reconnects: its own to the others, and theirs to it', async () => {
    const server = await startHub();
    try {
      const ann = editor(server.url, 'ann');
      const bob = editor(server.url, 'bob');
      ann.setUser({ id: 'ann', name: 'Ann' });
      bob.setUser({ id: 'bob', name: 'Bob' });
      await until(ann, (s) => s.status === 'synced', 'ann synced');
      await until(bob, (s) => s.status === 'synced', 'bob synced');
      const annAtBob = () => bob.awareness.getStates().has(ann.doc.clientID);
      const bobAtAnn = () => ann.awareness.getStates().has(bob.doc.clientID);
      await untilPresence(bob, annAtBob, 'ann present for bob');
      await untilPresence(ann, bobAtAnn, 'bob present for ann');
      server.hub.closeWhere((_name, user) => user.id === 'ann', CloseCode.goingAway, 'test drop');
      await until(ann, (s) => s.status === 'offline', 'ann offline');
      await untilPresence(bob, () => !annAtBob(), 'ann gone for bob');
      expect(bobAtAnn(), 'others go with the connection').to.equal(false);
      // Back with the presence each had: neither changed it meanwhile. The server sends the others'
      // presence before its sync answer, and an editor's comes ahead of its changes on one socket.
      await until(ann, (s) => s.status === 'synced', 'ann back');
      expect(bobAtAnn(), 'bob present for ann again, by the time she is synced').to.equal(true);
      type(ann, 'back');
      await untilText(bob, 'back');
      expect(annAtBob(), 'ann present for bob again, by the time her change arrived').to.equal(true);
      // Her presence came back under the client id the server had seen (an update, not an
      // addition): the new connection owns it all the same, and takes it along when it drops.
      server.hub.closeWhere((_name, user) => user.id === 'ann', CloseCode.goingAway, 'test drop again');
      await untilPresence(bob, () => !annAtBob(), 'ann gone for bob at her second drop');
    } finally {
      await server.close();
    }
  });

  it("presence carries the server's name and picture for each editor, and a caret colour only as #rrggbb", async () => {
    const server = await startHub(undefined, { userOf: (token) => ({ id: token, name: `${token} (server)`, avatar: token === 'bob' ? '/avatars/bob.png' : null }) });
    try {
      const ann = editor(server.url, 'ann');
      const bob = editor(server.url, 'bob');
      await until(ann, (s) => s.status === 'synced', 'ann synced');
      await until(bob, (s) => s.status === 'synced', 'bob synced');
      // What a modified page claims: another name, a picture anywhere, a colour that is not one.
      ann.awareness.setLocalStateField('user', { id: 'mallory', name: 'Mallory', avatar: 'https://tracker.example/pixel.png', color: 'url(x)', extra: 1 });
      bob.awareness.setLocalStateField('user', { id: 'bob', name: 'Bob', avatar: 'https://tracker.example/bob.png', color: '#12AB34' });
      const userAt = (provider: CollabProvider, of: CollabProvider) => (provider.awareness.getStates().get(of.doc.clientID) as { user?: unknown } | undefined)?.user;
      const annAtBob = JSON.stringify({ id: 'ann', name: 'ann (server)' });
      const bobAtAnn = JSON.stringify({ id: 'bob', name: 'bob (server)', avatar: '/avatars/bob.png', color: '#12AB34' });
      await untilPresence(bob, () => JSON.stringify(userAt(bob, ann)) === annAtBob, `ann's presence at bob as ${annAtBob}`);
      await untilPresence(ann, () => JSON.stringify(userAt(ann, bob)) === bobAtAnn, `bob's presence at ann as ${bobAtAnn}`);
    } finally {
      await server.close();
    }
  });

  it('a read-only connection is present without a caret, whatever its editor sends', async () => {
    const server = await startHub();
    try {
      const ann = editor(server.url, 'ann');
      const viewer = editor(server.url, 'viewer-vic');
      await until(ann, (s) => s.status === 'synced', 'ann synced');
      await until(viewer, (s) => s.status === 'synced', 'viewer synced');
      type(ann, 'text');
      await untilText(viewer, 'text');
      // What a modified page sends: a caret for someone who may only read.
      const at = Y.createRelativePositionFromTypeIndex(viewer.fragment, 0);
      viewer.awareness.setLocalState({ user: { id: 'viewer-vic', name: 'Vic' }, cursor: { anchor: at, head: at }, sent: 'forged' });
      const vicAtAnn = () => ann.awareness.getStates().get(viewer.doc.clientID) as { sent?: string; cursor?: unknown } | undefined;
      await untilPresence(ann, () => vicAtAnn()?.sent === 'forged', 'the forged presence at ann');
      expect(vicAtAnn()).to.not.have.property('cursor');
    } finally {
      await server.close();
    }
  });

  it('a change made while the connection comes back waits for the handshake: it is not sent ahead of the offline ones it builds on', async () => {
    const server = await startHub();
    // Ann types in the moment her editor's connection opens again, before the handshake.
    let opened = 0;
    let onReopen = (): void => {};
    class Socket extends NodeWebSocket {
      constructor(url: string) {
        super(url);
        this.on('open', () => {
          if (++opened === 2) onReopen();
        });
      }
    }
    const ann = new CollabProvider({ url: server.url, document: 'page:1', token: 'ann', WebSocket: Socket as unknown as new (url: string) => WebSocket });
    providers.push(ann);
    try {
      ann.start(schema);
      const bob = editor(server.url, 'bob');
      await until(ann, (s) => s.status === 'synced', 'ann synced');
      type(ann, 'base');
      await untilText(bob, 'base');
      server.hub.closeWhere((_name, user) => user.id === 'ann', CloseCode.goingAway, 'test drop');
      await until(ann, (s) => s.status === 'offline', 'ann offline');
      type(ann, 'off ', 0);
      const reopened = new Promise<void>((resolve) => {
        onReopen = () => {
          type(ann, 'on ', 0);
          resolve();
        };
      });
      await reopened;
      const settled = await until(ann, (s) => (s.status === 'synced' && s.unsent === 0) || s.status === 'incompatible', 'everything acknowledged, or refused');
      expect(settled, 'no change refused').to.include({ status: 'synced', readOnly: false, reason: '' });
      await untilText(bob, 'on off base');
      expect(ann.fragment.toString()).to.equal(bob.fragment.toString());
    } finally {
      await server.close();
    }
  });

  it('refuses a change from a read-only connection, and a change outside the schema, storing neither', async () => {
    const server = await startHub();
    try {
      const ann = editor(server.url, 'ann');
      await until(ann, (s) => s.status === 'synced', 'ann synced');
      type(ann, 'kept');
      await until(ann, (s) => s.unsent === 0, 'stored');
      const viewer = editor(server.url, 'viewer-vic');
      await until(viewer, (s) => s.status === 'synced', 'viewer synced');
      expect(viewer.current.readOnly).to.equal(true);
      type(viewer, 'forged');
      await until(viewer, (s) => s.status === 'unauthorized', 'viewer refused');
      const mallory = editor(server.url, 'mallory');
      await until(mallory, (s) => s.status === 'synced', 'mallory synced');
      mallory.doc.transact(() => mallory.fragment.insert(0, [new Y.XmlElement('script')]), 'editor');
      const refused = await until(mallory, (s) => s.status === 'incompatible', 'mallory refused');
      expect(refused.reason).to.match(/"script"/);
      expect(server.store.logs.get('page:1')?.length).to.equal(1);
      expect(ann.fragment.toString()).to.not.match(/forged|script/);
    } finally {
      await server.close();
    }
  });

  it('a stored change survives the hub: a new hub on the same store gives it back, once', async () => {
    const store = new MemoryStore();
    const first = await startHub(store);
    const ann = editor(first.url, 'ann');
    await until(ann, (s) => s.status === 'synced', 'synced');
    type(ann, 'durable');
    await until(ann, (s) => s.unsent === 0, 'stored');
    await first.close();
    const second = await startHub(store);
    try {
      const bob = editor(second.url, 'bob');
      await until(bob, (s) => s.status === 'synced', 'bob synced');
      expect(bob.fragment.toString()).to.equal(ann.fragment.toString());
      expect((bob.fragment.toString().match(/durable/g) ?? []).length).to.equal(1);
    } finally {
      await second.close();
    }
  });

  it('takes a connection gone silent (a network dropped without a close) as offline after two heartbeats, and reconnects', async () => {
    const server = await startHub();
    const clock = installFakeClock();
    // A network that stops delivering: the socket stays open, nothing arrives.
    let deaf = false;
    let pings = 0;
    let heard: () => void = () => {};
    class Socket extends NodeWebSocket {
      override emit(event: string | symbol, ...args: unknown[]): boolean {
        if (event === 'message') {
          if (deaf) return false;
          heard();
        }
        return super.emit(event, ...args);
      }
      override send(data: Uint8Array): void {
        if (decodeMessage(data).type === Message.ping) pings++;
        super.send(data);
      }
    }
    const nextMessage = () => new Promise<void>((resolve) => (heard = resolve));
    const ann = new CollabProvider({ url: server.url, document: 'page:1', token: 'ann', WebSocket: Socket as unknown as new (url: string) => WebSocket });
    providers.push(ann);
    try {
      ann.start(schema);
      await until(ann, (s) => s.status === 'synced', 'ann synced');
      // A beat after something was heard asks nothing; a quiet one asks, and the answer keeps the connection.
      clock.tick(HEARTBEAT_MS);
      expect(pings).to.equal(0);
      for (const round of [1, 2]) {
        const answered = nextMessage();
        clock.tick(HEARTBEAT_MS);
        expect(pings).to.equal(round);
        await answered;
        clock.tick(HEARTBEAT_MS);
        expect([pings, ann.current.status]).to.deep.equal([round, 'synced']);
      }
      deaf = true;
      clock.tick(HEARTBEAT_MS);
      expect([pings, ann.current.status], 'asked, not given up yet').to.deep.equal([3, 'synced']);
      clock.tick(HEARTBEAT_MS);
      expect(ann.current.status, 'no answer by the next beat').to.equal('offline');
      deaf = false;
      clock.tick(HEARTBEAT_MS);
      await until(ann, (s) => s.status === 'synced', 'ann reconnected');
    } finally {
      clock.uninstall();
      await server.close();
    }
  });

  it('says so when a destroyed provider is started again (React StrictMode remounting an effect), instead of waiting on "connecting" in silence', () => {
    const errors: string[] = [];
    const previous = setLogger({ error: (message) => errors.push(message), warn: () => {} });
    try {
      const provider = new CollabProvider({ url: 'ws://127.0.0.1:9', document: 'page:1' });
      provider.destroy();
      provider.start(schema);
      expect(errors).to.deep.equal(['collaboration: start() on a provider already destroyed; connect() a new one (React: make it in an effect)']);
    } finally {
      setLogger(previous);
    }
  });

  it('takes a connection whose server answers the heartbeat but never the first message as lost, and connects again', async () => {
    const hub = new CollabHub({ schema, store: new MemoryStore(), log: () => {} });
    const http: Server = createServer();
    const wss = new WebSocketServer({ server: http });
    let connections = 0;
    let asked: () => void = () => {};
    const firstMessage = new Promise<void>((resolve) => (asked = resolve));
    wss.on('connection', (socket) => {
      // The first is never given to the hub (a host that awaited something first): only pings get answered.
      if (++connections > 1) return hub.connect(socket, 'page:1', { id: 'ann', name: 'Ann' });
      socket.on('message', (data: Buffer) => {
        const type = decodeMessage(new Uint8Array(data)).type;
        if (type === Message.syncStep1) asked();
        if (type === Message.ping) socket.send(encodeMessage(Message.pong));
      });
    });
    http.listen(0, '127.0.0.1');
    await once(http, 'listening');
    const clock = installFakeClock();
    // Each message the editor hears (the pongs), awaited before the clock moves on.
    let heard: () => void = () => {};
    class Socket extends NodeWebSocket {
      override emit(event: string | symbol, ...args: unknown[]): boolean {
        const handled = super.emit(event, ...args);
        if (event === 'message') heard();
        return handled;
      }
    }
    const ann = new CollabProvider({ url: `ws://127.0.0.1:${(http.address() as AddressInfo).port}`, document: 'page:1', token: 'ann', WebSocket: Socket as unknown as new (url: string) => WebSocket });
    providers.push(ann);
    try {
      ann.start(schema);
      await firstMessage;
      let waited = 0;
      // Beats a quiet connection asks at, each answered: the heartbeat keeps it.
      for (; waited + HEARTBEAT_MS < HANDSHAKE_MS; waited += HEARTBEAT_MS) {
        const pong = new Promise<void>((resolve) => (heard = resolve));
        clock.tick(HEARTBEAT_MS);
        if (waited) await pong;
        expect(ann.current.status, `still connecting after ${waited + HEARTBEAT_MS} ms`).to.equal('connecting');
      }
      clock.tick(HANDSHAKE_MS - waited);
      expect(ann.current.status).to.equal('offline');
      clock.tick(1_000);
      await until(ann, (s) => s.status === 'synced', 'ann connected again, and synced');
      expect(connections).to.equal(2);
    } finally {
      clock.uninstall();
      await hub.close();
      for (const client of wss.clients) client.terminate();
      wss.close();
      await new Promise((resolve) => http.close(resolve));
    }
  });

  it('stops after the websocket closes for a message over its frame limit (1009): resending would fail the same way', async () => {
    const http: Server = createServer();
    const wss = new WebSocketServer({ server: http });
    let connections = 0;
    wss.on('connection', (socket) => {
      connections++;
      socket.close(1009, 'Max payload size exceeded');
    });
    http.listen(0, '127.0.0.1');
    await once(http, 'listening');
    try {
      const ann = editor(`ws://127.0.0.1:${(http.address() as AddressInfo).port}`, 'ann');
      const refused = await until(ann, (s) => s.status === 'incompatible', 'the change refused for good');
      expect(refused.readOnly).to.equal(true);
      expect(connections).to.equal(1);
    } finally {
      for (const client of wss.clients) client.terminate();
      wss.close();
      http.close();
    }
  });
});
