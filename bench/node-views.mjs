// React node views, ours (`reactNodeView` from rich-editor/react) beside TipTap's
// (`ReactNodeViewRenderer` from @tiptap/react), the same card component in both: a button
// and an editable body. Run by `npm run bench` after its own rows (or alone:
// `node bench/node-views.mjs [--reps N]`), in headless Chromium.
//
// - typing: 1,000 cards in a 10,000-block document; keys typed in a paragraph outside the
//   cards, keydown to the painted frame (p50, p95), and how many card components rendered
//   per keystroke (every one of them is untouched by the typing: the target is 0);
// - bulk (first rep only): 5,000 cards made by one transaction (the document set at once):
//   time until every card's component rendered, and the errors and React warnings logged.
// Results: bench/results/node-views.json and the "React node views" section of docs/benchmarks.md.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';
import puppeteer from 'puppeteer-core';
import { CHROMIUM_ARGS, findChromium } from '../scripts/browsers.mjs';
import { serveFolder } from '../scripts/serve.mjs';
import { nodeViewSection } from './node-views-report.mjs';

const root = new URL('..', import.meta.url).pathname;
const args = process.argv.slice(2);
const repsAt = args.indexOf('--reps');
const REPS = repsAt >= 0 ? Number(args[repsAt + 1]) : 3;
const BLOCKS = 10_000;
const CARD_EVERY = 10;
const BULK = 5_000;
const KEYS = 60;
const SETTLING = 5;

const percentile = (xs, p) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length ? s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] : null;
};
const median = (xs) => percentile(xs, 50);

// ---------------------------------------------------------------- the two pages

const OURS = `
import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';
// The package as a host's bundler takes it: dist/ (npm run build), its sideEffects list honoured.
import { RichEditor, reactNodeView } from './dist/react/index.js';
import { countRender, cardsHtml, cardCount } from './bench/adapters/node-view-page.js';
function Card({ node, updateAttributes, contentRef }) {
  countRender();
  return h('div', { className: 'card-view' },
    h('button', { type: 'button', contentEditable: false, onClick: () => updateAttributes({ tone: node.attrs.tone === 'calm' ? 'loud' : 'calm' }) }, node.attrs.tone),
    h('div', { ref: contentRef, className: 'card-body' }));
}
const extensions = [{ name: 'cards', nodes: [{
  name: 'card', group: 'block', content: 'paragraph+',
  attrs: { label: { type: 'text', default: '' }, tone: { type: 'enum', values: ['calm', 'loud'], default: 'calm' } },
  html: { tag: 'section', attrs: { label: 'data-label', tone: 'data-tone' }, class: 'card' },
  nodeView: reactNodeView(Card),
}] }];
let element = null;
window.nv = {
  cardCount,
  mount(blocks, every) {
    createRoot(document.getElementById('container')).render(h(RichEditor, { extensions, value: cardsHtml(blocks, every), ref: (el) => { element = el; } }));
  },
  setAll(count) { element.setValue(cardsHtml(count, 1)); },
  focusMiddle() {
    const view = element.editorView;
    const doc = view.state.doc;
    let pos = 0;
    doc.forEach((node, offset, index) => { if (index === Math.floor(doc.childCount / 2) && node.type.name === 'paragraph') pos = offset + node.nodeSize - 1; });
    if (!pos) doc.forEach((node, offset, index) => { if (!pos && index > doc.childCount / 2 && node.type.name === 'paragraph') pos = offset + node.nodeSize - 1; });
    view.focus();
    view.dispatch(view.state.tr.setSelection(view.state.selection.constructor.near(doc.resolve(pos))).scrollIntoView());
  },
};
`;

