// npm run bench: our <rich-editor> side by side with TipTap, raw ProseMirror and a bare
// contenteditable, in one headless Chromium, targets interleaved, medians over reps.
// Then the React node-view row (bench/node-views.mjs, Chromium only).
// Flags: --reps N (default 3), --stress (adds the 100,000-block document, in the first rep
// only; --stress-reps N for more), --quick
// (1,000 and 10,000 blocks only), --targets a,b (a subset, e.g. ours,tiptap), --build
// (runs `npm run build` first; otherwise dist/ is built when missing or older than a file
// of src/, package.json or rollup.config.mjs), --browser
// firefox (Debian's Firefox ESR over WebDriver BiDi: ours, TipTap and raw ProseMirror by
// default, no heap figures, results in latest-firefox.json and the Firefox table of
// docs/benchmarks.md; the targets are judged on Chromium).
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { generateDocument } from './generate.mjs';
import { environment, printTable, writeDocs } from './report.mjs';
import { TIPTAP_FEATURES, tiptapFeaturesEntry } from './tiptap-features.mjs';
import { commandLine } from './args.mjs';
import { launchChromium, launchFirefox, servePages } from './page-server.mjs';
import { TYPING_SETTLING_KEYS, caretMoves, median, percentile, presses, settled, typing, typingFigures, wheelRun, wheelSteps } from './steps.mjs';
import { findChromium, findFirefox } from '../scripts/browsers.mjs';

const root = new URL('..', import.meta.url).pathname;
const { args, flag, option } = commandLine(import.meta.url);
const REPS = Number(option('reps', 3));
// Typing: the steady figures are over the keys after TYPING_SETTLING_KEYS (bench/steps.mjs;
// fewer at 100,000 blocks, where a key takes a second or two in the other targets).
const TYPING_STEADY_KEYS = { 10_000: 200, 100_000: 50 };
const TYPING_SIZE = 10_000;
// The frames timed after the 10,000-block document's load, and the caret moves timed after its typing.
const AFTER_LOAD_MS = 4_000;
const CARET_MOVES = 24;
/** Enter pressed where the caret moves left it (a new block in the middle of the document), the page settling after each. */
const ENTERS = 12;
/** Wheel steps down the page after the popups, the page settling after each, and how far each scrolls. */
const WHEEL_STEPS = 30;
const WHEEL_DELTA = 600;
const PASTE_SIZE = 1_000;
const SIZES = [1_000, 10_000, ...(flag('quick') ? [] : [30_000]), ...(flag('stress') ? [100_000] : [])];
// The 100,000-block document runs in the first rep only (--stress-reps N for more): a rep of it
// takes TipTap minutes (its load alone is about 45 s), and its figures are far from the others'.
const STRESS_REPS = Number(option('stress-reps', 1));
const BROWSER = option('browser', 'chromium');
if (BROWSER !== 'chromium' && BROWSER !== 'firefox') throw new Error(`--browser takes chromium or firefox, not ${BROWSER}`);
const TARGETS = option('targets', BROWSER === 'firefox' ? 'ours,tiptap,prosemirror' : 'ours,tiptap,prosemirror,contenteditable').split(',');
const PAGE_TIMEOUT = 180_000;

const gz = (code) => gzipSync(code, { level: 9 }).length;

// ---------------------------------------------------------------- build

/**
 * The source file changed last, when it is newer than the embed bundle's entry (or the entry is
 * missing): the bench measures what dist/ holds, so a build left from other code would be
 * measured in its place.
 */
