// npm run bench -- profile: where one target spends its time loading a document.
// Records a CPU profile (Chromium's Profiler domain, through CDP) around load, then
// prints the functions with the most self time, the DOM's element histogram, and typing.
// Our element is bundled from src/ without minifying, so names are readable, from the embed
// bundle's entry and with its chunks apart, so what it loads on demand arrives later as there.
// Usage: node bench/profile.mjs [--target ours] [--size 10000] [--top 25] [--create (only the creation, not the frames after)] [--inclusive (also time including callees)] [--paste N] [--stacks fnA,fnB] [--typing] [--press KEY (KEY instead of typing, the page settling after each)] [--css 'rules'] [--trace file.json (with --typing or --press: a trace of the keys; TRACE_INVALIDATIONS=1 adds what invalidated style and layout, with the script that did)] [--heap file.json (a heap snapshot after GC, summed by kind) [--owners 'kind' (who refers to that kind)] [--snapshot file.heapsnapshot (the raw snapshot)]]
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { generateDocument } from './generate.mjs';
import { commandLine } from './args.mjs';
import { launchChromium, servePages } from './page-server.mjs';

const root = new URL('..', import.meta.url).pathname;
const { args, option } = commandLine(import.meta.url);
const target = option('target', 'ours');
const size = Number(option('size', 10_000));
const top = Number(option('top', 25));
const traceFile = option('trace', null);

await build({
  entryPoints: [join(root, 'bench/adapters', `${target}.js`)],
  // Chunks as the embed bundle has them: what it loads on demand arrives as it does there, later.
  outdir: join(root, 'bench/.build'),
  entryNames: '[name]',
  chunkNames: 'profile-chunks/[name]-[hash]',
  splitting: true,
  bundle: true,
  minify: false,
  format: 'esm',
  target: 'es2022',
  define: { 'process.env.NODE_ENV': '"production"' },
  logLevel: 'warning',
  // package.json's sideEffects names the built files (dist/), so sources would count as free of side effects.
  ignoreAnnotations: true,
  // Our element from its sources, unminified, so the profile names our functions.
  plugins: [{
    name: 'element-from-source',
    setup(b) {
      b.onResolve({ filter: /^\/dist\/browser\/rich-editor\.min\.js$/ }, () => ({ path: join(root, 'src/element/browser.ts') }));
    },
  }],
});

const html = generateDocument(size);
// A document asked for with a seed (a paste's) is generated from it; any other is the one loaded.
const { origin, server } = await servePages((name, seed) => (seed === null ? html : generateDocument(Number(name), seed)));
const browser = await launchChromium();
const page = await browser.newPage();
page.on('pageerror', (e) => console.log('page error:', e.message));
await page.goto(`${origin}/bench/pages/target.html?target=${target}`);
await page.evaluate(() => window.bench.ready);
await page.evaluate((n) => window.bench.fetchDoc(n), size);
const cdp = await page.createCDPSession();

await cdp.send('Profiler.enable');
await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
await cdp.send('Profiler.start');
let load, profile;
if (args.includes('--create')) {
  // Only the element's creation (the document read and drawn), not the frames after it.
  await cdp.send('Profiler.stop');
  const got = new Promise((r) => cdp.once('Profiler.consoleProfileFinished', (e) => r(e.profile)));
  load = await page.evaluate(async () => { const h = await (await fetch('/bench/doc/x.html')).text(); console.profile('c'); const t = performance.now(); await window.benchAdapter.create(document.body, h); const ms = performance.now() - t; console.profileEnd('c'); return ms; });
  profile = await got;
} else {
  load = await page.evaluate(() => window.bench.load());
  ({ profile } = await cdp.send('Profiler.stop'));
}

