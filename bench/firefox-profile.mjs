// Where Firefox spends a key's time: one target in headless Firefox under the Gecko profiler
// (started through its MOZ_PROFILER_* environment, written when the browser quits), the
// generated document loaded and settled, then KEYS presses of a key (ArrowDown by default, the
// bench's caret row; any other key, such as `a`, types), each between two marks, the page
// settling after each. Only the samples between a press and its result count: the time by
// category, the frames with the most time including what they call (our code and ProseMirror's
// by their sources, through the embed bundle's source maps; native Gecko frames by their labels),
// and with --focus REGEX the callers and callees of the outermost frame matching it. With
// --load MS, the load itself and the MS ms after it instead of the keys.
// Usage: node bench/firefox-profile.mjs [--target ours|prosemirror|tiptap] [--size 10000] [--key ArrowDown] [--keys 12] [--load MS] [--top 50] [--focus REGEX] [--keep file.json (the raw profile, for profiler.firefox.com)]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
import { commandLine } from './args.mjs';
import { generateDocument } from './generate.mjs';
import { launchFirefox, servePages } from './page-server.mjs';
import { median, settled } from './steps.mjs';

const root = new URL('..', import.meta.url).pathname;
const { option } = commandLine(import.meta.url);
const target = option('target', 'ours');
const size = Number(option('size', 10_000));
const key = option('key', 'ArrowDown');
const keys = Number(option('keys', 12));
const top = Number(option('top', 50));
const focus = option('focus', null);
const load = Number(option('load', 0));
const dir = mkdtempSync(join(tmpdir(), 'firefox-profile-'));
const file = option('keep', join(dir, 'profile.json'));

const { origin, server } = await servePages(() => generateDocument(size));
const browser = await launchFirefox({
  protocolTimeout: 600_000,
  env: {
    ...process.env,
    MOZ_PROFILER_STARTUP: '1',
    MOZ_PROFILER_STARTUP_INTERVAL: '0.5',
    MOZ_PROFILER_STARTUP_ENTRIES: '50000000',
    MOZ_PROFILER_STARTUP_FEATURES: 'js,stackwalk,cpu',
    MOZ_PROFILER_STARTUP_FILTERS: 'GeckoMain',
    MOZ_PROFILER_SHUTDOWN: file,
  },
});
const page = await browser.newPage();
await page.goto(`${origin}/bench/pages/target.html?target=${target}`);
await page.evaluate(() => window.bench.ready);
await page.evaluate((n) => window.bench.fetchDoc(n), size);
const times = [];
if (load) {
  await page.evaluate(() => performance.mark('press'));
  times.push(await page.evaluate(() => window.bench.load()));
  await page.evaluate((ms) => new Promise((resolve) => setTimeout(resolve, ms)), load);
  await page.evaluate(() => performance.mark('pressed'));
} else {
  await page.evaluate(() => window.bench.load());
  await settled(page);
  await page.evaluate(() => window.bench.focusMiddle());
}
for (let i = 0; i < (load ? 0 : keys); i++) {
  await page.evaluate(() => {
    window.bench.armKey();
    performance.mark('press');
  });
  await page.keyboard.press(key);
  times.push((await page.evaluate(() => window.bench.keyResult())).afterPaint);
  await page.evaluate(() => performance.mark('pressed'));
  await page.evaluate(() => window.bench.settle());
}
await browser.close();
server.close();
console.log(
  load
    ? `${target}, ${size} blocks in Firefox: load ${Number(times[0]).toFixed(0)} ms, then ${load} ms (under the profiler)`
    : `${target}, ${size} blocks, ${keys} x ${key} in Firefox: keydown to after paint, median ${median(times).toFixed(1)} ms (${times.map((t) => t.toFixed(0)).join(' ')}; under the profiler)`,
);