function staleBuild() {
  const entry = join(root, 'dist/browser/rich-editor.min.js');
  if (!existsSync(entry)) return 'no build';
  const built = statSync(entry).mtimeMs;
  const sources = [...readdirSync(join(root, 'src'), { recursive: true }).map((file) => join('src', file)), 'package.json', 'rollup.config.mjs'];
  return sources.find((file) => statSync(join(root, file)).mtimeMs > built) ?? null;
}
const stale = flag('build') ? 'asked for' : staleBuild();
if (stale) {
  console.log(`running npm run build (${stale === 'asked for' || stale === 'no build' ? stale : `${stale} is newer than dist/`})`);
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
}
const buildDir = join(root, 'bench/.build');
mkdirSync(buildDir, { recursive: true });
/** Bundles and minifies an adapter (a file, or `{ contents }` resolved in bench/adapters/) the way a page would load it. */
const bundleAdapter = (entry, outfile) =>
  build({
    ...(typeof entry === 'string' ? { entryPoints: [entry] } : { stdin: { contents: entry.contents, resolveDir: join(root, 'bench/adapters'), loader: 'js' } }),
    ...(outfile ? { outfile } : { write: false }),
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    define: { 'process.env.NODE_ENV': '"production"' },
    external: ['/dist/*'],
    logLevel: 'warning',
  });
for (const target of TARGETS) await bundleAdapter(join(root, 'bench/adapters', `${target}.js`), join(buildDir, `${target}.js`));
// TipTap with the element's features (bench/tiptap-features.mjs): bundled for the bundle
// target, and loaded once below to check that it is a working editor.
const SAME_FEATURES = 'tiptap-same-features';
await bundleAdapter({ contents: tiptapFeaturesEntry() }, join(buildDir, `${SAME_FEATURES}.js`));

/**
 * The React wrapper on top of the element: ours (src/react with @lit/react) and TipTap's
 * @tiptap/react, each bundled with everything below it (element, editor core, React) left
 * external, so only the wrapper's own bytes count.
 */
