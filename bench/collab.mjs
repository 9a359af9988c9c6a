// npm run bench:collab: editing together, measured (not a test; figures go to the "Editing
// together" section of docs/benchmarks.md).
//   - keystroke in one editor to its render in another (two Chromium pages, real keys), p50/p95;
//   - the same with 25 writers typing into one 1,000-block document (24 simulated editors in
//     Node through the package's provider, and the measured pair in the browser);
//   - time to open a 10,000-block shared document until it can be edited;
//   - the server's memory per loaded document (a small one and one of 10,000 blocks), the time
//     to load one and to store a change, from bench/collab-memory.ts on the server's own store.
// The two editors of a pair are in two browsers (two Chromium processes), as two people are.
// It runs the built package: `npm run build` first (done here when dist/ is missing).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';
import puppeteer from 'puppeteer-core';
import { WebSocket, WebSocketServer } from 'ws';
import * as Y from 'yjs';
import { CHROMIUM_ARGS, findChromium } from '../scripts/browsers.mjs';
import { generateDocument } from './generate.mjs';

const root = new URL('..', import.meta.url).pathname;
if (!existsSync(join(root, 'dist/collab/server.js'))) execFileSync(process.execPath, [join(root, 'scripts/build.mjs')], { stdio: 'inherit' });
const { CollabHub, MemoryStore, documentToUpdate } = await import(join(root, 'dist/collab/server.js'));
const { CollabProvider } = await import(join(root, 'dist/collab/index.js'));
const core = await import(join(root, 'dist/core/index.js'));
const { DOMParser: LinkedomParser } = await import('linkedom');
core.setDOMImplementation({ DOMParser: LinkedomParser });
const { schema, parseHTML } = core;

const percentile = (values, p) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};
const ms = (value) => `${value.toFixed(1)} ms`;

