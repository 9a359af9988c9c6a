// The bench's load figure for two builds of the embed bundle, in turns in one headless Chromium,
// so a busy machine weighs on both alike: a change's effect on load is a few percent, less than
// the spread between two runs of `npm run bench`. Builds the working tree's embed bundle and,
// with --base REV, that revision's (its files unpacked beside, with this tree's node_modules),
// then loads the generated document in a fresh browser context per load, as the bench does
// (creation to the frame after the one that paints the document), alternating the order, and
// prints each build's median and every load, and raw ProseMirror's with --prosemirror (the
// ratio the issue's target is set in). With --after MS, each load is followed by MS ms of frames,
// and the longest frame and the time blocked beyond 50 ms a frame are printed too (what a target
// does after its first paint); with --typing KEYS, each load is followed by the bench's typing
// (the page settled, the caret in the middle, the settling keys and then KEYS keys timed) and
// each build's p50 and p95 (next frame, after paint) are printed as medians over the loads;
// with --html (after --typing), one getHTML() on the document the typing just changed is timed, as
// the bench's getHTML row does, and with --gc (Chromium) the page's garbage is collected three times
// before the typing, as the bench's heap reading does there; with --scroll STEPS, each load (and
// its typing) is followed by the bench's two scrolling rows (STEPS wheel steps of 600 px, the page
// settling after each, then STEPS more without a pause) and each build's medians of their p50, p95
// and longest frame gap are printed; --browser firefox loads in headless Firefox.
// Usage: node bench/load-ab.mjs [--base REV (e.g. HEAD, main)] [--size 10000] [--runs 10] [--prosemirror] [--after 6000] [--typing 200 [--html] [--gc]] [--scroll 30] [--browser chromium|firefox]
import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import { generateDocument } from './generate.mjs';
import { commandLine } from './args.mjs';
import { launchChromium, launchFirefox, servePages } from './page-server.mjs';
import { TYPING_SETTLING_KEYS, median, percentile, settled, typing, typingFigures, wheelRun, wheelSteps } from './steps.mjs';

const root = new URL('..', import.meta.url).pathname;
const { flag, option } = commandLine(import.meta.url);
const size = Number(option('size', 10_000));
const runs = Number(option('runs', 10));
const base = option('base', null);
const after = Number(option('after', 0));
const typed = Number(option('typing', 0));
const timesHTML = flag('html');
const scrolled = Number(option('scroll', 0));
const WHEEL_DELTA = 600;
const collects = flag('gc');
if (timesHTML && !typed) throw new Error('--html times getHTML after the typing: give --typing KEYS too');
const engine = option('browser', 'chromium');
if (collects && engine !== 'chromium') throw new Error('--gc collects garbage through Chromium\'s DevTools protocol: Chromium only');
const out = join(root, 'bench/.build/load-ab');

/** Builds the embed bundle of the project at `dir` and keeps it in `out/<name>`. */
function buildEmbed(dir, name) {
  execFileSync('npx', ['rollup', '-c', '--configLibrary', '--silent'], { cwd: dir, stdio: ['ignore', 'ignore', 'inherit'] });
  rmSync(join(out, name), { recursive: true, force: true });
  execFileSync('cp', ['-r', join(dir, 'dist/browser'), join(out, name)]);
}

rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });
const builds = [];
if (base) {
  const dir = join(out, 'base-tree');
  mkdirSync(dir);
  execFileSync('sh', ['-c', `git -C "${root}" archive "${base}" src rollup.config.mjs tsconfig.json package.json scripts | tar -x -C "${dir}"`]);
  symlinkSync(join(root, 'node_modules'), join(dir, 'node_modules'));
  buildEmbed(dir, 'base');
  builds.push({ name: 'base', label: `${base} (${execFileSync('git', ['-C', root, 'rev-parse', '--short', base]).toString().trim()})` });
}
buildEmbed(root, 'work');
builds.push({ name: 'work', label: 'working tree' });

// Each build's adapter: the bench's own (bench/adapters/ours.js), importing that build's entry.
const adapter = readFileSync(join(root, 'bench/adapters/ours.js'), 'utf8');
const targets = builds.map(({ name }) => `ours-${name}`);
for (const { name } of builds) {
  await build({
    stdin: { contents: adapter.replace('/dist/browser/', `/bench/.build/load-ab/${name}/`), resolveDir: join(root, 'bench/adapters'), loader: 'js' },
    outfile: join(root, 'bench/.build', `ours-${name}.js`),
    external: ['/bench/.build/load-ab/*'],
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    logLevel: 'warning',
  });
}
if (flag('prosemirror')) {
  await build({ entryPoints: [join(root, 'bench/adapters/prosemirror.js')], outfile: join(root, 'bench/.build/prosemirror.js'), bundle: true, minify: true, format: 'esm', target: 'es2022', logLevel: 'warning' });
  targets.push('prosemirror');
}