async function reactWrapperSizes() {
  const measure = async (contents, external) => {
    const result = await build({
      stdin: { contents, resolveDir: root, loader: 'js' },
      bundle: true,
      minify: true,
      format: 'esm',
      target: 'es2022',
      write: false,
      logLevel: 'warning',
      define: { 'process.env.NODE_ENV': '"production"' },
      plugins: [{ name: 'below-the-wrapper', setup: (b) => b.onResolve({ filter: /.*/ }, (args) => (external(args.path, args.resolveDir) ? { path: args.path, external: true } : undefined)) }],
    });
    const code = result.outputFiles[0].contents;
    return { minified: code.length, gzipped: gz(code) };
  };
  const below = /^((react|react-dom|lit|lit-html|lit-element|@lit\/reactive-element)(\/.*)?|prosemirror-.*|@tiptap\/(core|pm)(\/.*)?)$/;
  return {
    ours: {
      ...(await measure("export * from './src/react/index.ts';", (path) => below.test(path) || /\/(element|core)\//.test(path))),
      note: 'src/react with @lit/react; the element, lit and React external',
    },
    tiptap: {
      ...(await measure("export * from '@tiptap/react';", (path) => below.test(path))),
      note: '@tiptap/react; @tiptap/core, @tiptap/pm and React external',
    },
  };
}

/**
 * TipTap with the element's features: its whole bundle, and what each feature's
 * extension adds on its own to the benchmark's TipTap configuration.
 */
async function sameFeaturesSizes() {
  const size = async (rows) => {
    const code = (await bundleAdapter({ contents: tiptapFeaturesEntry(rows) })).outputFiles[0].contents;
    return { minified: code.length, gzipped: gz(code) };
  };
  const whole = readFileSync(join(buildDir, `${SAME_FEATURES}.js`));
  const base = await size([]);
  const features = [];
  for (const row of TIPTAP_FEATURES) {
    const alone = await size([row]);
    features.push({ feature: row.feature, packages: row.packages, note: row.note, gzipped: alone.gzipped - base.gzipped, minified: alone.minified - base.minified });
  }
  // The figure without the extension that adds the most, so the comparison's sensitivity to it is on record.
  const largest = features.reduce((a, b) => (b.gzipped > a.gzipped ? b : a));
  const withoutLargest = { feature: largest.feature, ...(await size(TIPTAP_FEATURES.filter((row) => row.feature !== largest.feature))) };
  return { minified: whole.length, gzipped: gz(whole), base, features, withoutLargest, note: `bench/.build/${SAME_FEATURES}.js: the TipTap target plus the extensions in bench/tiptap-features.mjs (esbuild, minified)` };
}

/**
 * The files of dist/browser/ the pages of ours had fetched once the 10,000-block document was
 * open and the page settled, before anything was typed, pasted or opened in it, by name.
 */
const defaultEditorFiles = new Set();
/** The same for a default editable editor on a document of text (DEFAULT_EDITOR_DOC): the default editor's row. */
const textEditorFiles = new Set();
/** The document the default editor's row opens: 200 blocks of text, as a description or a page is. */
const DEFAULT_EDITOR_DOC = '200-text';

/**
 * Minified and gzipped bytes of what a page loads for each target. Ours: every file of the
 * embed bundle a default editable editor fetched (the entry, and the chunks it loads for the
 * document and when idle), each gzipped, with the entry on its own beside the total.
 */
function bundleSizes() {
  const sizes = {};
  for (const target of TARGETS) {
    const adapter = readFileSync(join(buildDir, `${target}.js`));
    if (target === 'ours') {
      const fetched = (set) => {
        const names = ['rich-editor.min.js', ...[...set].filter((name) => name !== 'rich-editor.min.js').sort()];
        const files = names.map((name) => readFileSync(join(root, 'dist/browser', name)));
        return { names, files, gzipped: files.reduce((sum, file) => sum + gz(file), 0), sizes: Object.fromEntries(names.map((name, i) => [name, gz(files[i])])) };
      };
      const page = fetched(defaultEditorFiles);
      const text = textEditorFiles.size ? fetched(textEditorFiles) : null;
      sizes[target] = {
        minified: page.files.reduce((sum, file) => sum + file.length, 0),
        gzipped: page.gzipped,
        entry: gz(page.files[0]),
        files: page.sizes,
        ...(text && { defaultEditor: { gzipped: text.gzipped, files: text.sizes, document: DEFAULT_EDITOR_DOC } }),
        note: `dist/browser/: ${page.names.join(', ')}, each gzipped (what the 10,000-block page fetched before any input)`,
      };
    } else sizes[target] = { minified: adapter.length, gzipped: gz(adapter), note: `bench/.build/${target}.js (esbuild, minified)` };
  }
  return sizes;
}

/** The npm tarball, packed, in bytes (what `npm pack` would write; the build is current). */
function packageSize() {
  const [result] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts', '--loglevel=error'], { cwd: root, encoding: 'utf8' }));
  return { packed: result.size, unpacked: result.unpackedSize, files: result.entryCount };
}

// ---------------------------------------------------------------- server

const docs = new Map();
/**
 * The document of `size` blocks from `seed`; size '1mb' is the first document of at least
 * 1,000,000 bytes, 'N-text' a document of N blocks of text only.
 */
const docFor = (size, seed = 42) => {
  const key = `${size}/${seed}`;
  if (!docs.has(key)) {
    let html = '';
    if (size === '1mb') for (let n = 3000; html.length < 1_000_000; n += 50) html = generateDocument(n, seed);
    else html = generateDocument(Number.parseInt(size, 10), seed, { text: size.endsWith('-text') });
    docs.set(key, html);
  }
  return docs.get(key);
};
const { origin, server } = await servePages((name, seed) => (/^(\d+(-text)?|1mb)$/.test(name) ? docFor(name, seed ?? 42) : null));

// ---------------------------------------------------------------- browser

const executablePath = BROWSER === 'firefox' ? findFirefox() : findChromium();
const browser = BROWSER === 'firefox' ? await launchFirefox({ protocolTimeout: PAGE_TIMEOUT }) : await launchChromium({ protocolTimeout: PAGE_TIMEOUT });

/**
 * Opens a fresh page on `target` with the document of `size` blocks fetched. Each page
 * gets its own browser context, so its own renderer process and V8 heap: pages of the
 * same origin would otherwise share a process, and a heap figure would include what an
 * earlier page left behind.
 */
async function openPage(target, size) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  page.setDefaultTimeout(PAGE_TIMEOUT);
  const errors = [];
  page.on('pageerror', (error) => errors.push(String(error.message ?? error)));
  // What the page fetches of the embed bundle (the entry and the chunks it loads), for the bundle rows.
  const fetched = new Set();
  page.on('request', (request) => {
    const path = new URL(request.url()).pathname;
    if (path.startsWith('/dist/browser/') && path.endsWith('.js')) fetched.add(path.slice('/dist/browser/'.length));
  });
  await page.goto(`${origin}/bench/pages/target.html?target=${target}`);
  await page.evaluate(() => window.bench.ready);
  await page.evaluate((n) => window.bench.fetchDoc(n), size);
  // The heap figures come from CDP, which Firefox does not speak.
  const cdp = BROWSER === 'chromium' ? await page.createCDPSession() : null;
  return { page, cdp, errors, context, fetched };
}

/** JS heap and DOM nodes after forced GC (Chromium). */
async function heapAfterGC(cdp) {
  await cdp.send('HeapProfiler.enable');
  for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  const { nodes } = await cdp.send('Memory.getDOMCounters');
  return { heap: usedSize, domNodes: nodes };
}

/**
 * The DOM heap: bytes of live objects on Blink's garbage-collected heap (Oilpan) in the
 * page's renderer, from a Chromium memory dump (the memory-infra trace category). DOM nodes,
 * their styles and layout objects live there; the JavaScript heap is counted apart.
 * The renderer is the one the trace's start event names for the page's main frame.
 * It is read after GC at the end of a page's run: a detailed dump slows the JavaScript
 * that runs right after it (getHTML took 117-127 ms after one, 97-102 ms without), so it
 * must not come before a timed step.
 */
async function blinkHeap(cdp) {
  await cdp.send('HeapProfiler.enable');
  for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage');
  const events = [];
  const collect = (data) => events.push(...data.value);
  cdp.on('Tracing.dataCollected', collect);
  const complete = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve));
  await cdp.send('Tracing.start', {
    traceConfig: { includedCategories: ['disabled-by-default-memory-infra', 'disabled-by-default-devtools.timeline'], excludedCategories: ['*'], memoryDumpConfig: { triggers: [] } },
    transferMode: 'ReportEvents',
  });
  const { success } = await cdp.send('Tracing.requestMemoryDump', { deterministic: true, levelOfDetail: 'detailed' });
  await cdp.send('Tracing.end');
  await complete;
  cdp.off('Tracing.dataCollected', collect);
  const frames = events.find((event) => event.name === 'TracingStartedInBrowser')?.args?.data?.frames ?? [];
  const pid = frames.find((frame) => frame.isOutermostMainFrame)?.processId;
  const dump = events.find((event) => event.ph === 'v' && event.pid === pid && event.args?.dumps?.allocators?.['blink_gc/main/allocated_objects']);
  const size = dump?.args.dumps.allocators['blink_gc/main/allocated_objects'].attrs?.size;
  return success && size?.units === 'bytes' ? parseInt(size.value, 16) : null;
}

