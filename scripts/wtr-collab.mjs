// Web Test Runner commands that run collaboration servers for the browser tests, in the test
// runner's own Node process: the package's hub (src/collab/server.ts, built on first use with
// esbuild, its dependencies from node_modules) on a real websocket server on 127.0.0.1, with a
// store that outlives a restart. The user and their access come from the address's `token`
// (`viewer-…` connects read-only), as a host's authentication would decide them.
//
//   executeServerCommand('collab-start')                       → { id, url }
//   executeServerCommand('collab-restart', { id })             the process dies (kill -9): sockets cut, memory lost, the store kept
//   executeServerCommand('collab-drop', { id, user })          that user's connections cut (a network drop)
//   executeServerCommand('collab-document', { id, name })      the stored document as JSON (null when nothing is stored)
//   executeServerCommand('collab-xml', { id, name })           the stored shared document as Yjs's XML (any node names)
//   executeServerCommand('collab-seed', { id, name, json, unchecked }) a document stored as the first change (unchecked: not against the schema)
//   executeServerCommand('collab-stop', { id })
import { build } from 'esbuild';
import { once } from 'node:events';
import { mkdirSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { WebSocketServer } from 'ws';

const root = new URL('..', import.meta.url).pathname;
let serverModule = null;

/** The package's collaboration server and the editor's schema, built once per run. */
function load() {
  serverModule ??= (async () => {
    const outfile = join(root, '.test-results', 'collab-server.mjs');
    mkdirSync(join(root, '.test-results'), { recursive: true });
    const entry = "export * from './src/collab/server.ts'; export { schema } from './src/core/index.ts'; export { editorSetup } from './src/core/extensions/setup.ts'; export { callout } from './src/extensions/callout.ts';";
    await build({ stdin: { contents: entry, resolveDir: root, loader: 'ts' }, bundle: true, platform: 'node', format: 'esm', packages: 'external', outfile, logLevel: 'error' });
    return import(`${pathToFileURL(outfile).href}?${Date.now()}`);
  })();
  return serverModule;
}

/** A running test server: its hub can be replaced (a restart) while its store stays. */
async function startServer() {
  const collab = await load();
  const store = new collab.MemoryStore();
  // The callout example is in the schema, so the extension tests edit it together too.
  const schema = collab.editorSetup([collab.callout]).schema;
  const makeHub = () => new collab.CollabHub({ schema, store, idleMs: 200, log: () => {} });
  const state = { hub: makeHub(), schema, store, collab };
  const http = createServer();
  const wss = new WebSocketServer({ server: http });
  wss.on('connection', (socket, request) => {
    const url = new URL(request.url, 'http://test');
    const name = decodeURIComponent(url.pathname.slice(1));
    const token = url.searchParams.get('token') || 'anonymous';
    const id = token.replace(/-tab\d+$/, '');
    state.hub.connect(socket, name, { id, name: id[0].toUpperCase() + id.slice(1) }, { readOnly: id.startsWith('viewer') });
  });
  http.listen(0, '127.0.0.1');
  await once(http, 'listening');
  return {
    state,
    url: `ws://127.0.0.1:${http.address().port}`,
    wss,
    http,
  };
}

/** The commands' plugin. */
export function collabServerPlugin() {
  const servers = new Map();
  let next = 1;
  return {
    name: 'collab-server',
    async executeCommand({ command, payload }) {
      if (!command.startsWith('collab-')) return undefined;
      const server = payload?.id !== undefined ? servers.get(payload.id) : null;
      if (command !== 'collab-start' && !server) throw new Error(`No collaboration test server ${payload?.id}`);
      switch (command) {
        case 'collab-start': {
          const started = await startServer();
          const id = next++;
          servers.set(id, started);
          return { id, url: started.url };
        }
        case 'collab-restart': {
          // As kill -9: every socket cut at once, the hub's memory gone; only the store is left.
          for (const client of server.wss.clients) client.terminate();
          server.state.hub = new server.state.collab.CollabHub({ schema: server.state.schema, store: server.state.store, idleMs: 200, log: () => {} });
          return true;
        }
        case 'collab-drop':
          server.state.hub.closeWhere((_name, user) => user.id === payload.user, 4503, 'dropped');
          return true;
        case 'collab-document': {
          const { updates } = await server.state.store.load(payload.name);
          if (!updates.length) return null;
          const Y = await import('yjs');
          const doc = new Y.Doc();
          for (const update of updates) Y.applyUpdate(doc, update);
          return server.state.collab.sharedDocument(doc, server.state.schema).toJSON();
        }
        case 'collab-xml': {
          // The stored shared document as Yjs writes it (nodes by name, whatever the schema).
          const { updates } = await server.state.store.load(payload.name);
          const Y = await import('yjs');
          const doc = new Y.Doc();
          for (const update of updates) Y.applyUpdate(doc, update);
          return doc.getXmlFragment('default').toString();
        }
        case 'collab-seed': {
          const { Node } = await import('prosemirror-model');
          const schema = payload.unchecked ? null : server.state.schema;
          const update = schema ? server.state.collab.documentToUpdate(Node.fromJSON(schema, payload.json)) : seedUnchecked(await import('yjs'), payload.json);
          await server.state.store.append(payload.name, [update]);
          return true;
        }
        case 'collab-stop':
          await server.state.hub.close();
          for (const client of server.wss.clients) client.terminate();
          server.wss.close();
          server.http.close();
          servers.delete(payload.id);
          return true;
        default:
          throw new Error(`Unknown command ${command}`);
      }
    },
    async serverStop() {
      for (const [id, server] of servers) {
        await server.state.hub.close().catch(() => {});
        server.wss.close();
        server.http.close();
        servers.delete(id);
      }
    },
  };
}

/** A shared document written from JSON without a schema (as a newer editor's might be: nodes this one does not know). */
function seedUnchecked(Y, json) {
  const doc = new Y.Doc();
  const fragment = doc.getXmlFragment('default');
  const toY = (node) => {
    if (node.type === 'text') {
      const text = new Y.XmlText();
      text.insert(0, node.text);
      return text;
    }
    const element = new Y.XmlElement(node.type);
    for (const [key, value] of Object.entries(node.attrs ?? {})) element.setAttribute(key, value);
    element.insert(0, (node.content ?? []).map(toY));
    return element;
  };
  fragment.insert(0, (json.content ?? []).map(toY));
  return Y.encodeStateAsUpdate(doc);
}
