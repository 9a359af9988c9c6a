// The bench scripts' page server and Chromium, one home: the harness page (bench/pages/), the
// adapters' bundles (bench/.build/), the embed bundle (dist/), generated documents and a 1x1
// image for their image paths, on 127.0.0.1; and headless Chromium set up as every script
// measures it (no background work, a 1280x900 window), and headless Firefox likewise.
import { createServer } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_ARGS as BASE_ARGS, findChromium, findFirefox } from '../scripts/browsers.mjs';

const root = new URL('..', import.meta.url).pathname;
// A 1x1 transparent GIF for the documents' relative image paths.
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css', '.map': 'application/json' };

/**
 * Serves the pages; `/bench/doc/NAME.html?seed=S` is `docFor(NAME, seed)` (the seed a number, or
 * null when not given), a 404 when that gives null. Resolves with the origin and the server.
 */
export async function servePages(docFor) {
  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://x');
    const path = decodeURIComponent(url.pathname);
    const doc = path.match(/^\/bench\/doc\/([\w-]+)\.html$/);
    if (doc) {
      const seed = url.searchParams.get('seed');
      const html = docFor(doc[1], seed === null ? null : Number(seed));
      return html === null ? res.writeHead(404).end() : res.writeHead(200, { 'content-type': 'text/html' }).end(html);
    }
    if (path.startsWith('/bench/img/')) return res.writeHead(200, { 'content-type': 'image/gif', 'cache-control': 'max-age=3600' }).end(GIF);
    const file = join(root, normalize(path));
    const allowed = file.startsWith(join(root, 'dist')) || file.startsWith(join(root, 'bench'));
    if (!allowed || !existsSync(file)) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { origin: `http://127.0.0.1:${server.address().port}`, server };
}

/** The arguments every bench script gives headless Chromium. */
export const CHROMIUM_ARGS = [...BASE_ARGS, '--window-size=1280,900'];

/** Headless Chromium as the bench measures it (`protocolTimeout` in ms), with `extraArgs` after the usual ones. */
export function launchChromium({ protocolTimeout = 300_000, extraArgs = [] } = {}) {
  const executablePath = findChromium();
  if (!executablePath) throw new Error('no Chromium found (set CHROME_PATH)');
  return puppeteer.launch({ executablePath, headless: true, args: [...CHROMIUM_ARGS, ...extraArgs], defaultViewport: { width: 1280, height: 900 }, protocolTimeout });
}

/** Headless Firefox (Debian's Firefox ESR, over WebDriver BiDi) with the bench's 1280x900 viewport; `env`, its environment (the profiler's settings). */
export function launchFirefox({ protocolTimeout = 300_000, env = undefined } = {}) {
  const executablePath = findFirefox();
  if (!executablePath) throw new Error('no Firefox found (apt-get install firefox-esr, or set FIREFOX_PATH)');
  return puppeteer.launch({ browser: 'firefox', executablePath, headless: true, defaultViewport: { width: 1280, height: 900 }, protocolTimeout, ...(env && { env }) });
}