/** Slash menu open and filter, and mention list open: keydown to the painted frame that shows them. */
async function popups(page) {
  const timed = async (kind, keys) => {
    await page.evaluate((k) => window.bench.armPopup(k), kind);
    await page.keyboard.type(keys);
    return page.evaluate(() => window.bench.popupResult());
  };
  await page.keyboard.type(' ');
  const slashOpen = await timed('slash', '/');
  // The first letter of a query narrows the full list (to the headings and whatever else matches 'h').
  const slashFilter = await timed('slash', 'h');
  await page.keyboard.press('Escape');
  await page.keyboard.type(' ');
  const mentionOpen = await timed('mention', '@');
  await page.keyboard.press('Escape');
  return { slashOpen, slashFilter, mentionOpen };
}

// samples[metric][target] = [numbers…]; each sample is one rep's figure.
const samples = {};
const add = (metric, target, value) => {
  samples[metric] ??= {};
  (samples[metric][target] ??= []).push(value);
};
// keystrokes[size][target] = one array per rep of each key's { nextFrame, afterPaint } in ms, in the order typed.
const keystrokes = {};
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
// How busy the machine was when the run began (1, 5 and 15 minutes): figures from a busy machine run long.
const loadAtStart = loadavg().map((value) => value.toFixed(2)).join(', ');