/** Prints the functions with the most time spent in them or in what they call (each sample counted once per function on its stack). */
function printInclusive(prof) {
  const nodes = new Map(prof.nodes.map((n) => [n.id, n]));
  const parents = new Map();
  for (const n of prof.nodes) for (const c of n.children ?? []) parents.set(c, n.id);
  const total = new Map();
  prof.samples.forEach((id, i) => {
    const seen = new Set();
    for (let p = id; p; p = parents.get(p)) {
      const f = nodes.get(p).callFrame;
      const key = `${f.functionName || '(anonymous)'}  ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
      if (seen.has(key)) continue;
      seen.add(key);
      total.set(key, (total.get(key) ?? 0) + (prof.timeDeltas[i] ?? 0) / 1000);
    }
  });
  console.log('\ninclusive time:');
  for (const [k, v] of [...total].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${v.toFixed(0).padStart(7)} ms  ${k}`);
}

/** Prints the call chains that lead to the functions named in --stacks (comma-separated). */
function printStacks(prof, label) {
  const names = (option('stacks', '') || '').split(',').filter(Boolean);
  if (!names.length) return;
  const nodes = new Map(prof.nodes.map((n) => [n.id, n]));
  const parents = new Map();
  for (const n of prof.nodes) for (const c of n.children ?? []) parents.set(c, n.id);
  const chains = new Map();
  prof.samples.forEach((id, i) => {
    const n = nodes.get(id);
    if (!names.includes(n.callFrame.functionName)) return;
    const chain = [];
    for (let p = parents.get(id); p && chain.length < 10; p = parents.get(p)) chain.push(`${nodes.get(p).callFrame.functionName || '?'}:${nodes.get(p).callFrame.lineNumber + 1}`);
    const key = `${n.callFrame.functionName} <- ${chain.join(' <- ')}`;
    chains.set(key, (chains.get(key) ?? 0) + (prof.timeDeltas[i] ?? 0) / 1000);
  });
  console.log(`\ncall chains (${label}):`);
  for (const [k, v] of [...chains].sort((a, b) => b[1] - a[1]).slice(0, 12)) console.log(`${v.toFixed(0).padStart(7)} ms  ${k}`);
}

const self = new Map();
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const dt = profile.timeDeltas;
profile.samples.forEach((id, i) => {
  const n = byId.get(id);
  const f = n.callFrame;
  const key = `${f.functionName || '(anonymous)'}  ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
  self.set(key, (self.get(key) ?? 0) + (dt[i] ?? 0) / 1000);
});
printStacks(profile, 'load');
if (args.includes('--inclusive')) printInclusive(profile);
const total = [...self.values()].reduce((a, b) => a + b, 0);
console.log(`${target} load ${size}: ${load.toFixed(0)} ms (profile ${total.toFixed(0)} ms)`);
for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${v.toFixed(0).padStart(7)} ms  ${k}`);

const pasteBlocks = Number(option('paste', 0));
if (pasteBlocks) {
  // A paste of `pasteBlocks` generated blocks at a paragraph in the middle, profiled.
  await page.evaluate(() => window.bench.focusMiddle());
  await cdp.send('Profiler.start');
  const pasted = await page.evaluate((n) => window.bench.paste(n, 8), pasteBlocks);
  const pasteProfile = (await cdp.send('Profiler.stop')).profile;
  console.log(`\npaste ${pasteBlocks} blocks: ${pasted.ms.toFixed(0)} ms`);
  const pasteSelf = new Map();
  const pasteById = new Map(pasteProfile.nodes.map((n) => [n.id, n]));
  pasteProfile.samples.forEach((id, i) => {
    const f = pasteById.get(id).callFrame;
    const key = `${f.functionName || '(anonymous)'}  ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
    pasteSelf.set(key, (pasteSelf.get(key) ?? 0) + (pasteProfile.timeDeltas[i] ?? 0) / 1000);
  });
  for (const [k, v] of [...pasteSelf].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${v.toFixed(0).padStart(7)} ms  ${k}`);
  printStacks(pasteProfile, 'paste');
}

const extraCss = option('css', null);
if (extraCss) {
  // An experiment: extra CSS in the editor's shadow root (or the page), e.g. to see what a rule costs.
  await page.evaluate((css) => {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    const root = document.querySelector('rich-editor')?.shadowRoot ?? document;
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  }, extraCss);
}

const press = option('press', null);
if (args.includes('--typing') || press) {
  // With --press KEY, that key (ArrowDown, Enter…) instead of letters, the page settling after each, as the bench's caret moves.
  // Keydown to the next frame and to after paint, as npm run bench measures them, with a CPU profile around them.
  await page.evaluate(() => window.bench.focusMiddle());
  if (traceFile) await page.tracing.start({ path: traceFile, categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'disabled-by-default-devtools.timeline.stack', 'blink', 'v8.execute', ...(process.env.TRACE_INVALIDATIONS ? ['disabled-by-default-devtools.timeline.invalidationTracking'] : [])] });
  await cdp.send('Profiler.start');
  const latencies = [];
  const KEYS = Number(option('keys', 50));
  for (let i = 0; i < KEYS; i++) {
    await page.evaluate(() => window.bench.armKey());
    await page.keyboard.press(press ?? 'abcdefghijklmnopqrstuvwxyz'[i % 26]);
    latencies.push(await page.evaluate(() => window.bench.keyResult()));
    if (press) await page.evaluate(() => window.bench.settle());
  }
  const typed = (await cdp.send('Profiler.stop')).profile;
  if (traceFile) {
    await page.tracing.stop();
    // Main-thread time by trace event (style, layout, paint…), the part a CPU profile calls "(program)".
    const events = JSON.parse(readFileSync(traceFile, 'utf8')).traceEvents ?? [];
    // The page's renderer main thread: the CrRendererMain with the most traced time.
    const mains = new Set(events.filter((e) => e.name === 'thread_name' && e.args?.name === 'CrRendererMain').map((e) => `${e.pid}:${e.tid}`));
    const busy = new Map();
    for (const e of events) if (e.ph === 'X' && e.dur && mains.has(`${e.pid}:${e.tid}`)) busy.set(`${e.pid}:${e.tid}`, (busy.get(`${e.pid}:${e.tid}`) ?? 0) + e.dur);
    const main = [...busy].sort((a, b) => b[1] - a[1])[0]?.[0];
    const byName = new Map();
    for (const e of events) if (e.ph === 'X' && e.dur && `${e.pid}:${e.tid}` === main) byName.set(e.name, (byName.get(e.name) ?? 0) + e.dur / 1000);
    console.log('\nmain thread by trace event (inclusive, ms per keystroke):');
    for (const [k, v] of [...byName].sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`${(v / KEYS).toFixed(1).padStart(7)} ms  ${k}`);
  }
  for (const kind of ['nextFrame', 'afterPaint']) {
    const times = latencies.map((key) => key[kind]);
    const sorted = [...times].sort((a, b) => a - b);
    console.log(`\n${press ?? 'typing'}, keydown to ${kind === 'nextFrame' ? 'next frame' : 'after paint'}: p50 ${sorted[Math.floor(KEYS / 2)].toFixed(1)} ms, p95 ${sorted[Math.ceil(KEYS * 0.95) - 1].toFixed(1)} ms; all: ${times.map((x) => x.toFixed(0)).join(' ')}`);
  }
  const typedSelf = new Map();
  const typedById = new Map(typed.nodes.map((n) => [n.id, n]));
  typed.samples.forEach((id, i) => {
    const f = typedById.get(id).callFrame;
    const key = `${f.functionName || '(anonymous)'}  ${f.url.split('/').pop()}:${f.lineNumber + 1}`;
    typedSelf.set(key, (typedSelf.get(key) ?? 0) + (typed.timeDeltas[i] ?? 0) / 1000);
  });
  for (const [k, v] of [...typedSelf].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${v.toFixed(0).padStart(7)} ms  ${k}`);
  printStacks(typed, 'typing');
}

const heapFile = option('heap', null);
if (heapFile) {
  // A heap snapshot after forced GC, summed by object kind and constructor (self sizes), written
  // to heapFile as JSON so two targets can be compared.
  await cdp.send('HeapProfiler.enable');
  for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage');
  const { usedSize } = await cdp.send('Runtime.getHeapUsage');
  const chunks = [];
  cdp.on('HeapProfiler.addHeapSnapshotChunk', ({ chunk }) => chunks.push(chunk));
  await cdp.send('HeapProfiler.takeHeapSnapshot', { reportProgress: false });
  const snapshot = JSON.parse(chunks.join(''));
  // --snapshot file.heapsnapshot: the raw snapshot too, for DevTools' Memory panel.
  const rawFile = option('snapshot', null);
  if (rawFile) writeFileSync(rawFile, chunks.join(''));
  const { node_fields: fields, node_types: [types] } = snapshot.snapshot.meta;
  const width = fields.length;
  const [typeAt, nameAt, sizeAt] = ['type', 'name', 'self_size'].map((f) => fields.indexOf(f));
  const sums = new Map();
  for (let i = 0; i < snapshot.nodes.length; i += width) {
    const type = types[snapshot.nodes[i + typeAt]];
    let name = snapshot.strings[snapshot.nodes[i + nameAt]];
    if (type === 'string' || type === 'concatenated string' || type === 'sliced string') name = '';
    if (type === 'code' || type === 'hidden' || type === 'array') name = name.length > 40 ? name.slice(0, 40) : name;
    const key = `${type}:${name}`;
    const entry = sums.get(key) ?? { count: 0, size: 0 };
    entry.count++;
    entry.size += snapshot.nodes[i + sizeAt];
    sums.set(key, entry);
  }
  const sorted = [...sums].sort((a, b) => b[1].size - a[1].size);
  const sum = sorted.reduce((a, [, v]) => a + v.size, 0);
  console.log(`\nheap after GC: ${(usedSize / 2 ** 20).toFixed(2)} MiB used (snapshot self sizes ${(sum / 2 ** 20).toFixed(2)} MiB); largest kinds:`);
  for (const [k, v] of sorted.slice(0, top)) console.log(`${(v.size / 1024).toFixed(0).padStart(8)} KiB ${String(v.count).padStart(8)}  ${k}`);
  writeFileSync(heapFile, JSON.stringify({ target, size, usedSize, kinds: Object.fromEntries(sorted) }));
  const ownersOf = option('owners', null);
  if (ownersOf) {
    // Who holds the objects of one kind (e.g. --owners 'array:(object properties)'): their
    // referrers summed by kind and edge name.
    const { edge_fields: edgeFields, edge_types: [edgeTypes] } = snapshot.snapshot.meta;
    const [edgeTypeAt, edgeNameAt, toAt] = ['type', 'name_or_index', 'to_node'].map((f) => edgeFields.indexOf(f));
    const countAt = fields.indexOf('edge_count');
    const kindOf = (i) => {
      const type = types[snapshot.nodes[i + typeAt]];
      return `${type}:${type.includes('string') ? '' : snapshot.strings[snapshot.nodes[i + nameAt]].slice(0, 60)}`;
    };
    const owners = new Map();
    let edge = 0;
    for (let i = 0; i < snapshot.nodes.length; i += width) {
      const from = kindOf(i);
      for (let e = 0; e < snapshot.nodes[i + countAt]; e++, edge += edgeFields.length) {
        const to = snapshot.edges[edge + toAt];
        if (kindOf(to) !== ownersOf) continue;
        const edgeType = edgeTypes[snapshot.edges[edge + edgeTypeAt]];
        const name = edgeType === 'element' || edgeType === 'hidden' ? snapshot.edges[edge + edgeNameAt] : snapshot.strings[snapshot.edges[edge + edgeNameAt]];
        const key = `${from} -[${edgeType} ${edgeType === 'element' ? '#' : name}]->`;
        // Distinct objects per referrer kind (a shared string counts once).
        const entry = owners.get(key) ?? { count: 0, size: 0, seen: new Set() };
        if (!entry.seen.has(to)) {
          entry.seen.add(to);
          entry.count++;
          entry.size += snapshot.nodes[to + sizeAt];
        }
        owners.set(key, entry);
      }
    }
    console.log(`\nreferrers of ${ownersOf}:`);
    for (const [k, v] of [...owners].sort((a, b) => b[1].size - a[1].size).slice(0, top)) console.log(`${(v.size / 1024).toFixed(0).padStart(8)} KiB ${String(v.count).padStart(8)}  ${k}`);
  }

}

const histogram = await page.evaluate(() => {
  const counts = {};
  const walk = (node) => {
    for (const el of node.querySelectorAll('*')) {
      const key = el.tagName.toLowerCase() + (el.className && typeof el.className === 'string' ? `.${el.className.split(' ')[0]}` : '');
      counts[key] = (counts[key] ?? 0) + 1;
      if (el.shadowRoot) walk(el.shadowRoot);
    }
  };
  walk(document);
  let text = 0;
  const w = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (w.nextNode()) text++;
  return { counts, text };
});
console.log(`\nelements by tag (text nodes in light DOM: ${histogram.text}):`);
for (const [k, v] of Object.entries(histogram.counts).sort((a, b) => b[1] - a[1]).slice(0, 20)) console.log(`${String(v).padStart(8)}  ${k}`);
const { nodes } = await cdp.send('Memory.getDOMCounters');
console.log(`DOM nodes (Memory.getDOMCounters): ${nodes}`);

await browser.close();
server.close();
