// docs/collaboration.md as written: its server (server.mjs) and its page (index.html), taken
// from the document's code blocks, run against the built package (dist/, resolved as
// `rich-editor` through a link), with the embed bundle copied beside them as the page says; two
// editors in a real Chromium type into one document and see each other's text and caret. The
// server is also sent what an attacker or a broken client would send: it answers with a 4xx or a
// close code, serves nothing but the page and the bundle, and keeps running.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createConnection } from 'node:net';
import { networkInterfaces, tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import WebSocket from 'ws';
import { CloseCode, MAX_MESSAGE_BYTES } from 'rich-editor/collab/server';
import { launchChromium } from './helpers/browser.mjs';
import { freePort } from '../../scripts/free-port.mjs';

const root = new URL('../..', import.meta.url).pathname;
let folder;
let server;
let browser;
let base;
let port;
const output = [];

/** The code blocks of the document that name a file (```js file=server.mjs), by file name. */
function codeFiles(markdown) {
  const files = {};
  for (const match of markdown.matchAll(/^```\w+ file=(\S+)\n([\s\S]*?)^```$/gm)) files[match[1]] = match[2];
  return files;
}

before(async () => {
  assert.ok(existsSync(join(root, 'dist/browser/rich-editor-collab.min.js')), 'npm test builds dist/ first');
  const files = codeFiles(readFileSync(join(root, 'docs/collaboration.md'), 'utf8'));
  assert.deepEqual(Object.keys(files).sort(), ['index.html', 'server.mjs']);
  folder = mkdtempSync(join(tmpdir(), 'rich-editor-docs-collab-'));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(folder, name), text);
  // What a host's folder holds besides, none of it to be served.
  writeFileSync(join(folder, 'package.json'), JSON.stringify({ private: true, dependencies: { 'rich-editor': '*', ws: '*' } }));
  // The page's script beside it, as the document says: dist/browser copied whole.
  cpSync(join(root, 'dist/browser'), join(folder, 'rich-editor'), { recursive: true });
  // `rich-editor` is this package (its exports point into dist/); `ws` the one it is tested with.
  mkdirSync(join(folder, 'node_modules'));
  symlinkSync(root, join(folder, 'node_modules', 'rich-editor'), 'dir');
  symlinkSync(join(root, 'node_modules', 'ws'), join(folder, 'node_modules', 'ws'), 'dir');
  port = await freePort();
  server = spawn(process.execPath, ['server.mjs'], { cwd: folder, env: { ...process.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
  server.stdout.on('data', (chunk) => output.push(String(chunk)));
  server.stderr.on('data', (chunk) => output.push(String(chunk)));
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`The server did not start: ${output.join('')}`)), 30_000);
    server.once('exit', (code) => reject(new Error(`The server exited (${code}): ${output.join('')}`)));
    server.stdout.on('data', () => {
      if (!output.join('').includes(`:${port}/`)) return;
      clearTimeout(timer);
      resolve();
    });
  });
  base = `http://127.0.0.1:${port}`;
  browser = await launchChromium();
});

after(async () => {
  await browser?.close();
  server?.kill();
  if (folder) rmSync(folder, { recursive: true, force: true });
});

test('the page and the server of docs/collaboration.md edit one document in two editors', async () => {
  const page = await browser.newPage();
  const problems = [];
  page.on('console', (message) => message.type() === 'error' && problems.push(message.text()));
  page.on('pageerror', (error) => problems.push(error.message));
  await page.setViewport({ width: 1000, height: 800 });
  await page.goto(`${base}/`, { waitUntil: 'networkidle0' });
  const editable = (id) => document.getElementById(id)?.editorView?.editable === true;
  await page.waitForFunction(editable, { timeout: 15_000 }, 'left');
  await page.waitForFunction(editable, { timeout: 15_000 }, 'right');
  await page.evaluate(() => document.getElementById('left').focusAt('end'));
  await page.keyboard.type('Ada types here.');
  await page.waitForFunction(() => document.getElementById('right').getHTML() === '<p>Ada types here.</p>', { timeout: 15_000 });
  await page.evaluate(() => document.getElementById('right').focusAt('end'));
  await page.keyboard.type(' Grace adds this.');
  await page.waitForFunction(() => document.getElementById('left').getHTML() === '<p>Ada types here. Grace adds this.</p>', { timeout: 15_000 });
  // Each sees the other's caret, named.
  await page.waitForFunction(() => document.getElementById('left').shadowRoot.querySelector('.collab-caret-label')?.textContent === 'Grace', { timeout: 15_000 });
  // Each editor says how it stands in its own line.
  assert.equal(await page.$eval('#left-status', (status) => status.textContent), 'Ada: synced');
  assert.equal(await page.$eval('#right-status', (status) => status.textContent), 'Grace: synced');
  assert.deepEqual(problems, []);
});

/** Whether the server process still runs. */
function running() {
  return server.exitCode === null && server.signalCode === null;
}

/** The status and body of a request for `path` exactly as written (fetch would resolve `%2e%2e` before sending it). */
function get(path) {
  return new Promise((resolve, reject) => {
    const request = httpRequest({ host: '127.0.0.1', port, path }, (response) => {
      const chunks = [];
      response.on('data', (chunk) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode, body: Buffer.concat(chunks).toString() }));
    });
    request.on('error', reject);
    request.end();
  });
}

