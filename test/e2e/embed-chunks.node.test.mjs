// The embed bundle's on-demand pieces (toolbar, slash menu, mention list, drag handle, table handles) in a
// real Chromium: the entry alone paints and takes typing while their chunk is held back, each
// piece works on first use once the idle prefetch brought it, a chunk that cannot be fetched
// gives the clear warning and leaves the editor working, and the time from "/" to the painted
// menu is measured with and without the prefetch (printed; docs/benchmarks.md records it).
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before, test } from 'node:test';
import puppeteer from 'puppeteer-core';
import { findChromium } from '../../scripts/browsers.mjs';
import { serve } from '../../scripts/serve.mjs';

const html = (attributes = '') => `<!doctype html><meta charset="utf-8"><title>Embed</title>
<script type="module" src="/dist/browser/rich-editor.min.js"></script>
<rich-editor id="editor" ${attributes} value="<p>Hello</p><table><tbody><tr><td><p>a</p></td><td><p>b</p></td></tr><tr><td><p>c</p></td><td><p>d</p></td></tr></tbody></table><p>After</p>"></rich-editor>`;
/** The chunk the pieces shown on demand are in. */
const PIECES = /\/dist\/browser\/pieces-[\w-]+\.min\.js$/;
const WARNING = "[rich-editor] The editor's menus and handles could not be loaded";

let server;
let browser;
let base;

before(async () => {
  assert.ok(existsSync('dist/browser/rich-editor.min.js'), 'npm test builds dist/ first');
  server = await serve(0);
  base = `http://127.0.0.1:${server.address().port}`;
  browser = await puppeteer.launch({
    executablePath: findChromium(),
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-dev-shm-usage'],
  });
});

after(async () => {
  await browser?.close();
  await new Promise((resolve) => server?.close(resolve));
});

/**
 * Opens the page with the pieces' chunk handled by `pieces` (`continue`, `hold` until the returned
 * `release()`, or `abort`); `noIdle` takes requestIdleCallback away and the fallback's timer with it
 * (no prefetch: the chunk is fetched on first need only).
 */
async function open({ pieces = 'continue', noIdle = false, attributes = '' } = {}) {
  const page = await browser.newPage();
  const problems = [];
  const warnings = [];
  const requested = [];
  let held = null;
  let warned = () => {};
  const warning = new Promise((resolve) => (warned = resolve));
  page.on('console', (message) => {
    if (message.type() === 'warn' || message.type() === 'warning') {
      warnings.push(message.text());
      if (message.text().startsWith(WARNING)) warned();
    }
    // The aborted chunk's own network line is expected there; any other error is not.
    else if (message.type() === 'error' && !(pieces === 'abort' && message.text().includes('net::ERR_FAILED'))) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.setRequestInterception(true);
  let asked = () => {};
  const askedFor = new Promise((resolve) => (asked = resolve));
  let release = () => {};
  const released = new Promise((resolve) => (release = resolve));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/embed.html') return void request.respond({ status: 200, contentType: 'text/html', body: html(attributes) });
    if (url.pathname === '/favicon.ico') return void request.respond({ status: 204 });
    if (!PIECES.test(url.pathname)) return void request.continue();
    requested.push(url.pathname);
    asked();
    if (pieces === 'abort') return void request.abort('failed');
    if (pieces === 'hold') return void (held = released.then(() => request.continue()));
    request.continue();
  });
  if (noIdle) await page.evaluateOnNewDocument(() => Object.defineProperty(window, 'requestIdleCallback', { value: () => 0 }));
  await page.setViewport({ width: 1000, height: 800 });
  await page.goto(`${base}/embed.html`);
  await page.waitForFunction(() => document.getElementById('editor')?.shadowRoot?.querySelector('[role="textbox"] table'));
  return { page, problems, warnings, warning, requested, askedFor, release, held: () => held };
}

const piecesDefined = (page) => page.evaluate(() => !!customElements.get('rich-editor-slash-menu'));
const text = (page) => page.evaluate(() => document.getElementById('editor').getHTML());

