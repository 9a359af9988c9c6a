// npm run bench: our <rich-editor> side by side with TipTap, raw ProseMirror and a bare
// contenteditable, in one headless Chromium, targets interleaved, medians over reps.
// Flags: --reps N (default 3), --stress (adds the 100,000-block document), --quick
// (1,000 and 10,000 blocks only), --targets a,b (a subset, e.g. ours,tiptap), --build
// (runs `npm run build` first; otherwise dist/ is built only when missing).
import { createServer } from 'node:http';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { extname, join, normalize } from 'node:path';
import { execFileSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import puppeteer from 'puppeteer-core';
import { findChromium } from '../scripts/chromium.mjs';
import { generateDocument } from './generate.mjs';
import { environment, printTable, writeDocs } from './report.mjs';

const root = new URL('..', import.meta.url).pathname;
const args = process.argv.slice(2);
const flag = (name) => args.includes(`--${name}`);
const option = (name, fallback) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const REPS = Number(option('reps', 3));
const TYPING_KEYS = 50;
const TYPING_SIZE = 10_000;
const SIZES = [1_000, 10_000, ...(flag('quick') ? [] : [30_000]), ...(flag('stress') ? [100_000] : [])];
const TARGETS = option('targets', 'ours,tiptap,prosemirror,contenteditable').split(',');
const PAGE_TIMEOUT = 180_000;

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? (s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2) : null;
};
const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : null;
};
const gz = (code) => gzipSync(code, { level: 9 }).length;

// ---------------------------------------------------------------- build

if (flag('build') || !existsSync(join(root, 'dist/browser/rich-editor.min.js'))) {
  console.log('running npm run build');
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}
const buildDir = join(root, 'bench/.build');
mkdirSync(buildDir, { recursive: true });
for (const target of TARGETS) {
  await build({
    entryPoints: [join(root, 'bench/adapters', `${target}.js`)],
    outfile: join(buildDir, `${target}.js`),
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    define: { 'process.env.NODE_ENV': '"production"' },
    external: ['/dist/*'],
    logLevel: 'warning',
  });
}

/** Minified and gzipped bytes of what a page loads up front for each target. */
function bundleSizes() {
  const sizes = {};
  for (const target of TARGETS) {
    const adapter = readFileSync(join(buildDir, `${target}.js`));
    if (target === 'ours') {
      const element = readFileSync(join(root, 'dist/browser/rich-editor.min.js'));
      sizes[target] = { minified: element.length, gzipped: gz(element), note: 'dist/browser/rich-editor.min.js (lazy chunks excluded)' };
    } else sizes[target] = { minified: adapter.length, gzipped: gz(adapter), note: `bench/.build/${target}.js (esbuild, minified)` };
  }
  return sizes;
}

// ---------------------------------------------------------------- server

const docs = new Map();
const docFor = (size) => {
  if (!docs.has(size)) docs.set(size, generateDocument(size));
  return docs.get(size);
};
// A 1x1 transparent GIF for the documents' relative image paths.
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');
const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.mjs': 'text/javascript', '.css': 'text/css', '.map': 'application/json' };
const server = createServer((req, res) => {
  const path = decodeURIComponent(new URL(req.url, 'http://x').pathname);
  const doc = path.match(/^\/bench\/doc\/(\d+)\.html$/);
  if (doc) return res.writeHead(200, { 'content-type': 'text/html' }).end(docFor(Number(doc[1])));
  if (path.startsWith('/bench/img/')) return res.writeHead(200, { 'content-type': 'image/gif', 'cache-control': 'max-age=3600' }).end(GIF);
  const file = join(root, normalize(path));
  const allowed = file.startsWith(join(root, 'dist')) || file.startsWith(join(root, 'bench'));
  if (!allowed || !existsSync(file)) return res.writeHead(404).end();
  res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(readFileSync(file));
});
await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
const origin = `http://127.0.0.1:${server.address().port}`;

// ---------------------------------------------------------------- browser

const executablePath = findChromium();
if (!executablePath) throw new Error('no Chromium found (set CHROME_PATH)');
const browser = await puppeteer.launch({
  executablePath,
  headless: true,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--window-size=1280,900'],
  defaultViewport: { width: 1280, height: 900 },
  protocolTimeout: PAGE_TIMEOUT,
});

/** Opens a fresh page on `target` with the document of `size` blocks fetched. */
async function openPage(target, size) {
  const page = await browser.newPage();
  page.setDefaultTimeout(PAGE_TIMEOUT);
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error.message ?? error)));
  await page.goto(`${origin}/bench/pages/target.html?target=${target}`);
  await page.evaluate(() => window.bench.ready);
  await page.evaluate((n) => window.bench.fetchDoc(n), size);
  const cdp = await page.createCDPSession();
  return { page, cdp, errors };
}

