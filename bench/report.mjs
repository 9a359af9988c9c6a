// Turns bench results into the printed table, docs/benchmarks.md and its SVG chart.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { cpus, totalmem, platform, release } from 'node:os';
import { join } from 'node:path';
import { nodeViewSection } from './node-views-report.mjs';
import { storedServerSection } from './server-report.mjs';

const NAMES = { ours: 'ours', tiptap: 'TipTap', prosemirror: 'ProseMirror', contenteditable: 'contenteditable' };
const version = (root, pkg) => {
  try {
    return JSON.parse(readFileSync(join(root, 'node_modules', pkg, 'package.json'), 'utf8')).version;
  } catch {
    return 'not installed';
  }
};

/** The machine, browser and package versions a run is measured on. */
export async function environment(root, browserPath) {
  let browser = 'unknown';
  let commit = 'unknown';
  try {
    browser = execFileSync(browserPath, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {}
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {}
  const packages = {};
  for (const pkg of ['rich-editor', '@tiptap/core', '@tiptap/starter-kit', 'prosemirror-view', 'prosemirror-model', 'prosemirror-example-setup', 'puppeteer-core', 'esbuild']) {
    packages[pkg] = pkg === 'rich-editor' ? JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version : version(root, pkg);
  }
  return {
    cpu: `${cpus()[0]?.model ?? 'unknown'} × ${cpus().length}`,
    memory: `${(totalmem() / 2 ** 30).toFixed(1)} GiB`,
    os: `${platform()} ${release()}`,
    node: process.version,
    browser: `${browser} (headless)`,
    commit,
    packages,
  };
}

/**
 * The issue's targets, each checked against this run: [what, met (true/false/null when
 * not measured), the figures behind it].
 */
export function targetChecks(results) {
  const m = results.medians;
  const r = (metric, a, b) => (m[metric]?.[a] != null && m[metric]?.[b] ? m[metric][a] / m[metric][b] : null);
  const gz = (t) => results.bundle[t]?.gzipped;
  const checks = [];
  // Judged on steady typing; the first key after focus is on record beside it.
  const typing = r('typing steady p95 10000', 'ours', 'tiptap');
  const floor = m['typing steady p95 10000'];
  const first = m['typing first key 10000'] ?? {};
  const firstKey = ['ours', 'tiptap', 'prosemirror', 'contenteditable']
    .filter((t) => first[t] != null)
    .map((t) => `${NAMES[t]} ${fmt(first[t])} ms`)
    .join(', ');
  checks.push([
    'typing p95 at 10,000 blocks (steady typing, the first keys after focus left out): at most 0.25x TipTap and below the bare contenteditable',
    typing == null || floor.contenteditable == null ? null : typing <= 0.25 && floor.ours < floor.contenteditable,
    typing == null
      ? 'not measured'
      : `${typing.toFixed(2)}x TipTap; ${fmt(floor.ours)} ms vs contenteditable ${fmt(floor.contenteditable)} ms${firstKey ? `; first key after focus, not judged: ${firstKey}` : ''}`,
  ]);
  const loadT = r('load 10000', 'ours', 'tiptap');
  const loadP = r('load 10000', 'ours', 'prosemirror');
  const x = (v) => (v == null ? 'not measured' : `${v.toFixed(2)}x`);
  checks.push(['load at 10,000 blocks: at most 0.6x TipTap and 1.1x raw ProseMirror', loadT == null || loadP == null ? null : loadT <= 0.6 && loadP <= 1.1, `${x(loadT)} TipTap, ${x(loadP)} ProseMirror`]);
  // Against TipTap with the element's features (bench/tiptap-features.mjs); the figure
  // against the runtime targets' TipTap configuration is given beside it.
  const same = results.bundleSameFeatures?.gzipped;
  const bundle = gz('ours') && same ? gz('ours') / same : null;
  const plain = gz('ours') && gz('tiptap') ? `; ${(gz('ours') / gz('tiptap')).toFixed(2)}x the TipTap target's ${(gz('tiptap') / 1024).toFixed(1)} KiB, which lacks those features` : '';
  const without = results.bundleSameFeatures?.withoutLargest;
  const sensitivity = without && gz('ours') ? `; ${(gz('ours') / without.gzipped).toFixed(2)}x without the ${without.feature} extension` : '';
  checks.push([
    "element bundle gzipped (UI included, markdown parser excluded): at most 0.75x TipTap's headless bundle with the same features",
    bundle == null ? null : bundle <= 0.75,
    bundle == null ? 'not measured' : `${bundle.toFixed(2)}x: ${(gz('ours') / 1024).toFixed(1)} vs ${(same / 1024).toFixed(1)} KiB${sensitivity}${plain}`,
  ]);
  const heap = r('heap 10000', 'ours', 'tiptap');
  checks.push(['JS heap at 10,000 blocks: at most 0.8x TipTap', heap == null ? null : heap <= 0.8, heap == null ? 'not measured' : `${heap.toFixed(2)}x`]);
  checks.push(...typingChecks(results));
  const entry = results.bundle.ours?.entry;
  const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;
  checks.push(['embed bundle entry: at most 110 KiB gzipped', entry == null ? null : entry <= 110 * 1024, entry == null ? 'not measured' : kib(entry)]);
  const listed = (files) => Object.entries(files ?? {}).map(([name, bytes]) => `${name} ${kib(bytes)}`).join(', ');
  // Judged on a default editable editor on a document of text (what it fetched before any
  // input); the benchmark's 10,000-block document, which also draws tables, code blocks and
  // images and so fetches their chunks, is given beside it.
  const loaded = results.bundle.ours?.defaultEditor;
  const page = results.bundle.ours?.gzipped;
  checks.push([
    'everything a default editor loads (entry and the chunks it fetched, on a document of text): at most 160 KiB gzipped',
    loaded == null ? null : loaded.gzipped <= 160 * 1024,
    loaded == null
      ? 'not measured'
      : `${kib(loaded.gzipped)}: ${listed(loaded.files)}${page == null ? '' : `; the 10,000-block document (tables, code blocks, images) ${kib(page)}: ${listed(results.bundle.ours.files)}`}`,
  ]);
  const packed = results.package?.packed;
  checks.push(['npm tarball: under 1.5 MB packed', packed == null ? null : packed < 1_500_000, packed == null ? 'not measured' : `${(packed / 1e6).toFixed(3)} MB packed, ${(results.package.unpacked / 1e6).toFixed(2)} MB unpacked, ${results.package.files} files`]);
  const load = r('load 10000', 'ours', 'prosemirror');
  checks.push(['load at 10,000 blocks: at most 0.5x raw ProseMirror', load == null ? null : load <= 0.5, load == null ? 'not measured' : `${load.toFixed(2)}x: ${fmt(m['load 10000'].ours)} vs ${fmt(m['load 10000'].prosemirror)} ms`]);
  const html = r('getHTML 10000', 'ours', 'prosemirror');
  checks.push(['getHTML on a just-changed 10,000-block document: at most 0.5x raw ProseMirror', html == null ? null : html <= 0.5, html == null ? 'not measured' : `${html.toFixed(2)}x: ${fmt(m['getHTML 10000'].ours)} vs ${fmt(m['getHTML 10000'].prosemirror)} ms`]);
  const stress = m['load 100000']?.ours;
  checks.push([
    'the 100,000-block document loads, types and serialises',
    stress == null ? null : m['typing steady p95 100000']?.ours != null && m['getHTML 100000']?.ours != null,
    stress == null ? 'not run (npm run bench -- --stress)' : `load ${fmt(stress)} ms, typing p95 (steady) ${fmt(m['typing steady p95 100000']?.ours)} ms, getHTML ${fmt(m['getHTML 100000']?.ours)} ms`,
  ]);
  const stressTyping = m['typing steady p95 100000']?.ours;
  checks.push([
    'typing at 100,000 blocks: keydown to after paint p95 under 100 ms',
    stressTyping == null ? null : stressTyping < 100,
    stressTyping == null ? 'not run (npm run bench -- --stress)' : `${fmt(stressTyping)} ms; keydown to next frame p95 ${fmt(m['typing next frame p95 100000']?.ours)} ms; load ${fmt(stress)} ms`,
  ]);
  return checks;
}

/**
 * The typing targets at 10,000 blocks (steady keys, caret in the middle): keydown to the next
 * frame p95 at most 16.7 ms and keydown to after paint p95 at most 60 ms. Judged in each engine.
 */
export function typingChecks(results) {
  const m = results.medians;
  const frame = m['typing next frame p95 10000']?.ours;
  const paint = m['typing steady p95 10000']?.ours;
  const others = (metric) => {
    const figures = ['tiptap', 'prosemirror', 'contenteditable'].filter((t) => m[metric]?.[t] != null).map((t) => `${NAMES[t]} ${fmt(m[metric][t])} ms`);
    return figures.length ? `; ${figures.join(', ')}` : '';
  };
  return [
    ['typing at 10,000 blocks: keydown to next frame p95 at most 16.7 ms', frame == null ? null : frame <= 16.7, frame == null ? 'not measured' : `${fmt(frame)} ms${others('typing next frame p95 10000')}`],
    ['typing at 10,000 blocks: keydown to after paint p95 at most 60 ms', paint == null ? null : paint <= 60, paint == null ? 'not measured' : `${fmt(paint)} ms${others('typing steady p95 10000')}`],
  ];
}

/** The rows of the results table: [label, unit, value per target]. */
function rows(results) {
  const m = results.medians;
  const out = [['bundle, gzipped', 'KiB', Object.fromEntries(Object.entries(results.bundle).map(([t, b]) => [t, b.gzipped / 1024]))]];
  const same = results.bundleSameFeatures;
  if (results.bundle.ours?.entry) out.push(['bundle entry, gzipped (ours: the entry alone; others: the whole bundle)', 'KiB', Object.fromEntries(Object.entries(results.bundle).map(([t, b]) => [t, (b.entry ?? b.gzipped) / 1024]))]);
  if (results.package) out.push(['npm tarball, packed', 'KiB', { ours: results.package.packed / 1024 }]);
  if (same && results.bundle.ours) out.push(['bundle, gzipped, TipTap with the same features', 'KiB', { ours: results.bundle.ours.gzipped / 1024, tiptap: same.gzipped / 1024 }]);
  if (results.reactWrapper) out.push(['React wrapper on top, gzipped', 'KiB', Object.fromEntries(Object.entries(results.reactWrapper).map(([t, b]) => [t, b.gzipped / 1024]))]);
  for (const [metric, label] of [['paste 1 MB', 'paste 1 MB of HTML'], ['paste 5000 blocks', 'paste 5,000 blocks']]) if (m[metric]) out.push([`${label} (into 1,000)`, 'ms', m[metric]]);
  for (const size of results.sizes) if (m[`load ${size}`]) out.push([`load, ${size.toLocaleString('en')} blocks`, 'ms', m[`load ${size}`]]);
  for (const size of [10_000, 100_000]) {
    const k = size.toLocaleString('en');
    if (m[`typing first key ${size}`]) out.push([`typing, first key after focus, ${k} blocks`, 'ms', m[`typing first key ${size}`]]);
    if (m[`typing next frame p50 ${size}`]) out.push([`typing p50, keydown to next frame, ${k} blocks`, 'ms', m[`typing next frame p50 ${size}`]]);
    if (m[`typing next frame p95 ${size}`]) out.push([`typing p95, keydown to next frame, ${k} blocks`, 'ms', m[`typing next frame p95 ${size}`]]);
    if (m[`typing steady p50 ${size}`]) out.push([`typing p50, keydown to after paint, ${k} blocks`, 'ms', m[`typing steady p50 ${size}`]]);
    if (m[`typing steady p95 ${size}`]) out.push([`typing p95, keydown to after paint, ${k} blocks`, 'ms', m[`typing steady p95 ${size}`]]);
    if (m[`caret down p50 ${size}`]) out.push([`caret down a line or block (ArrowDown) p50, keydown to after paint, ${k} blocks`, 'ms', m[`caret down p50 ${size}`]]);
    if (m[`caret down p95 ${size}`]) out.push([`caret down a line or block (ArrowDown) p95, keydown to after paint, ${k} blocks`, 'ms', m[`caret down p95 ${size}`]]);
    if (m[`enter p50 ${size}`]) out.push([`Enter (a new block) p50, keydown to after paint, ${k} blocks`, 'ms', m[`enter p50 ${size}`]]);
    if (m[`enter p95 ${size}`]) out.push([`Enter (a new block) p95, keydown to after paint, ${k} blocks`, 'ms', m[`enter p95 ${size}`]]);
    const wheel = `scrolling by a wheel step (${(results.wheelDelta ?? 600).toLocaleString('en')} px)`;
    if (m[`scroll p50 ${size}`]) out.push([`${wheel} p50, wheel to the second frame after it, ${k} blocks`, 'ms', m[`scroll p50 ${size}`]]);
    if (m[`scroll p95 ${size}`]) out.push([`${wheel} p95, wheel to the second frame after it, ${k} blocks`, 'ms', m[`scroll p95 ${size}`]]);
    const run = `scrolling without a pause (${results.wheelSteps ?? 30} steps of ${(results.wheelDelta ?? 600).toLocaleString('en')} px)`;
    if (m[`scroll run p95 ${size}`]) out.push([`${run}: frame gap p95, ${k} blocks`, 'ms', m[`scroll run p95 ${size}`]]);
    if (m[`scroll run longest ${size}`]) out.push([`${run}: longest frame gap, ${k} blocks`, 'ms', m[`scroll run longest ${size}`]]);
    const afterLoad = `the ${(results.afterLoadMs ?? 4000) / 1000} s after load`;
    if (m[`after load longest ${size}`]) out.push([`${afterLoad}: longest frame, ${k} blocks`, 'ms', m[`after load longest ${size}`]]);
    if (m[`after load blocked ${size}`]) out.push([`${afterLoad}: time in frames beyond 50 ms, ${k} blocks`, 'ms', m[`after load blocked ${size}`]]);
    if (m[`getHTML ${size}`]) out.push([`getHTML, ${k} blocks`, 'ms', m[`getHTML ${size}`]]);
    if (m[`markdown ${size}`]) out.push([`getMarkdown, ${k} blocks`, 'ms', m[`markdown ${size}`]]);
    if (m[`markdown after key ${size}`]) out.push([`getMarkdown after one key (the version before read), ${k} blocks`, 'ms', m[`markdown after key ${size}`]]);
    for (const popup of ['slash menu open', 'slash menu filter', 'mention list open']) if (m[`${popup} ${size}`]) out.push([`${popup}, ${k} blocks`, 'ms', m[`${popup} ${size}`]]);
    if (m[`heap ${size}`]) out.push([`JS heap after GC, ${k} blocks`, 'MiB', Object.fromEntries(Object.entries(m[`heap ${size}`]).map(([t, v]) => [t, v / 2 ** 20]))]);
    if (m[`dom heap ${size}`]) out.push([`DOM heap after GC, ${k} blocks`, 'MiB', Object.fromEntries(Object.entries(m[`dom heap ${size}`]).map(([t, v]) => [t, v / 2 ** 20]))]);
    if (m[`dom nodes ${size}`]) out.push([`DOM nodes, ${k} blocks`, 'nodes', m[`dom nodes ${size}`]]);
  }
  return out;
}

const fmt = (v) => (v == null ? '–' : v >= 100 ? v.toFixed(0) : v >= 10 ? v.toFixed(1) : v.toFixed(2));
const ratio = (a, b) => (a == null || !b ? '–' : `${(a / b).toFixed(2)}x`);

function tableCells(results) {
  const targets = results.targets;
  const head = ['metric', 'unit', ...targets.map((t) => NAMES[t] ?? t), 'ours / TipTap', 'ours / ProseMirror'];
  const body = rows(results).map(([label, unit, values]) => [label, unit, ...targets.map((t) => fmt(values[t])), ratio(values.ours, values.tiptap), ratio(values.ours, values.prosemirror)]);
  return [head, ...body];
}

/** The results as a fixed-width text table. */
export function printTable(results) {
  const cells = tableCells(results);
  const widths = cells[0].map((_, i) => Math.max(...cells.map((r) => r[i].length)));
  const line = (r) => r.map((c, i) => (i < 2 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  const table = [line(cells[0]), widths.map((w) => '-'.repeat(w)).join('  '), ...cells.slice(1).map(line)];
  // The targets are defined on Chromium.
  if (results.browser && results.browser !== 'chromium') return [...table, '', `targets: judged on Chromium, not in ${results.browser}`].join('\n');
  const checks = targetChecks(results).map(([what, met, figures]) => `${met === null ? 'n/a ' : met ? 'met ' : 'MISS'}  ${what}: ${figures}`);
  return [...table, '', 'targets:', ...checks].join('\n');
}

/** A horizontal bar chart of ours / TipTap and ours / ProseMirror per metric (1.0 = equal; lower is better). */
function chart(results) {
  const data = rows(results)
    .filter(([label]) => !label.startsWith('DOM nodes'))
    .map(([label, , v]) => [label, v.ours && v.tiptap ? v.ours / v.tiptap : null, v.ours && v.prosemirror ? v.ours / v.prosemirror : null]);
  const max = Math.max(2, ...data.flatMap(([, a, b]) => [a ?? 0, b ?? 0]));
  const left = 230, width = 420, rowH = 34, top = 40;
  const x = (r) => left + (Math.min(r, max) / max) * width;
  const height = top + data.length * rowH + 30;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${left + width + 60}" height="${height}" font-family="system-ui, sans-serif" font-size="12">`,
    `<rect width="100%" height="100%" fill="#fff"/>`,
    `<text x="10" y="18" font-size="14" font-weight="600">ours as a ratio of TipTap (blue) and raw ProseMirror (grey); lower is better</text>`,
    `<rect x="${left}" y="26" width="10" height="10" fill="#2563eb"/><text x="${left + 14}" y="35">÷ TipTap</text>`,
    `<rect x="${left + 90}" y="26" width="10" height="10" fill="#9ca3af"/><text x="${left + 104}" y="35">÷ ProseMirror</text>`,
  ];
  data.forEach(([label, a, b], i) => {
    const y = top + i * rowH;
    parts.push(`<text x="${left - 8}" y="${y + 18}" text-anchor="end">${label}</text>`);
    if (a != null) parts.push(`<rect x="${left}" y="${y + 4}" width="${x(a) - left}" height="12" fill="#2563eb"/><text x="${x(a) + 4}" y="${y + 14}">${a.toFixed(2)}</text>`);
    if (b != null) parts.push(`<rect x="${left}" y="${y + 17}" width="${x(b) - left}" height="12" fill="#9ca3af"/><text x="${x(b) + 4}" y="${y + 27}">${b.toFixed(2)}</text>`);
  });
  parts.push(`<line x1="${x(1)}" y1="${top - 4}" x2="${x(1)}" y2="${height - 24}" stroke="#111" stroke-dasharray="4 3"/>`);
  parts.push(`<text x="${x(1)}" y="${height - 10}" text-anchor="middle">1.0</text>`, '</svg>');
  return parts.join('\n');
}

/** What TipTap's bundle carries with the element's features, extension by extension. */
function sameFeaturesSection(results) {
  const same = results.bundleSameFeatures;
  if (!same) return '';
  const kib = (bytes) => (bytes / 1024).toFixed(1);
  const check = same.check;
  return `## TipTap with the same features

The bundle target compares the element with TipTap's headless bundle carrying the same
features. The TipTap target above is configured for the runtime figures (starter kit,
tables, task lists, image, link, mention, placeholder, typography, a slash-command list);
the element also ships the features below, each of which TipTap provides as an extension
of its own (\`bench/tiptap-features.mjs\`). What each adds on its own to the TipTap target's
${kib(same.base.gzipped)} KiB, gzipped:

| feature of the element | TipTap extension | adds, gzipped |
| --- | --- | ---: |
${same.features.map((f) => `| ${f.feature} | ${f.packages.map((p) => `\`${p}\``).join(', ')}${f.note ? ` (${f.note})` : ''} | ${kib(f.gzipped)} KiB |`).join('\n')}

All of them together: ${kib(same.gzipped)} KiB gzipped (${kib(same.minified)} KiB minified); extensions
share code (Floating UI, for one), so the rows add up to more than the whole.
${same.withoutLargest ? `Without the ${same.withoutLargest.feature} extension, the rest come to ${kib(same.withoutLargest.gzipped)} KiB, and ours would be ${results.bundle.ours ? (results.bundle.ours.gzipped / same.withoutLargest.gzipped).toFixed(2) : '–'}x of that.` : ''}
${check ? `Loaded once with the 1,000-block document, this bundle kept ${check.blocks} blocks and ${check.tables} tables${check.errors?.length ? `, with page errors: ${check.errors.join('; ')}` : ', without page errors'}.` : 'It was not loaded in this run.'}
Left out: the element's table row and column controls, cell colours, upload placeholders,
code block copy button and language picker, and mention highlights (no TipTap extension
provides them: a host writes its own), and \`@tiptap/markdown\` (the element's markdown
writer is in its figure, but \`@tiptap/markdown\` brings its parser too, which the element's
figure excludes).
`;
}

/** What the typing rows measure, with this run's key counts. */
export function typingMeasured(results) {
  const { settlingKeys, steadyKeys } = results.typing;
  const counts = Object.entries(steadyKeys)
    .map(([size, keys]) => `${keys} at ${Number(size).toLocaleString('en')} blocks`)
    .join(', ');
  return `- **typing**: the caret is placed at the end of a paragraph in the middle of the 10,000-block document (and of the 100,000-block one with \`--stress\`), the editor focused, and the page left to settle (ten consecutive frames within 25 ms, the same wait for every target). Then keys are typed through CDP key events (BiDi input actions in Firefox), each timed from the keydown's timestamp twice: to the next animation frame's callback (**keydown to next frame**: the key's own work done and the browser at the next frame, before that frame's style, layout and paint) and to a message posted from that callback (**keydown to after paint**: that frame's style, layout and paint done). Nothing is typed in the page before. The rows:
  - **first key after focus**: the first of these keys alone (to after paint), in which the page runs its typing code for the first time (an editor's JavaScript is compiled then and runs without type feedback at first); the median over reps of one key each.
  - **p50** and **p95** of each: the 50th and 95th percentiles (nearest rank) of the keys that follow the first ${settlingKeys} (${counts}); keys 2 to ${settlingKeys} are in neither figure. The median over reps of each rep's percentile.
  The typing targets are judged on these steady p95s. Every key's two times, in the order typed, are in \`bench/results/latest.json\` under \`keystrokes\`.`;
}

/**
 * The Firefox section: the runtime rows of a `--browser firefox` run (the bundle rows are
 * the engine's business no more than the targets, which are judged on Chromium).
 */
function firefoxSection(firefox) {
  if (!firefox) return '## Firefox\n\nNot measured yet: `npm run bench -- --browser firefox` adds this table.\n';
  const md = (r) => `| ${r.join(' | ')} |`;
  const [head, ...body] = tableCells(firefox);
  const runtime = body.filter(([label]) => !label.startsWith('bundle') && !label.startsWith('React wrapper') && !label.startsWith('npm tarball'));
  return `## Firefox

\`npm run bench -- --browser firefox\` on ${firefox.date.slice(0, 10)}: ${firefox.environment.browser}, driven over WebDriver BiDi
(keys typed as BiDi input actions), medians over ${firefox.reps} reps, the same documents, pages and timing as above.
The targets are defined on Chromium; this table shows how ours compares with TipTap and raw ProseMirror in Gecko.
Raw samples: \`bench/results/latest-firefox.json\`.

${md(head)}
${md(head.map((_, i) => (i < 2 ? '---' : '---:')))}
${runtime.map(md).join('\n')}

Typing in Firefox, against the same targets:

${typingChecks(firefox).map(([what, met, figures]) => `- ${met === null ? 'not measured' : met ? 'met' : '**missed**'}: ${what} (${figures})`).join('\n')}

Not measured in Firefox: ${firefox.notMeasured.filter((m) => !/100,000/.test(m)).join('; ')}.
${firefox.problems.length ? `\nProblems in the Firefox run:\n\n${firefox.problems.map((p) => `- ${p}`).join('\n')}\n` : ''}`;
}

/**
 * The "Editing together" section as `npm run bench:collab` last wrote it into the page (that
 * bench writes its own section; this page's other parts are regenerated around it), or ''.
 */
function storedCollabSection(root) {
  let docs = '';
  try {
    docs = readFileSync(join(root, 'docs/benchmarks.md'), 'utf8');
  } catch {
    return '';
  }
  const start = docs.indexOf('## Editing together');
  if (start < 0) return '';
  const next = docs.indexOf('\n## ', start + 5);
  return `${docs.slice(start, next >= 0 ? next : undefined).trimEnd()}\n\n`;
}

/** Regenerates docs/benchmarks.md and docs/benchmarks.svg from a Chromium run's `results` and a Firefox run's, if any. */
export function writeDocs(root, results, firefox = null) {
  const cells = tableCells(results);
  const md = (r) => `| ${r.join(' | ')} |`;
  const env = results.environment;
  const collab = storedCollabSection(root);
  const text = `# Benchmarks

Generated by \`npm run bench\` (bench/run.mjs) on ${results.date.slice(0, 10)}; do not edit by hand.
Medians over ${results.reps} reps${results.stressReps ? ` (the 100,000-block document: ${results.stressReps === 1 ? 'one rep, so single figures' : `${results.stressReps} reps`})` : ''}, targets interleaved (A B C D, rotated each rep), each
measurement on a fresh page. Lower is better everywhere. Raw samples: \`bench/results/latest.json\`.

${md(cells[0])}
${md(cells[0].map((_, i) => (i < 2 ? '---' : '---:')))}
${cells.slice(1).map(md).join('\n')}

![ratios of ours to TipTap and raw ProseMirror](benchmarks.svg)

## Targets in this run

${targetChecks(results).map(([what, met, figures]) => `- ${met === null ? 'not measured' : met ? 'met' : '**missed**'}: ${what} (${figures})`).join('\n')}

${readFileSync(join(root, 'bench/NOTES.md'), 'utf8').trim()}

${sameFeaturesSection(results)}
${firefoxSection(firefox)}
${nodeViewSection(root)}${storedServerSection(root)}${collab}## Targets

- **ours**: \`<rich-editor>\` loaded from \`dist/browser/rich-editor.min.js\` with one module script, as a host page loads it.
- **TipTap** ${env.packages['@tiptap/core']}: starter kit (with underline and link), table kit, task list and item, image, mention, placeholder, typography; headless (no menus or CSS).
- **ProseMirror**: the basic schema with lists and tables, \`prosemirror-example-setup\` (menu bar, input rules, keymaps, history) and table editing.
- **contenteditable**: a bare \`contenteditable\` div with the same HTML, the browser's own floor.

The documents come from \`bench/generate.mjs\` (seed 42): paragraphs with bold, italic, code,
links and mentions; headings 1 to 3; nested bullet, numbered and task lists; quotes; code
blocks; images with relative paths; a table every 200 blocks.

## What is measured

- **bundle**: minified and gzipped bytes a page loads. Ours: every file of the embed bundle the 10,000-block page had fetched once the document was open and the page settled, before any input (the entry, and the chunks an editable editor fetches when idle: UI pieces, table editing, the highlighter and the grammars the document's code blocks use; the markdown parser, fetched only for pasted markdown, is not among them), each gzipped; the **bundle entry** row is the entry alone. The target for everything a default editor loads is judged on a default editable editor opened on a document of 200 blocks of text (paragraphs, headings, lists, quotes, marks, links, mentions; no tables, code blocks or images, whose chunks it then has no need of), what it fetched before any input. The others are their adapters bundled and minified with esbuild, loaded whole. The row \"TipTap with the same features\" is the TipTap target plus the extensions listed under \"TipTap with the same features\".
- **React wrapper**: the wrapper's own bytes on top of the editor (ours: \`rich-editor/react\` with \`@lit/react\`; TipTap: \`@tiptap/react\`), the editor and React left out.
- **paste**: into the 1,000-block document at a paragraph in the middle, a paste event carrying 1 MB of generated HTML (seed 7), then, with the caret back in the middle, 5,000 blocks (seed 8); each timed from dispatch to the next painted frame. The bare contenteditable pastes with \`insertHTML\` (a synthetic paste event has no default action).
- **caret down** and **Enter**: after the typing run, the caret put in the middle of the 10,000-block document again and moved down ${results.caretMoves ?? 24} times with ArrowDown (onto the next block, or the next line of a wrapped one), then Enter pressed ${results.enters ?? 12} times where it ended, the page left to settle after each key; each timed from keydown to after paint as typing is, p50 and p95 over the presses, median over the reps.
- **scrolling**: last in the 10,000-block run, the mouse over the middle of the viewport, ${results.wheelSteps ?? 30} wheel steps of ${results.wheelDelta ?? 600} px down the page, the page left to settle after each; each timed from the wheel event to after paint of the second frame after it (the first may come before the scroll reaches the page; the second lays out and paints what the step brought into view), p50 and p95 over the steps, median over the reps. Then, the page settled, **scrolling without a pause**: as many steps again further down (blocks no step has shown yet), each sent as soon as the page has taken the one before, as a user spins the wheel; the gaps between the page's animation frames from the first step to two frames after the last, their p95 and the longest, median over the reps. This is where work an editor does as blocks come near (drawing, colouring) shows: the row above lets it finish between steps.
- **getMarkdown**: ours only; TipTap and raw ProseMirror as configured have no markdown serialiser for tables and task lists. The first call on the page, then one call after one more key (ours writes again only the blocks an edit changed).
- **popups** (ours and TipTap; raw ProseMirror and the contenteditable have none): after the typing run, a space, then \`/\` timed from keydown to the first painted frame showing the slash menu, then \`h\` to the frame showing the narrowed list, Escape, a space and \`@\` to the frame showing the mention list with its results. TipTap's popups are the minimal lists an issue tracker draws from \`@tiptap/suggestion\`.
- **load**: from the adapter's create call to two animation frames later (the document's first frame painted), per size.
${typingMeasured(results)}
- **getHTML**: one \`getHTML()\` (or the DOM serialiser, or \`innerHTML\`) on the 10,000-block document right after the typing run, so the document has just changed and no target answers from a cache (ours keeps the HTML of an unchanged document for \`value\`); median over the reps.
- **JS heap** (\`Runtime.getHeapUsage\`), **DOM heap** and **DOM nodes** (\`Memory.getDOMCounters\`, whole page) after load and forced GC. The DOM heap is the live objects on Blink's garbage-collected heap (Oilpan: DOM nodes, their computed styles and layout objects) in the page's renderer, read from a Chromium memory dump (\`Tracing.requestMemoryDump\`, the memory-infra category) after forced GC at the end of the page's run (after the typing and the popups), because a detailed dump slows the JavaScript that runs right after it.

## Not measured

${results.notMeasured.map((m) => `- ${m}`).join('\n')}

## Machine

- CPU: ${env.cpu}; memory: ${env.memory}; OS: ${env.os}; Node ${env.node}
- Browser: ${env.browser}
- Commit: ${env.commit}; run time ${results.durationSeconds} s${env.loadAverage ? `; load average at the start ${env.loadAverage}` : ''}
- Packages: ${Object.entries(env.packages).map(([k, v]) => `${k} ${v}`).join(', ')}
${results.problems.length ? `\n## Problems in this run\n\n${results.problems.map((p) => `- ${p}`).join('\n')}\n` : ''}`;
  mkdirSync(join(root, 'docs'), { recursive: true });
  writeFileSync(join(root, 'docs/benchmarks.md'), text);
  writeFileSync(join(root, 'docs/benchmarks.svg'), `${chart(results)}\n`);
}
