// How fast `parseHTML` reads the editor's own markup, in headless Chromium (Node's timings mislead:
// there prosemirror-model runs from its CommonJS build, transpiled to ES5 classes and far slower).
// Bundles src/core/serialize/html.ts with esbuild, parses `generateDocument(size)` `runs` times and
// prints the median and minimum of `readOwnHTML` and of `parseHTML`, and the JS heap one read
// allocates (CDP's sampling heap profiler, counting what garbage collection took back too).
// With --base REV, the same sources at that revision are bundled beside the working tree's and the
// two are measured in turns in one page, so a busy machine weighs on both alike; the two documents
// are checked equal first.
// Usage: node bench/parse-speed.mjs [--size 10000] [--runs 15] [--base REV (e.g. HEAD, main)]
import { execFileSync } from 'node:child_process';
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_ARGS, findChromium } from '../scripts/browsers.mjs';
import { generateDocument } from './generate.mjs';
import { commandLine } from './args.mjs';

const root = new URL('..', import.meta.url).pathname;
const { option } = commandLine(import.meta.url);
const size = Number(option('size', 10_000));
const runs = Number(option('runs', 15));
const base = option('base', null);

const out = join(root, 'bench/.build/parse-speed');
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

/** The serializer of the sources under `src` as a script defining `globalThis[name]`. */
async function bundle(src, name) {
  const result = await build({
    stdin: {
      contents: `export { parseHTML } from './core/serialize/html.ts'; export { readOwnHTML } from './core/serialize/html-own.ts'; export { schema } from './core/schema/index.ts';`,
      resolveDir: src,
      loader: 'ts',
    },
    bundle: true,
    write: false,
    format: 'iife',
    globalName: name,
    target: 'es2022',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
    // Packages resolve from the working tree's node_modules, also for a revision unpacked elsewhere.
    nodePaths: [join(root, 'node_modules')],
  });
  return result.outputFiles[0].text;
}

const versions = [{ name: 'work', label: 'working tree', script: await bundle(join(root, 'src'), 'work') }];
if (base) {
  const dir = join(out, 'base');
  mkdirSync(dir);
  execFileSync('sh', ['-c', `git -C "${root}" archive "${base}" src | tar -x -C "${dir}"`]);
  versions.unshift({ name: 'base', label: `${base} (${execFileSync('git', ['-C', root, 'rev-parse', '--short', base]).toString().trim()})`, script: await bundle(join(dir, 'src'), 'base') });
}

const browser = await puppeteer.launch({
  executablePath: findChromium(),
  headless: true,
  args: [...CHROMIUM_ARGS, '--js-flags=--expose-gc'],
  protocolTimeout: 600_000,
});
try {
  const page = await browser.newPage();
  page.on('pageerror', (e) => console.log('page error:', e.message));
  page.on('console', (m) => m.type() === 'error' && console.log('console error:', m.text()));
  for (const { script } of versions) await page.addScriptTag({ content: script });
  await page.evaluate((html) => (globalThis.benchHTML = html), generateDocument(size));

  const same = await page.evaluate((names) => {
    const json = names.map((name) => JSON.stringify(globalThis[name].readOwnHTML(globalThis.benchHTML, globalThis[name].schema)?.toJSON() ?? null));
    return { fast: json[0] !== 'null', equal: json.every((j) => j === json[0]) };
  }, versions.map((v) => v.name));
  if (!same.fast) throw new Error('readOwnHTML refused the document');
  if (!same.equal) throw new Error('the versions read different documents');

  // Heap allocated by one read, including what was collected during it.
  const session = await page.createCDPSession();
  await session.send('HeapProfiler.enable');
  for (const version of versions) {
    await session.send('HeapProfiler.collectGarbage');
    await session.send('HeapProfiler.startSampling', { samplingInterval: 1024, includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true });
    await page.evaluate((name) => void globalThis[name].readOwnHTML(globalThis.benchHTML, globalThis[name].schema), version.name);
    const { profile } = await session.send('HeapProfiler.stopSampling');
    const sum = (node) => node.selfSize + node.children.reduce((total, child) => total + sum(child), 0);
    version.allocated = sum(profile.head);
  }

  // Timings in turns (the order alternating), each after a full collection, as a load begins.
  const times = await page.evaluate((names, runs) => {
    const times = Object.fromEntries(names.map((name) => [name, { own: [], parse: [] }]));
    for (let run = 0; run < runs; run++) {
      const order = run % 2 ? [...names].reverse() : names;
      for (const kind of ['own', 'parse'])
        for (const name of order) {
          const { readOwnHTML, parseHTML, schema } = globalThis[name];
          globalThis.gc();
          const start = performance.now();
          if (kind === 'own') readOwnHTML(globalThis.benchHTML, schema);
          else parseHTML(globalThis.benchHTML);
          times[name][kind].push(performance.now() - start);
        }
    }
    return times;
  }, versions.map((v) => v.name), runs);

  const median = (list) => {
    const sorted = [...list].sort((a, b) => a - b);
    const mid = sorted.length >> 1;
    return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
  };
  const ms = (n) => `${n.toFixed(1)} ms`.padStart(9);
  console.log(`${size} blocks, ${runs} runs each; median / min`);
  for (const { name, label, allocated } of versions) {
    const { own, parse } = times[name];
    console.log(`${label.padEnd(24)} readOwnHTML ${ms(median(own))} /${ms(Math.min(...own))}   parseHTML ${ms(median(parse))} /${ms(Math.min(...parse))}   allocated ${(allocated / 1e6).toFixed(1)} MB`);
  }
} finally {
  await browser.close();
}
