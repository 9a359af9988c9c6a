// The project's built files served on a free port with a headless Chromium beside them, for the
// end-to-end tests of the embed bundle and the demo: one home for their setup and its cleanup.
import assert from 'node:assert/strict';
import { existsSync } from 'node:fs';
import { after, before } from 'node:test';
import { serve } from '../../../scripts/serve.mjs';
import { launchChromium } from './browser.mjs';

/**
 * Serves the project (scripts/serve.mjs) and launches Chromium before the file's tests, closing
 * both after them. The returned object's `base` (the server's origin) and `browser` are set once
 * the tests start.
 */
export function servingBuild() {
  const site = { base: '', browser: null, server: null };
  before(async () => {
    assert.ok(existsSync('dist/browser/rich-editor.min.js'), 'npm test builds dist/ first');
    site.server = await serve(0);
    site.base = `http://127.0.0.1:${site.server.address().port}`;
    site.browser = await launchChromium();
  });
  after(async () => {
    await site.browser?.close();
    await new Promise((resolve) => (site.server ? site.server.close(resolve) : resolve()));
  });
  return site;
}

/** The URL pattern of the embed bundle's chunk named `name` (`pieces` matches `/dist/browser/pieces-<hash>.min.js`). */
export const chunkPattern = (name) => new RegExp(`/dist/browser/${name}-[\\w-]+\\.min\\.js$`);

/** A promise with its resolve function. */
function settling() {
  let resolve = () => {};
  const promise = new Promise((done) => (resolve = done));
  return { promise, resolve };
}

/**
 * Opens a page on `site` holding one `<rich-editor id="editor">` with `attributes`, loaded from
 * the embed bundle, and `script` run after it (before it first renders). Each chunk of `chunks`
 * (a name and its URL pattern, `chunkPattern`) is handled as `handling` says: `continue` (the
 * default), `hold` until `release()`, or `abort`. Warnings are collected (`warning` settles at the
 * first); any other console error or page error is a problem, except a refused or missing
 * resource's own line. `chunkAsked(name)` settles with the chunk's address once it is asked for.
 * Resolves once the element is defined.
 */
export async function openEmbed(site, { attributes = '', script = '', chunks = {}, handling = {}, viewport } = {}) {
  const page = await site.browser.newPage();
  const problems = [];
  const warnings = [];
  const requested = [];
  const warned = settling();
  const released = settling();
  const asked = Object.fromEntries(Object.keys(chunks).map((name) => [name, settling()]));
  const holding = [];
  page.on('console', (message) => {
    if (message.type() === 'warn' || message.type() === 'warning') {
      warnings.push(message.text());
      warned.resolve();
    } else if (message.type() === 'error' && !/net::ERR_FAILED|404/.test(message.text())) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.setRequestInterception(true);
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/embed.html') {
      const body = `<!doctype html><meta charset="utf-8"><title>Embed</title><script type="module" src="/dist/browser/rich-editor.min.js"></script><rich-editor id="editor" ${attributes}></rich-editor>${script ? `<script>${script}</script>` : ''}`;
      return void request.respond({ status: 200, contentType: 'text/html', body });
    }
    if (url.pathname === '/favicon.ico' || url.pathname.startsWith('/files/')) return void request.respond({ status: 404 });
    const name = Object.keys(chunks).find((chunk) => chunks[chunk].test(url.pathname));
    if (!name) return void request.continue();
    requested.push(name);
    asked[name].resolve(url.href);
    if (handling[name] === 'abort') return void request.abort('failed');
    if (handling[name] === 'hold') return void holding.push(released.promise.then(() => request.continue()));
    request.continue();
  });
  if (viewport) await page.setViewport(viewport);
  await page.goto(`${site.base}/embed.html`);
  await page.waitForFunction(() => customElements.get('rich-editor'));
  return {
    page,
    problems,
    warnings,
    warning: warned.promise,
    requested,
    chunkAsked: (name) => asked[name].promise,
    release: () => (released.resolve(), Promise.all(holding)),
  };
}