/** A hub with a store, on a websocket server that also serves the embed bundle and a page. */
async function startServer() {
  const store = new MemoryStore();
  const hub = new CollabHub({ schema, store, log: () => {} });
  const http = createServer((request, response) => {
    const path = new URL(request.url, 'http://x').pathname;
    if (path === '/') {
      response.writeHead(200, { 'content-type': 'text/html' }).end(PAGE);
      return;
    }
    const file = normalize(join(root, 'dist/browser', path.replace(/^\/browser\//, '')));
    if (!file.startsWith(join(root, 'dist/browser')) || !existsSync(file)) return void response.writeHead(404).end();
    response.writeHead(200, { 'content-type': extname(file) === '.js' ? 'text/javascript' : 'application/octet-stream' }).end(readFileSync(file));
  });
  const wss = new WebSocketServer({ server: http });
  wss.on('connection', (socket, request) => {
    const url = new URL(request.url, 'http://x');
    const user = url.searchParams.get('token') ?? 'anon';
    hub.connect(socket, decodeURIComponent(url.pathname.slice(1)), { id: user, name: user });
  });
  await new Promise((resolve) => http.listen(0, '127.0.0.1', resolve));
  const port = http.address().port;
  return {
    hub,
    store,
    base: `http://127.0.0.1:${port}`,
    ws: `ws://127.0.0.1:${port}`,
    async close() {
      await hub.close();
      wss.close();
      http.close();
    },
  };
}

// One editor per page; `window.arrivals` records when each marker character first shows.
const PAGE = `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,">
<rich-editor id="editor" aria-label="Editor"></rich-editor>
<script type="module">
  import { connect } from '/browser/rich-editor-collab.min.js';
  const params = new URLSearchParams(location.search);
  const editor = document.getElementById('editor');
  window.arrivals = [];
  window.opened = performance.now();
  // Counts each marker character the first time it shows (the observer starts once the element has its shadow root).
  // The writer types at the end of the document: only its last block is read (reading a
  // 1,000-block document's text at each change would cost more than what is measured).
  window.watchArrivals = () => new MutationObserver(() => {
    const text = editor.shadowRoot.querySelector('[role="textbox"]').lastElementChild?.textContent ?? '';
    const count = (text.match(/§/g) ?? []).length;
    while (window.arrivals.length < count) window.arrivals.push(performance.timeOrigin + performance.now());
  }).observe(editor.shadowRoot, { subtree: true, childList: true, characterData: true });
  editor.addEventListener('rich-editor-collab-status', ({ detail }) => {
    if (detail.status === 'synced' && !window.syncedAt) window.syncedAt = performance.now();
    window.lastStatus = detail;
  });
  editor.collaboration = { provider: connect({ url: params.get('ws'), document: params.get('doc'), token: params.get('user') }), user: { id: params.get('user'), name: params.get('user') } };
</script>`;

async function openEditor(browser, server, doc, user) {
  const page = await browser.newPage();
  await page.goto(`${server.base}/?ws=${encodeURIComponent(server.ws)}&doc=${encodeURIComponent(doc)}&user=${user}`);
  await page.waitForFunction(() => document.getElementById('editor').editorView?.editable === true, { timeout: 120_000 });
  await page.evaluate(() => window.watchArrivals());
  return page;
}

/** Types `count` markers in `writer`, one at a time, and returns each one's latency to `reader`. */
async function keystrokeLatency(writer, reader, count) {
  await writer.evaluate(() => document.getElementById('editor').focusAt('end'));
  const latencies = [];
  for (let i = 0; i < count; i++) {
    const before = await reader.evaluate(() => window.arrivals.length);
    const sent = await writer.evaluate(() => performance.timeOrigin + performance.now());
    await writer.keyboard.type('§');
    await reader.waitForFunction((n) => window.arrivals.length > n, { timeout: 10_000 }, before).catch(async (error) => {
      const status = (page) => page.evaluate(() => JSON.stringify({ ...window.lastStatus, arrivals: window.arrivals.length, focused: document.getElementById('editor').matches(':focus-within'), editable: document.getElementById('editor').editorView.editable }));
      throw new Error(`Keystroke ${i} did not arrive: writer ${await status(writer)}, reader ${await status(reader)}`, { cause: error });
    });
    const arrived = await reader.evaluate((n) => window.arrivals[n], before);
    latencies.push(arrived - sent);
  }
  return latencies;
}

/** A simulated editor in Node: the package's provider, typing into paragraph `at` every `everyMs`. */
function simulatedWriter(server, doc, name, at, everyMs) {
  const provider = new CollabProvider({ url: server.ws, document: doc, token: name, WebSocket });
  provider.start(schema);
  let timer = null;
  return {
    async start() {
      if (!provider.isSynced) await new Promise((resolve) => { const stop = provider.subscribe(() => provider.isSynced && (stop(), resolve())); });
      timer = setInterval(() => {
        const paragraph = provider.fragment.get(at);
        const text = paragraph?.get(0);
        if (text instanceof Y.XmlText) provider.doc.transact(() => text.insert(0, 'w'), 'editor');
      }, everyMs);
    },
    stop() {
      clearInterval(timer);
      provider.destroy();
    },
  };
}

const results = {};
const step = (message) => console.error(`bench:collab: ${message}`);
const launch = () => puppeteer.launch({ executablePath: findChromium(), headless: true, args: [...CHROMIUM_ARGS, '--disable-dev-shm-usage'] });
const browser = await launch();
const other = await launch();
try {
  // 1. Two editors.
  {
    step('two editors');
    const server = await startServer();
    const a = await openEditor(browser, server, 'pair', 'ann');
    const b = await openEditor(other, server, 'pair', 'bob');
    await keystrokeLatency(a, b, 10);
    const latencies = await keystrokeLatency(a, b, 200);
    results.pair = { p50: percentile(latencies, 50), p95: percentile(latencies, 95) };
    await a.close();
    await b.close();
    await server.close();
  }
  // 2. 25 writers on a 1,000-block document.
  {
    step('25 writers on a 1,000-block document');
    const server = await startServer();
    const doc = parseHTML(generateDocument(1_000), { schema });
    await server.store.append('crowd', [documentToUpdate(doc)]);
    const a = await openEditor(browser, server, 'crowd', 'ann');
    const b = await openEditor(other, server, 'crowd', 'bob');
    step('  the pair is open');
    // 23 more writers, each typing five characters a second somewhere in the document.
    const writers = Array.from({ length: 23 }, (_, i) => simulatedWriter(server, 'crowd', `writer${i}`, 10 + i * 40, 200));
    await Promise.all(writers.map((writer) => writer.start()));
    step('  23 writers are typing');
    await keystrokeLatency(a, b, 10);
    const latencies = await keystrokeLatency(a, b, 150);
    results.crowd = { p50: percentile(latencies, 50), p95: percentile(latencies, 95) };
    for (const writer of writers) writer.stop();
    await a.close();
    await b.close();
    await server.close();
  }
  // 3. Opening a 10,000-block shared document.
  {
    step('opening a 10,000-block document');
    const server = await startServer();
    await server.store.append('large', [documentToUpdate(parseHTML(generateDocument(10_000), { schema }))]);
    const times = [];
    for (let i = 0; i < 3; i++) {
      const page = await browser.newPage();
      await page.goto(`${server.base}/?ws=${encodeURIComponent(server.ws)}&doc=large&user=u${i}`);
      await page.waitForFunction(() => document.getElementById('editor').editorView?.editable === true, { timeout: 120_000 });
      times.push(await page.evaluate(() => performance.now() - window.opened));
      await page.close();
    }
    results.open10k = { median: percentile(times, 50) };
    await server.close();
  }
} finally {
  await browser.close();
  await other.close();
}

// 4. The server's memory per loaded document, load and store times, on its own store (PGlite).
step('server memory');
const memory = JSON.parse(
  execFileSync(process.execPath, ['--expose-gc', '--import', 'tsx', join(root, 'bench/collab-memory.ts')], { cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] }),
);

const table = [
  '| measure | figure | target |',
  '|---|---|---|',
  `| keystroke to render in another editor, 2 editors, p50 / p95 | ${ms(results.pair.p50)} / ${ms(results.pair.p95)} | p95 under 100 ms |`,
  `| the same with 25 writers on a 1,000-block document, p50 / p95 | ${ms(results.crowd.p50)} / ${ms(results.crowd.p95)} | p95 under 250 ms |`,
  `| opening a 10,000-block shared document until it can be edited (median of 3) | ${ms(results.open10k.median)} | under 2 s |`,
  `| server memory per loaded document, one paragraph (load time) | ${memory.smallDocument.kilobytesEach} KiB (${memory.smallDocument.loadMsEach} ms) | |`,
  `| server memory per loaded document, ${memory.largeDocument.blocks.toLocaleString('en')} blocks (load time) | ${memory.largeDocument.megabytesEach} MiB (${memory.largeDocument.loadMsEach} ms) | |`,
  `| storing a change before it is acknowledged (${memory.database}), p50 / p95 | ${memory.appendMs.p50} ms / ${memory.appendMs.p95} ms | |`,
].join('\n');
console.log(table);

const section = `## Editing together

\`npm run bench:collab\` (bench/collab.mjs), ${new Date().toISOString().slice(0, 10)}, on this machine (${process.platform}, Node ${process.version}, Chromium headless):
two browsers (two Chromium processes), each with an editor on one shared document through the
package's hub on 127.0.0.1; a keystroke is timed from just before the key in one page to the moment its character
appears in the other (both on the same clock). The 25 writers are the measured pair and 23
simulated editors in Node typing five characters a second each into their own paragraphs.
Memory is the server's heap per loaded document after garbage collection (bench/collab-memory.ts:
the hub on the server's own database store, PGlite in a temporary folder).

${table}
`;
const docsPath = join(root, 'docs/benchmarks.md');
const docs = readFileSync(docsPath, 'utf8');
const start = docs.indexOf('## Editing together');
const next = start >= 0 ? docs.indexOf('\n## ', start + 5) : -1;
const updated = start >= 0 ? docs.slice(0, start) + section + (next >= 0 ? docs.slice(next) : '') : `${docs.trimEnd()}\n\n${section}`;
writeFileSync(docsPath, updated);
