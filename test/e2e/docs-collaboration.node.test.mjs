// docs/collaboration.md as written: its server (server.mjs) and its page (index.html), taken
// from the document's code blocks, run against the built package (dist/, resolved as
// `rich-editor` through a link), with the embed bundle copied beside them as the page says; two
// editors in a real Chromium type into one document and see each other's text and caret.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { launchChromium } from './helpers/browser.mjs';
import { freePort } from '../../scripts/free-port.mjs';

const root = new URL('../..', import.meta.url).pathname;
let folder;
let server;
let browser;
let base;
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
  // The page's script beside it, as the document says: dist/browser copied whole.
  cpSync(join(root, 'dist/browser'), join(folder, 'rich-editor'), { recursive: true });
  // `rich-editor` is this package (its exports point into dist/); `ws` the one it is tested with.
  mkdirSync(join(folder, 'node_modules'));
  symlinkSync(root, join(folder, 'node_modules', 'rich-editor'), 'dir');
  symlinkSync(join(root, 'node_modules', 'ws'), join(folder, 'node_modules', 'ws'), 'dir');
  const port = await freePort();
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
  assert.equal(await page.$eval('#status', (status) => status.textContent), 'synced');
  assert.deepEqual(problems, []);
});
