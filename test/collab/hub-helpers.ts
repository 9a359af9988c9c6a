/**
 * A collaboration hub on a real websocket server on 127.0.0.1 and providers connected to it, as
 * the hub's Node tests use them.
 */
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket as NodeWebSocket, WebSocketServer } from 'ws';
import * as Y from 'yjs';
import { CollabHub, type CollabHubOptions, type CollabUser } from '../../src/collab/hub.js';
import { MemoryStore } from '../../src/collab/memory-store.js';
import { CollabProvider, type CollabState } from '../../src/collab/provider.js';
import { schema } from '../../src/core/index.js';

/**
 * A hub on a real websocket server on 127.0.0.1; the user and access come from the query
 * (`?user=ann&ro=1`), as a host's authentication would decide them. `port` listens where a
 * stopped hub did (its editors reconnect to it, as to a restarted server); `options` adds to the hub's.
 */
export async function startHub(
  store = new MemoryStore(),
  { port = 0, userOf = (token: string): CollabUser => ({ id: token, name: token }), ...options }: { port?: number; userOf?: (token: string) => CollabUser } & Partial<CollabHubOptions> = {},
) {
  const hub = new CollabHub({ schema, store, idleMs: 50, log: () => {}, ...options });
  const http: Server = createServer();
  const wss = new WebSocketServer({ server: http });
  wss.on('connection', (socket, request) => {
    const url = new URL(request.url!, 'http://x');
    const name = decodeURIComponent(url.pathname.slice(1));
    const user = userOf(url.searchParams.get('token') ?? 'anon');
    hub.connect(socket, name, user, { readOnly: user.id.startsWith('viewer') });
  });
  http.listen(port, '127.0.0.1');
  await once(http, 'listening');
  const url = `ws://127.0.0.1:${(http.address() as AddressInfo).port}`;
  return {
    hub,
    store,
    url,
    port: (http.address() as AddressInfo).port,
    async close() {
      await hub.close();
      for (const client of wss.clients) client.terminate();
      wss.close();
      // Closed for good before this resolves: a hub started on the same port meets no old one.
      await new Promise((resolve) => http.close(resolve));
    },
  };
}

/** The providers started, for a test's cleanup. */
export const providers: CollabProvider[] = [];
export function editor(url: string, user: string, document = 'page:1'): CollabProvider {
  const provider = new CollabProvider({ url, document, token: user, WebSocket: NodeWebSocket as unknown as new (url: string) => WebSocket });
  providers.push(provider);
  provider.start(schema);
  return provider;
}

/** Resolves with the first state for which `test` holds (now or later). */
export function until(provider: CollabProvider, test: (state: CollabState) => boolean, what: string): Promise<CollabState> {
  if (test(provider.current)) return Promise.resolve(provider.current);
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Timed out waiting for ${what}; last saw ${JSON.stringify(provider.current)}`)), 10_000);
    const stop = provider.subscribe((state) => {
      if (!test(state)) return;
      clearTimeout(timer);
      stop();
      resolve(state);
    });
  });
}

/** Resolves once the provider's text equals `text`. */
export function untilText(provider: CollabProvider, text: string): Promise<void> {
  const read = () => provider.fragment.toString();
  if (read().includes(text)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Timed out waiting for ${text}; last saw ${read()}`)), 10_000);
    const check = () => {
      if (!read().includes(text)) return;
      clearTimeout(timer);
      provider.doc.off('update', check);
      resolve();
    };
    provider.doc.on('update', check);
  });
}

/** Resolves once `test` holds for `provider`'s presence (now or after a presence change). */
export function untilPresence(provider: CollabProvider, test: () => boolean, what: string): Promise<void> {
  if (test()) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Timed out waiting for ${what}`)), 10_000);
    const check = () => {
      if (!test()) return;
      clearTimeout(timer);
      provider.awareness.off('change', check);
      resolve();
    };
    provider.awareness.on('change', check);
  });
}

/** Types into the first paragraph, as the editor's binding would change the document. */
export function type(provider: CollabProvider, text: string, at = 0): void {
  provider.doc.transact(() => {
    const fragment = provider.fragment;
    if (fragment.length === 0) {
      const paragraph = new Y.XmlElement('paragraph');
      paragraph.insert(0, [new Y.XmlText()]);
      fragment.insert(0, [paragraph]);
    }
    ((fragment.get(0) as Y.XmlElement).get(0) as Y.XmlText).insert(at, text);
  }, 'editor');
}