/** Waits for the slash menu's popup to show, then returns the time from the "/" keydown to the frame after it showed. */
async function slashToPaint(page) {
  await page.evaluate(() => {
    window.slashAt = null;
    addEventListener('keydown', (event) => event.key === '/' && (window.slashAt = performance.now()), { capture: true, once: true });
  });
  await page.keyboard.type('/');
  // Polled each frame, with a limit, so a menu that never shows fails the test instead of stalling it.
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const editor = document.getElementById('editor');
        const check = () => {
          const popup = editor.shadowRoot.querySelector('rich-editor-slash-menu')?.shadowRoot?.querySelector('[part="slash-menu"]');
          if (popup?.checkVisibility()) requestAnimationFrame((paintedAt) => resolve(paintedAt - window.slashAt));
          else if (performance.now() - window.slashAt > 10000) reject(new Error('the slash menu did not show within 10 s of "/"'));
          else requestAnimationFrame(check);
        };
        check();
      }),
  );
}

test('the entry alone paints the document and takes typing while the pieces chunk is held back', async () => {
  const { page, problems, requested, askedFor, release, held } = await open({ pieces: 'hold' });
  await page.evaluate(() => document.getElementById('editor').focusAt('end'));
  await page.keyboard.type('Typed first');
  assert.match(await text(page), /<p>AfterTyped first<\/p>/);
  assert.equal(await piecesDefined(page), false, 'no piece is defined before its chunk arrives');
  await askedFor;
  assert.equal(requested.length, 1, 'the chunk was asked for once (focus or idle)');
  release();
  await held();
  await page.waitForFunction(() => customElements.get('rich-editor-table-controls'));
  assert.deepEqual(problems, []);
  await page.close();
});

test('after the idle prefetch, "/" opens the slash menu, a hovered table shows its handles and selected text the toolbar', async () => {
  const { page, problems } = await open();
  await page.waitForFunction(() => customElements.get('rich-editor-slash-menu'));
  await page.evaluate(() => document.getElementById('editor').focusAt('end'));
  await page.keyboard.press('Enter');
  const delay = await slashToPaint(page);
  console.log(`"/" to the painted slash menu, chunk prefetched when idle: ${delay.toFixed(1)} ms`);
  await page.keyboard.press('Escape');
  const cell = await page.evaluateHandle(() => document.getElementById('editor').shadowRoot.querySelector('td'));
  const box = await cell.boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForFunction(() =>
    [...document.getElementById('editor').shadowRoot.querySelector('rich-editor-table-controls').shadowRoot.querySelectorAll('button[aria-label="Row options"]')].some((b) => b.checkVisibility()),
  );
  const hello = await page.evaluateHandle(() => document.getElementById('editor').shadowRoot.querySelector('[role="textbox"] p'));
  const word = await hello.boundingBox();
  await page.mouse.click(word.x + 12, word.y + word.height / 2, { clickCount: 2 });
  await page.waitForFunction(() => document.getElementById('editor').shadowRoot.querySelector('rich-editor-toolbar').shadowRoot.querySelector('[part="toolbar"]')?.checkVisibility());
  assert.deepEqual(problems, []);
  await page.close();
});

test('without the idle prefetch, focus fetches the chunk and "/" typed at once still opens the menu', async () => {
  const { page, problems, requested, askedFor } = await open({ noIdle: true });
  assert.equal(await piecesDefined(page), false, 'nothing fetched the chunk before a need');
  await page.evaluate(() => document.getElementById('editor').focusAt('end'));
  await page.keyboard.press('Enter');
  const delay = await slashToPaint(page);
  console.log(`"/" to the painted slash menu, chunk fetched on focus only: ${delay.toFixed(1)} ms`);
  await askedFor;
  assert.equal(requested.length, 1);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a read-only viewer never fetches the pieces chunk, which it does not show', async () => {
  const { page, problems, requested } = await open({ attributes: 'readonly' });
  // Two idle periods after the first paint: where an editable editor's prefetch has run.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve))));
  await page.evaluate(() => document.getElementById('editor').editorView.focus());
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
  assert.deepEqual(requested, []);
  assert.equal(await piecesDefined(page), false);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a pieces chunk that cannot be fetched gives the clear warning and the editor keeps working', async () => {
  const { page, problems, warnings, warning } = await open({ pieces: 'abort' });
  await page.evaluate(() => document.getElementById('editor').focusAt('end'));
  await warning;
  await page.keyboard.type(' still typing /');
  assert.match(await text(page), /<p>After still typing \/<\/p>/);
  assert.equal(await piecesDefined(page), false);
  assert.equal(warnings.filter((w) => w.startsWith(WARNING)).length, 1, `warnings: ${warnings.join(' | ')}`);
  assert.deepEqual(problems, []);
  await page.close();
});