async function heapAfterGC(cdp) {
  await cdp.send('HeapProfiler.enable');
  for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  const { nodes } = await cdp.send('Memory.getDOMCounters');
  return { heap: usedSize, domNodes: nodes };
}

async function typing(page) {
  await page.evaluate(() => window.bench.focusMiddle());
  const latencies = [];
  const letters = 'abcdefghijklmnopqrstuvwxyz';
  for (let i = 0; i < TYPING_KEYS; i++) {
    await page.evaluate(() => window.bench.armKey());
    await page.keyboard.press(letters[i % letters.length]);
    latencies.push(await page.evaluate(() => window.bench.keyResult()));
  }
  return latencies;
}

// samples[metric][target] = [numbers…]; each sample is one rep's figure.
const samples = {};
const add = (metric, target, value) => {
  samples[metric] ??= {};
  (samples[metric][target] ??= []).push(value);
};
const problems = [];
const fidelity = {};
/** Notes a target that did not keep the document's structure (its figures are then not comparable). */
function checkFidelity(target, size, kept) {
  const tables = Math.floor(size / 200);
  (fidelity[size] ??= {})[target] = kept;
  if (kept.tables < tables * 0.9 || Math.abs(kept.blocks - size) > size * 0.1) {
    problems.push(`${target} at ${size} blocks kept ${kept.blocks} top-level blocks and ${kept.tables} of ${tables} tables: its figures at this size are not comparable`);
  }
}
const started = Date.now();

for (let rep = 0; rep < REPS; rep++) {
  for (const size of SIZES) {
    // Interleaved: A B C D for each size in each rep, the order rotated between reps.
    const order = TARGETS.map((_, i) => TARGETS[(i + rep) % TARGETS.length]);
    for (const target of order) {
      const label = `rep ${rep + 1}/${REPS} ${String(size).padStart(6)} blocks ${target}`;
      const t0 = Date.now();
      let session;
      try {
        session = await openPage(target, size);
        const { page, cdp } = session;
        add(`load ${size}`, target, await page.evaluate(() => window.bench.load()));
        const kept = await page.evaluate(() => window.bench.blocks());
        if (rep === 0) checkFidelity(target, size, kept);
        if (size === TYPING_SIZE || size === 100_000) {
          const memory = await heapAfterGC(cdp);
          add(`heap ${size}`, target, memory.heap);
          add(`dom nodes ${size}`, target, memory.domNodes);
          const { times, length } = await page.evaluate(() => window.bench.getHTML(3));
          add(`getHTML ${size}`, target, median(times));
          add(`html length ${size}`, target, length);
          const latencies = await typing(page);
          add(`typing p50 ${size}`, target, percentile(latencies, 50));
          add(`typing p95 ${size}`, target, percentile(latencies, 95));
        }
        await page.evaluate(() => window.bench.destroy());
        if (session.errors.length) problems.push(`${label}: page errors: ${[...new Set(session.errors)].slice(0, 3).join(' | ')}`);
      } catch (error) {
        problems.push(`${label}: ${error.message}`);
      } finally {
        await session?.page.close().catch(() => {});
      }
      console.log(`${label}  ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    }
  }
}
await browser.close().catch(() => {});
server.close();

// ---------------------------------------------------------------- results

const results = {
  date: new Date().toISOString(),
  durationSeconds: Math.round((Date.now() - started) / 1000),
  reps: REPS,
  sizes: SIZES,
  targets: TARGETS,
  typingKeys: TYPING_KEYS,
  environment: await environment(root, executablePath),
  bundle: bundleSizes(),
  medians: Object.fromEntries(Object.entries(samples).map(([metric, byTarget]) => [metric, Object.fromEntries(Object.entries(byTarget).map(([t, xs]) => [t, median(xs)]))])),
  samples,
  fidelity,
  problems,
  notMeasured: [
    'popups: slash menu open and filter latency, mention list open latency',
    'paste: a 1 MB HTML paste and a 5,000-block paste',
    'serialise: markdown on the 10,000-block document',
    'bundle: the React wrapper on top of the element',
    'load at 100,000 blocks unless run with --stress',
  ],
};
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(join(root, 'bench/results/latest.json'), `${JSON.stringify(results, null, 2)}\n`);
console.log(`\n${printTable(results)}`);
writeDocs(root, results);
console.log('\nwrote bench/results/latest.json and docs/benchmarks.md');
if (problems.length) console.log(`problems:\n  ${problems.join('\n  ')}`);