const profile = JSON.parse(readFileSync(file, 'utf8'));
if (!option('keep', null)) rmSync(dir, { recursive: true, force: true });
const marksOf = (thread) => {
  const { schema, data } = thread.markers;
  return data.filter((m) => m[schema.data]?.type === 'UserTiming').map((m) => ({ name: m[schema.data].name, at: m[schema.startTime] }));
};
// The content process that ran the page: the one whose main thread holds the marks.
const thread = profile.processes.flatMap((p) => p.threads).find((t) => marksOf(t).some((m) => m.name === 'press'));
if (!thread) throw new Error('no content process with the marks in the profile');
const windows = [];
let open = null;
for (const { name, at } of marksOf(thread)) {
  if (name === 'press') open = at;
  else if (name === 'pressed' && open !== null) {
    windows.push([open, at]);
    open = null;
  }
}

const { stringTable: strings, frameTable: frames, stackTable: stacks, samples } = thread;
const F = frames.schema;
const K = stacks.schema;
const S = samples.schema;
const categories = profile.meta.categories.map((c) => c.name);
const maps = new Map();
const names = new Map();
/** A frame's name: a JS frame of the embed bundle by its source and line; others as the profiler wrote them. */
function frameName(frame) {
  const raw = strings[frames.data[frame][F.location]];
  let name = names.get(raw);
  if (name) return name;
  name = raw;
  const at = /^(.*) \(https?:\/\/[^/]+\/dist\/browser\/([^:]+):(\d+):(\d+)\)/.exec(raw);
  if (at) {
    let map = maps.get(at[2]);
    if (!map) maps.set(at[2], (map = new TraceMap(readFileSync(join(root, 'dist/browser', `${at[2]}.map`), 'utf8'))));
    const o = originalPositionFor(map, { line: Number(at[3]), column: Number(at[4]) - 1 });
    name = `${o.name || at[1]} ${(o.source ?? '').replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '')}:${o.line}`;
  }
  names.set(raw, name);
  return name;
}
/** Frames that say nothing about who called whom: unsymbolised addresses and the engine's call plumbing. */
const plumbing = /^0x[0-9a-f]+$|^(js::RunScript|VoidFunction|EventListener\.handleEvent|promise callback)$/;

const byCategory = new Map();
const inclusive = new Map();
const callers = new Map();
const callees = new Map();
const add = (map, k, w) => map.set(k, (map.get(k) ?? 0) + w);
const focusRe = focus ? new RegExp(focus) : null;
let last = null;
let counted = 0;
for (const sample of samples.data) {
  const time = sample[S.time];
  const inside = windows.some(([a, b]) => time >= a && time <= b);
  const weight = last === null ? 0.5 : Math.min(time - last, 2);
  last = time;
  if (!inside || sample[S.stack] == null) continue;
  counted += weight;
  const chain = [];
  add(byCategory, categories[frames.data[stacks.data[sample[S.stack]][K.frame]][F.category]] ?? 'other', weight);
  for (let s = sample[S.stack]; s != null; s = stacks.data[s][K.prefix]) {
    const frame = stacks.data[s][K.frame];
    const name = frameName(frame);
    if (!plumbing.test(name)) chain.push(name);
  }
  for (const name of new Set(chain)) add(inclusive, name, weight);
  if (focusRe) {
    for (let k = chain.length - 1; k >= 0; k--) {
      if (!focusRe.test(chain[k])) continue;
      add(callers, chain[k + 1] ?? '(root)', weight);
      add(callees, k > 0 ? chain[k - 1] : '(self)', weight);
      break;
    }
  }
}
const list = (map, n) => [...map].sort((a, b) => b[1] - a[1]).slice(0, n).map(([k, v]) => `${v.toFixed(0).padStart(7)}  ${k.slice(0, 160)}`).join('\n');
console.log(`\n${windows.length} presses, ${counted.toFixed(0)} ms sampled between a press and its result (ms, all presses together)`);
console.log(`by category of the running frame: ${[...byCategory].sort((a, b) => b[1] - a[1]).map(([k, v]) => `${k} ${v.toFixed(0)}`).join(', ')}`);
console.log(`\nincluding callees:\n${list(inclusive, top)}`);
if (focusRe) {
  console.log(`\ncallers of ${focus}:\n${list(callers, 15)}`);
  console.log(`\ncallees of ${focus}:\n${list(callees, 30)}`);
}