const html = generateDocument(size);
const { origin, server } = await servePages(() => html);
const browser = engine === 'firefox' ? await launchFirefox({ protocolTimeout: 600_000 }) : await launchChromium({ protocolTimeout: 600_000 });
const loads = Object.fromEntries(targets.map((target) => [target, []]));
const afterLoads = Object.fromEntries(targets.map((target) => [target, []]));
const typings = Object.fromEntries(targets.map((target) => [target, []]));
const htmlTimes = Object.fromEntries(targets.map((target) => [target, []]));
const scrolls = Object.fromEntries(targets.map((target) => [target, []]));
try {
  for (let run = 0; run < runs; run++) {
    for (const target of run % 2 ? [...targets].reverse() : targets) {
      const context = await browser.createBrowserContext();
      const page = await context.newPage();
      page.on('pageerror', (error) => console.log(`${target}: page error: ${error.message}`));
      await page.goto(`${origin}/bench/pages/target.html?target=${target}`);
      await page.evaluate(() => window.bench.ready);
      await page.evaluate((n) => window.bench.fetchDoc(n), size);
      loads[target].push(await page.evaluate(() => window.bench.load()));
      if (after) afterLoads[target].push(await page.evaluate((ms) => window.bench.afterLoad(ms), after));
      if (typed) {
        await settled(page);
        if (collects) {
          const cdp = await page.createCDPSession();
          await cdp.send('HeapProfiler.enable');
          for (let i = 0; i < 3; i++) await cdp.send('HeapProfiler.collectGarbage');
          await cdp.detach();
        }
        typings[target].push(typingFigures(await typing(page, TYPING_SETTLING_KEYS + typed)));
        if (timesHTML) htmlTimes[target].push((await page.evaluate(() => window.bench.getHTML(1))).times[0]);
      }
      if (scrolled) {
        await settled(page);
        const steps = await wheelSteps(page, scrolled, WHEEL_DELTA);
        await settled(page);
        const frames = await wheelRun(page, scrolled, WHEEL_DELTA);
        scrolls[target].push({ stepP50: percentile(steps, 50), stepP95: percentile(steps, 95), runP95: percentile(frames, 95), runLongest: Math.max(...frames) });
      }
      await context.close();
    }
  }
} finally {
  await browser.close();
  server.close();
}

const labelOf = (target) => builds.find(({ name }) => `ours-${name}` === target)?.label ?? 'ProseMirror';
const pm = loads.prosemirror ? median(loads.prosemirror) : null;
console.log(`load at ${size} blocks in ${engine}, ${runs} loads each, in turns; median, then every load (ms)`);
for (const target of targets) {
  const mid = median(loads[target]);
  const ratio = pm && target !== 'prosemirror' ? `  ${(mid / pm).toFixed(3)}x ProseMirror` : '';
  console.log(`${labelOf(target).padEnd(24)} ${mid.toFixed(0).padStart(6)}${ratio}   ${loads[target].map((ms) => ms.toFixed(0)).join(' ')}`);
}
if (after) {
  console.log(`the ${after} ms after each load: longest frame and time blocked beyond 50 ms a frame; medians, then every load (ms)`);
  for (const target of targets) {
    const longest = afterLoads[target].map((one) => one.longest);
    const blocked = afterLoads[target].map((one) => one.blocked);
    console.log(`${labelOf(target).padEnd(24)} longest ${median(longest).toFixed(0).padStart(6)}  blocked ${median(blocked).toFixed(0).padStart(6)}   ${afterLoads[target].map((one) => `${one.longest.toFixed(0)}/${one.blocked.toFixed(0)}`).join(' ')}`);
  }
}
if (typed) {
  console.log(`typing ${typed} keys after each load (the page settled): p50 and p95 from keydown to the next frame and to after paint; medians over the loads (ms)`);
  for (const target of targets) {
    const figure = (name) => median(typings[target].map((one) => one[name])).toFixed(1).padStart(6);
    const each = typings[target].map((one) => `${one.nextFrameP95.toFixed(1)}/${one.afterPaintP95.toFixed(1)}`).join(' ');
    console.log(`${labelOf(target).padEnd(24)} next frame ${figure('nextFrameP50')} ${figure('nextFrameP95')}  after paint ${figure('afterPaintP50')} ${figure('afterPaintP95')}   p95s ${each}`);
  }
}
if (scrolled) {
  console.log(`scrolling after each load: ${scrolled} steps of ${WHEEL_DELTA} px settled (wheel to the second frame after it, p50 and p95), then ${scrolled} without a pause (frame gap p95 and longest); medians over the loads (ms)`);
  for (const target of targets) {
    const figure = (name) => median(scrolls[target].map((one) => one[name])).toFixed(1).padStart(6);
    const each = scrolls[target].map((one) => `${one.stepP50.toFixed(0)}/${one.runP95.toFixed(0)}`).join(' ');
    console.log(`${labelOf(target).padEnd(24)} steps ${figure('stepP50')} ${figure('stepP95')}  run ${figure('runP95')} ${figure('runLongest')}   step p50/run p95 ${each}`);
  }
}
if (timesHTML) {
  const pmHTML = htmlTimes.prosemirror ? median(htmlTimes.prosemirror) : null;
  console.log('one getHTML() on the document the typing changed; median, then every load (ms)');
  for (const target of targets) {
    const mid = median(htmlTimes[target]);
    const ratio = pmHTML && target !== 'prosemirror' ? `  ${(mid / pmHTML).toFixed(3)}x ProseMirror` : '';
    console.log(`${labelOf(target).padEnd(24)} ${mid.toFixed(1).padStart(6)}${ratio}   ${htmlTimes[target].map((ms) => ms.toFixed(0)).join(' ')}`);
  }
}