/**
 * How a websocket to `path` ends: `{ status }` for an upgrade refused over HTTP, `{ code, reason }`
 * for a websocket closed, `{ stillOpen: true }` for one the server kept open 10 s (given up on).
 * `send` is sent once it is open.
 */
function socketEnd(path, { origin = base, send } = {}) {
  return new Promise((resolve) => {
    const socket = new WebSocket(`ws://127.0.0.1:${port}${path}`, { origin });
    const timer = setTimeout(() => {
      socket.terminate();
      resolve({ stillOpen: true });
    }, 10_000);
    const end = (outcome) => {
      clearTimeout(timer);
      resolve(outcome);
    };
    socket.on('error', () => {});
    socket.on('unexpected-response', (request, response) => {
      response.resume();
      request.destroy();
      end({ status: response.statusCode });
    });
    socket.on('open', () => send && socket.send(send));
    socket.on('close', (code, reason) => end({ code, reason: String(reason) }));
  });
}

test('the server of docs/collaboration.md serves only the page and the bundle, answers bad paths with a 4xx, and keeps running', async () => {
  const page = await get('/');
  assert.equal(page.status, 200);
  assert.equal(page.body, readFileSync(join(folder, 'index.html'), 'utf8'));
  assert.equal((await get('/rich-editor/rich-editor-collab.min.js')).status, 200);
  // A query string is no part of the path: it gets the page, never the server's own source.
  assert.deepEqual(await get('/?x=1'), page);
  const source = readFileSync(join(folder, 'server.mjs'), 'utf8');
  const refused = [
    '/%2e%2e/%2e%2e/etc/hostname',
    '/rich-editor/%2e%2e/server.mjs',
    '/rich-editor/..%2fserver.mjs',
    '/rich-editor/..%2f..%2f..%2fetc%2fhostname',
    '/rich-editor/%00',
    '/server.mjs',
    '/package.json',
    '/node_modules/ws/package.json',
    '/node_modules/rich-editor/package.json',
    '/collab/%E0%A4%A',
    '/%E0%A4%A',
  ];
  for (const path of refused) {
    const { status, body } = await get(path);
    assert.ok(status >= 400 && status < 500, `${path} is answered ${status}`);
    assert.ok(!body.includes('rich-editor/collab/server') && !body.includes('"private"') && body !== source, `${path} sends nothing of the folder`);
  }
  assert.equal((await get('/collab/%E0%A4%A')).status, 400);
  assert.ok(running(), `the server stopped: ${output.join('')}`);
  assert.equal((await get('/')).status, 200);
});

test('the server of docs/collaboration.md refuses websockets from other origins and bad paths, and a message over the limit, and keeps running', async () => {
  // Another site's page: refused before any websocket exists.
  assert.deepEqual(await socketEnd('/collab/notes?token=Ada', { origin: 'http://evil.example' }), { status: 403 });
  assert.deepEqual(await socketEnd('/collab/notes?token=Ada', { origin: `http://127.0.0.1:${port}.evil.example` }), { status: 403 });
  // A name that does not decode, and no name.
  assert.deepEqual(await socketEnd('/collab/%E0%A4%A?token=Ada'), { status: 400 });
  assert.deepEqual(await socketEnd('/collab/?token=Ada'), { status: 404 });
  // A token nobody has: a websocket closed with the code the editor stops at.
  assert.equal((await socketEnd('/collab/notes?token=Mallory')).code, CloseCode.unauthorized);
  // A message larger than the hub reads is not read: ws closes the connection (1009), and the process lives on.
  assert.equal((await socketEnd('/collab/large?token=Ada', { send: Buffer.alloc(MAX_MESSAGE_BYTES + 1) })).code, 1009);
  assert.ok(running(), `the server stopped: ${output.join('')}`);
  assert.equal((await get('/')).status, 200);
});

test('the server of docs/collaboration.md listens on this machine only', async (t) => {
  const outside = Object.values(networkInterfaces())
    .flat()
    .find((address) => address && !address.internal && address.family === 'IPv4');
  if (!outside) return t.skip('no network address but the loopback one');
  const refused = await new Promise((resolve) => {
    const socket = createConnection({ host: outside.address, port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
  assert.ok(refused, `the server answers on ${outside.address}`);
});

test('an editor whose token the server of docs/collaboration.md refuses says unauthorized and stops', async () => {
  const page = await browser.newPage();
  await page.goto(`${base}/`, { waitUntil: 'networkidle0' });
  const state = await page.evaluate(async () => {
    const { connect } = await import(new URL('./rich-editor/rich-editor-collab.min.js', location.href).href);
    const editor = document.createElement('rich-editor');
    document.body.append(editor);
    const stopped = new Promise((resolve) => {
      editor.addEventListener('rich-editor-collab-status', ({ detail }) => {
        if (detail.status !== 'connecting') resolve(detail);
      });
    });
    editor.collaboration = { provider: connect({ url: `ws://${location.host}/collab`, document: 'notes', token: 'Mallory' }), user: { id: 'mallory', name: 'Mallory' } };
    return stopped;
  });
  assert.equal(state.status, 'unauthorized', `the editor said ${JSON.stringify(state)}`);
  assert.ok(state.reason, 'with a sentence saying why');
  assert.equal(state.readOnly, true);
  await page.close();
});