// The same-features TipTap bundle is only measured for size; loading the 1,000-block
// document with it once shows that what is measured is a working editor.
let sameFeaturesCheck = null;
{
  let session;
  try {
    session = await openPage(SAME_FEATURES, 1_000);
    const ms = await session.page.evaluate(() => window.bench.load());
    const kept = await session.page.evaluate(() => window.bench.blocks());
    const htmlLength = await session.page.evaluate(() => window.bench.getHTML(1).length);
    await session.page.evaluate(() => window.bench.destroy());
    sameFeaturesCheck = { loadMs: ms, ...kept, htmlLength, errors: session.errors };
    if (session.errors.length || kept.blocks < 900 || kept.tables < 5 || !htmlLength) problems.push(`${SAME_FEATURES}: the 1,000-block document did not load cleanly (${JSON.stringify(sameFeaturesCheck)})`);
  } catch (error) {
    problems.push(`${SAME_FEATURES}: ${error.message}`);
  } finally {
    await session?.context.close().catch(() => {});
  }
  console.log(`${SAME_FEATURES}: loads the 1,000-block document: ${JSON.stringify(sameFeaturesCheck)}`);
}

// What a default editable editor loads on a document of text, before any input.
if (TARGETS.includes('ours')) {
  let session;
  try {
    session = await openPage('ours', DEFAULT_EDITOR_DOC);
    await session.page.evaluate(() => window.bench.load());
    await settled(session.page);
    for (const name of session.fetched) textEditorFiles.add(name);
    if (session.errors.length) problems.push(`ours on a document of text: page errors: ${session.errors.join('; ')}`);
  } catch (error) {
    problems.push(`ours on a document of text: ${error.message}`);
  } finally {
    await session?.context.close().catch(() => {});
  }
}