const TIPTAP = `
import { createElement as h } from 'react';
import { createRoot } from 'react-dom/client';
import { Node, mergeAttributes } from '@tiptap/core';
import { EditorContent, NodeViewContent, NodeViewWrapper, ReactNodeViewRenderer, useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { countRender, cardsHtml, cardCount } from './bench/adapters/node-view-page.js';
function Card({ node, updateAttributes }) {
  countRender();
  return h(NodeViewWrapper, { className: 'card-view' },
    h('button', { type: 'button', contentEditable: false, onClick: () => updateAttributes({ tone: node.attrs.tone === 'calm' ? 'loud' : 'calm' }) }, node.attrs.tone),
    h(NodeViewContent, { className: 'card-body' }));
}
const CardNode = Node.create({
  name: 'card', group: 'block', content: 'paragraph+',
  addAttributes: () => ({ label: { default: '', parseHTML: (el) => el.getAttribute('data-label') }, tone: { default: 'calm', parseHTML: (el) => el.getAttribute('data-tone') } }),
  parseHTML: () => [{ tag: 'section.card' }],
  renderHTML: ({ node }) => ['section', mergeAttributes({ class: 'card', 'data-label': node.attrs.label, 'data-tone': node.attrs.tone }), 0],
  addNodeView: () => ReactNodeViewRenderer(Card),
});
let editor = null;
function App({ html }) {
  editor = useEditor({ extensions: [StarterKit, CardNode], content: html, immediatelyRender: true });
  return h(EditorContent, { editor });
}
window.nv = {
  cardCount,
  mount(blocks, every) { createRoot(document.getElementById('container')).render(h(App, { html: cardsHtml(blocks, every) })); },
  setAll(count) { editor.commands.setContent(cardsHtml(count, 1)); },
  focusMiddle() {
    const doc = editor.state.doc;
    let pos = 0;
    doc.forEach((node, offset, index) => { if (!pos && index >= doc.childCount / 2 && node.type.name === 'paragraph') pos = offset + node.nodeSize - 1; });
    editor.chain().focus().setTextSelection(pos).scrollIntoView().run();
  },
};
`;

const PAGE = (script) => `<!doctype html><html lang="en"><meta charset="utf-8"><link rel="icon" href="data:,"><title>node views</title>
<style>body { margin: 0; font: 16px/1.5 system-ui, sans-serif; } #container { width: 800px; margin: 0 auto; padding: 16px; } [contenteditable] { outline: none; }</style>
<div id="container"></div><script type="module" src="./${script}"></script></html>`;

async function buildPages() {
  const out = join(root, 'bench/.build');
  mkdirSync(out, { recursive: true });
  const bundle = (contents, file) =>
    build({
      stdin: { contents, resolveDir: root, loader: 'jsx' },
      outfile: join(out, file),
      bundle: true,
      minify: true,
      format: 'esm',
      target: 'es2022',
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'warning',
    });
  await bundle(OURS, 'nv-ours.js');
  await bundle(TIPTAP, 'nv-tiptap.js');
  writeFileSync(join(out, 'nv-ours.html'), PAGE('nv-ours.js'));
  writeFileSync(join(out, 'nv-tiptap.html'), PAGE('nv-tiptap.js'));
}

// ---------------------------------------------------------------- measuring

const TARGETS = ['ours', 'tiptap'];

async function withPage(browser, origin, target, steps) {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  page.setDefaultTimeout(300_000);
  const logged = [];
  page.on('console', (message) => ['error', 'warn'].includes(message.type()) && logged.push(`${message.type()}: ${message.text()}`));
  page.on('pageerror', (error) => logged.push(`pageerror: ${error.message}`));
  try {
    await page.goto(`${origin}/bench/.build/nv-${target}.html`);
    await page.waitForFunction(() => window.nv);
    return await steps(page, logged);
  } finally {
    await context.close();
  }
}

async function typing(browser, origin, target) {
  return withPage(browser, origin, target, async (page, logged) => {
    const cards = BLOCKS / CARD_EVERY;
    await page.evaluate((b, e) => window.nv.mount(b, e), BLOCKS, CARD_EVERY);
    await page.waitForFunction((n) => window.nv.cardCount() >= n, { polling: 100 }, cards);
    await page.evaluate(() => window.nv.focusMiddle());
    const latencies = [];
    const renders = [];
    for (let i = 0; i < KEYS; i++) {
      await page.evaluate(() => window.armKey());
      await page.keyboard.press('abcdefghijklmnopqrstuvwxyz'[i % 26]);
      latencies.push(await page.evaluate(() => window.keyResult));
      // The renders a key caused, counted once its frame is painted and React's scheduled work ran.
      await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 0)));
      renders.push(await page.evaluate(() => window.renders));
    }
    return { latencies: latencies.slice(SETTLING), renders: renders.slice(SETTLING), cards, logged };
  });
}