for (let rep = 0; rep < REPS; rep++) {
  for (const size of SIZES.filter((size) => size !== 100_000 || rep < STRESS_REPS)) {
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
        if (size === TYPING_SIZE) {
          // What the first seconds after the first paint are like (work a target does then: views, styles, chunks).
          const after = await page.evaluate((ms) => window.bench.afterLoad(ms), AFTER_LOAD_MS);
          add(`after load longest ${size}`, target, after.longest);
          add(`after load blocked ${size}`, target, after.blocked);
        }
        const kept = await page.evaluate(() => window.bench.blocks());
        if (rep === 0) checkFidelity(target, size, kept);
        if (size === PASTE_SIZE) {
          // Pastes at the caret in the middle of the 1,000-block document: 1 MB of HTML, then 5,000 blocks (caret in the middle again).
          await page.evaluate(() => window.bench.focusMiddle());
          const before = (await page.evaluate(() => window.bench.blocks())).blocks;
          const oneMb = await page.evaluate(() => window.bench.paste('1mb', 7));
          const middle = (await page.evaluate(() => window.bench.blocks())).blocks;
          // Back to a top-level paragraph: the first paste may end inside a list item.
          await page.evaluate(() => window.bench.focusMiddle());
          const fiveK = await page.evaluate(() => window.bench.paste(5000, 8));
          const after = (await page.evaluate(() => window.bench.blocks())).blocks;
          if (middle > before && after > middle) {
            add('paste 1 MB', target, oneMb.ms);
            add('paste 5000 blocks', target, fiveK.ms);
          } else problems.push(`${label}: the pastes did not add blocks (${before} -> ${middle} -> ${after})`);
        }
        if (size === TYPING_SIZE || size === 100_000) {
          await settled(page);
          // What a default editor loads: what the page fetched by now, the document open and nothing done in it yet.
          if (target === 'ours' && size === TYPING_SIZE) for (const name of session.fetched) defaultEditorFiles.add(name);
          if (cdp) {
            const memory = await heapAfterGC(cdp);
            add(`heap ${size}`, target, memory.heap);
            add(`dom nodes ${size}`, target, memory.domNodes);
          }
          const keys = await typing(page, TYPING_SETTLING_KEYS + TYPING_STEADY_KEYS[size]);
          ((keystrokes[size] ??= {})[target] ??= []).push(keys);
          add(`typing first key ${size}`, target, keys[0].afterPaint);
          const figures = typingFigures(keys);
          add(`typing next frame p50 ${size}`, target, figures.nextFrameP50);
          add(`typing next frame p95 ${size}`, target, figures.nextFrameP95);
          add(`typing steady p50 ${size}`, target, figures.afterPaintP50);
          add(`typing steady p95 ${size}`, target, figures.afterPaintP95);
          // One call on the document the typing just changed: an editor that keeps the HTML
          // of an unchanged document (ours does, for \`value\`) serialises here like the others.
          const { times, length } = await page.evaluate(() => window.bench.getHTML(1));
          add(`getHTML ${size}`, target, times[0]);
          add(`html length ${size}`, target, length);
          // The first call writes every block (none was written before on this page); then, after
          // one key, as a host saving markdown as the text changes calls it: ours writes only the
          // blocks the key changed again.
          const markdown = await page.evaluate(() => window.bench.markdown(1));
          if (markdown) {
            add(`markdown ${size}`, target, markdown.times[0]);
            await presses(page, 'x', 1);
            add(`markdown after key ${size}`, target, (await page.evaluate(() => window.bench.markdown(1))).times[0]);
          }
          if (size === TYPING_SIZE) {
            const moves = await caretMoves(page, CARET_MOVES);
            add(`caret down p50 ${size}`, target, percentile(moves, 50));
            add(`caret down p95 ${size}`, target, percentile(moves, 95));
            const enters = await presses(page, 'Enter', ENTERS);
            add(`enter p50 ${size}`, target, percentile(enters, 50));
            add(`enter p95 ${size}`, target, percentile(enters, 95));
          }
          if (size === TYPING_SIZE && (await page.evaluate(() => window.bench.hasPopups()))) {
            const shown = await popups(page);
            for (const [name, ms] of Object.entries({ 'slash menu open': shown.slashOpen, 'slash menu filter': shown.slashFilter, 'mention list open': shown.mentionOpen })) {
              if (ms === null) problems.push(`${label}: ${name}: the popup did not show (or did not change) within 10 s`);
              else add(`${name} ${size}`, target, ms);
            }
          }
          if (size === TYPING_SIZE) {
            // After the popups, which type at the caret: scrolled away from it, typing would scroll back first.
            const scrolls = await wheelSteps(page, WHEEL_STEPS, WHEEL_DELTA);
            add(`scroll p50 ${size}`, target, percentile(scrolls, 50));
            add(`scroll p95 ${size}`, target, percentile(scrolls, 95));
            // Then on down, into blocks no step has shown yet, without pausing.
            await settled(page);
            const frames = await wheelRun(page, WHEEL_STEPS, WHEEL_DELTA);
            add(`scroll run p95 ${size}`, target, percentile(frames, 95));
            add(`scroll run longest ${size}`, target, Math.max(...frames));
          }
          // Last: nothing timed may follow the memory dump.
          const domHeap = cdp && (await blinkHeap(cdp));
          if (domHeap != null) add(`dom heap ${size}`, target, domHeap);
          else if (cdp) problems.push(`${label}: no DOM heap figure (the memory dump named no renderer for the page)`);
        }
        await page.evaluate(() => window.bench.destroy());
        if (session.errors.length) problems.push(`${label}: page errors: ${[...new Set(session.errors)].slice(0, 3).join(' | ')}`);
      } catch (error) {
        problems.push(`${label}: ${error.message}`);
      } finally {
        await session?.context.close().catch(() => {});
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
  browser: BROWSER,
  afterLoadMs: AFTER_LOAD_MS,
  caretMoves: CARET_MOVES,
  wheelSteps: WHEEL_STEPS,
  wheelDelta: WHEEL_DELTA,
  enters: ENTERS,
  durationSeconds: Math.round((Date.now() - started) / 1000),
  reps: REPS,
  stressReps: flag('stress') ? Math.min(STRESS_REPS, REPS) : 0,
  sizes: SIZES,
  targets: TARGETS,
  typing: { settlingKeys: TYPING_SETTLING_KEYS, steadyKeys: TYPING_STEADY_KEYS },
  environment: { ...(await environment(root, executablePath)), loadAverage: loadAtStart },
  bundle: bundleSizes(),
  package: packageSize(),
  bundleSameFeatures: { ...(await sameFeaturesSizes()), check: sameFeaturesCheck },
  reactWrapper: await reactWrapperSizes(),
  medians: Object.fromEntries(Object.entries(samples).map(([metric, byTarget]) => [metric, Object.fromEntries(Object.entries(byTarget).map(([t, xs]) => [t, median(xs)]))])),
  samples,
  keystrokes,
  fidelity,
  problems,
  notMeasured: [
    'markdown: TipTap and raw ProseMirror as configured here have no markdown serialiser for this schema (tables, task lists)',
    'popups: raw ProseMirror and the bare contenteditable have no suggestion popups',
    ...(flag('stress') ? [] : ['the 100,000-block document (run with --stress)']),
    ...(BROWSER === 'firefox' ? ['JS heap, DOM heap and DOM nodes: read through CDP, which Firefox does not offer'] : []),
  ],
};
mkdirSync(join(root, 'bench/results'), { recursive: true });
const resultsFile = `bench/results/${BROWSER === 'chromium' ? 'latest' : `latest-${BROWSER}`}.json`;
writeFileSync(join(root, resultsFile), `${JSON.stringify(results, null, 2)}\n`);
console.log(`\n${printTable(results)}`);
// One page for both engines: the Chromium run (which the targets are judged on) with the Firefox table.
const stored = (file) => (existsSync(join(root, file)) ? JSON.parse(readFileSync(join(root, file), 'utf8')) : null);
const chromiumResults = BROWSER === 'chromium' ? results : stored('bench/results/latest.json');
if (chromiumResults) {
  writeDocs(root, chromiumResults, BROWSER === 'firefox' ? results : stored('bench/results/latest-firefox.json'));
  console.log(`\nwrote ${resultsFile} and docs/benchmarks.md`);
} else console.log(`\nwrote ${resultsFile}; docs/benchmarks.md waits for a Chromium run`);
if (problems.length) console.log(`problems:\n  ${problems.join('\n  ')}`);
// The React node-view row (its own pages and section of docs/benchmarks.md), in the Chromium run.
if (BROWSER === 'chromium' && !TARGETS.every((target) => target === 'contenteditable')) {
  execFileSync(process.execPath, [join(root, 'bench/node-views.mjs'), '--reps', String(REPS)], { cwd: root, stdio: 'inherit' });
}