async function bulk(browser, origin, target) {
  return withPage(browser, origin, target, async (page, logged) => {
    await page.evaluate(() => window.nv.mount(1, 100));
    await page.waitForFunction(() => document.querySelector('[contenteditable]') || document.querySelector('rich-editor')?.shadowRoot?.querySelector('[contenteditable]'));
    const start = Date.now();
    await page.evaluate((n) => window.nv.setAll(n), BULK);
    const done = await page
      .waitForFunction((n) => window.nv.cardCount() >= n, { polling: 50, timeout: 120_000 }, BULK)
      .then(() => true)
      .catch(() => false);
    return { ms: done ? Date.now() - start : null, views: await page.evaluate(() => window.nv.cardCount()), logged };
  });
}

// ---------------------------------------------------------------- run

if (!existsSync(join(root, 'dist/react/index.js'))) execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
const executablePath = findChromium();
if (!executablePath) throw new Error('no Chromium found (set CHROME_PATH)');
await buildPages();
const server = await serveFolder(root);
const origin = `http://127.0.0.1:${server.address().port}`;
const browser = await puppeteer.launch({
  executablePath,
  headless: true,
  args: [...CHROMIUM_ARGS, '--window-size=1280,900'],
  defaultViewport: { width: 1280, height: 900 },
  protocolTimeout: 300_000,
});
const raw = { ours: { typing: [], bulk: [] }, tiptap: { typing: [], bulk: [] } };
try {
  for (let rep = 0; rep < REPS; rep++) {
    for (const target of rep % 2 ? [...TARGETS].reverse() : TARGETS) {
      raw[target].typing.push(await typing(browser, origin, target));
      // Once: TipTap's bulk step blocks its page for minutes (each view mounts synchronously).
      if (rep === 0) raw[target].bulk.push(await bulk(browser, origin, target));
      console.log(`rep ${rep + 1}/${REPS} ${target} done`);
    }
  }
} finally {
  await browser.close();
  server.close();
}

const summary = {};
for (const target of TARGETS) {
  const keys = raw[target].typing.flatMap((run) => run.latencies);
  const renders = raw[target].typing.flatMap((run) => run.renders);
  const bulkRuns = raw[target].bulk;
  summary[target] = {
    typingP50: median(keys),
    typingP95: percentile(keys, 95),
    rendersPerKey: median(renders),
    rendersPerKeyMax: Math.max(...renders),
    bulkMs: median(bulkRuns.map((run) => run.ms).filter((ms) => ms !== null)),
    bulkViews: Math.min(...bulkRuns.map((run) => run.views)),
    logged: [...new Set([...raw[target].typing, ...bulkRuns].flatMap((run) => run.logged))].slice(0, 5),
  };
}
const results = { date: new Date().toISOString(), reps: REPS, load: process.env.BENCH_LOAD_NOTE ?? null, blocks: BLOCKS, cards: BLOCKS / CARD_EVERY, bulk: BULK, keys: KEYS - SETTLING, summary };
mkdirSync(join(root, 'bench/results'), { recursive: true });
writeFileSync(join(root, 'bench/results/node-views.json'), `${JSON.stringify(results, null, 2)}\n`);
console.table(Object.fromEntries(TARGETS.map((target) => [target, { ...summary[target], logged: summary[target].logged.length }])));

// The section of docs/benchmarks.md (kept by `npm run bench`'s own rewrite of the file).
const docs = join(root, 'docs/benchmarks.md');
const text = readFileSync(docs, 'utf8');
const section = nodeViewSection(root);
const start = text.indexOf('## React node views');
const next = start >= 0 ? text.indexOf('\n## ', start + 3) : -1;
const updated = start >= 0 ? text.slice(0, start) + section + (next >= 0 ? text.slice(next + 1) : '') : text.replace('\n## Targets\n', `\n${section}## Targets\n`);
writeFileSync(docs, updated);
