// The package as a host installs it: `npm pack`, then the tarball installed offline into fresh
// consumer projects (a plain HTML page, a Vite + React 19 + strict TypeScript app, Node, and the
// collaboration entries type-checked in strict TypeScript as docs/collaboration.md uses them)
// that use it the way the README says, in Chromium.
//
// It packs what `npm run build` left in dist/ (`--ignore-scripts`: npm test builds first, and
// prepack's library build would only do it again).
import assert from 'node:assert/strict';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, normalize } from 'node:path';
import { after, before, test } from 'node:test';
import { pathToFileURL } from 'node:url';
import { serveFolder } from '../../scripts/serve.mjs';
import { launchBrowser, onPage, openPage } from '../e2e/helpers/browser.mjs';
import { installConsumer, runIn } from './consumer-project.mjs';

const root = new URL('../..', import.meta.url).pathname;
const bin = (name) => join(root, 'node_modules', '.bin', name);

/**
 * What the element fetches on demand, by a string only each holds (test/build/bundle.node.test.mjs
 * has them all): a host's bundle of the library entries holds them in chunks of their own.
 */
const ON_DEMAND_MARKS = {
  'the menus and handles': 'rich-editor-listbox-option',
  'table editing': 'tableColumnResizing',
  'the code block and image views': 'code-block-language',
  'the gap cursor': 'Invalid input for GapCursor.fromJSON',
  'image uploads': 'The uploaded image could not be inserted',
  'mention highlights': 'Mention highlights failed',
};

/** The folders of dist/ the package ships; everything else there (the app, the server) stays home. */
const LIBRARY_DIRS = ['core', 'element', 'react', 'collab', 'extensions', 'locales', 'vendor', 'browser', 'types'];
/** The sources a shipped source map may name: the library's own (shipped under src/), and the dependencies bundled into the embed bundle. */
const LIBRARY_SOURCES = /^src\/(core|element|react|collab|extensions|locales)\//;
const isLibrarySource = (path) => LIBRARY_SOURCES.test(path) || path.split('/').includes('node_modules');

let work;
let tarball;
let packedFiles;
let browser;

before(async () => {
  work = mkdtempSync(join(tmpdir(), 'rich-editor-consumer-'));
  const { stdout } = await runIn(root, 'npm', ['pack', '--ignore-scripts', '--json', '--loglevel=error', '--pack-destination', work]);
  const [result] = JSON.parse(stdout);
  tarball = join(work, result.filename);
  packedFiles = result.files.map((file) => file.path);
  browser = await launchBrowser();
});

after(async () => {
  await browser?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

/**
 * Runs `steps` on a new page; the page must log no error and throw nothing (but the problems
 * `expected` accepts: the browser's own line about a request that failed on purpose).
 */
async function inPage(steps, expected = () => false) {
  const session = await openPage(browser);
  await onPage(session, async (page) => {
    await steps(page);
    assert.deepEqual(session.problems.filter((problem) => !expected(problem)), [], 'no console error, no uncaught error');
  });
}

/** Serves `folder` on 127.0.0.1 while `use(base)` runs. */
async function served(folder, use) {
  const server = await serveFolder(folder);
  try {
    await use(`http://127.0.0.1:${server.address().port}`);
  } finally {
    await new Promise((resolve) => server.close(resolve));
  }
}

/** Clicks into the editable content of the `nth` `<rich-editor>`, types `text` on the keyboard, and resolves with the element's HTML. */
/** Resolves once `warnings` holds `count` entries (the page's console pushes them); fails after 10 s naming what it saw. */
async function waitForWarnings(warnings, count) {
  const deadline = Date.now() + 10_000;
  while (warnings.length < count) {
    if (Date.now() > deadline) throw new Error(`expected ${count} warnings, saw ${JSON.stringify(warnings)}`);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

async function typeInto(page, text, nth = 0) {
  await page.waitForFunction((index) => document.querySelectorAll('rich-editor')[index]?.shadowRoot?.querySelector('[contenteditable="true"]'), {}, nth);
  const content = await page.evaluateHandle((index) => document.querySelectorAll('rich-editor')[index].shadowRoot.querySelector('[contenteditable="true"]'), nth);
  await content.click();
  await page.keyboard.press('End');
  await page.keyboard.type(text);
  return page.evaluate((index) => document.querySelectorAll('rich-editor')[index].getHTML(), nth);
}

test('the tarball holds the library only: no app or server file, no source map with other sources', () => {
  const unexpected = packedFiles.filter(
    (path) =>
      !['package.json', 'README.md', 'LICENSE', 'custom-elements.json'].includes(path) && !LIBRARY_DIRS.some((dir) => path.startsWith(`dist/${dir}/`)) && !LIBRARY_SOURCES.test(path),
  );
  assert.deepEqual(unexpected, [], 'only the library, its sources, its types, the manifest, README and LICENSE are packed');
  for (const required of ['LICENSE', 'README.md', 'custom-elements.json', 'dist/browser/rich-editor.min.js', 'dist/types/element/index.d.ts', 'dist/types/react/index.d.ts']) {
    assert.ok(packedFiles.includes(required), `${required} is packed`);
  }
  assert.deepEqual(packedFiles.filter((path) => path.startsWith('dist/types/') && /^dist\/types\/(app|server)\//.test(path)), [], 'no app or server types');
  const foreign = [];
  for (const path of packedFiles.filter((file) => file.endsWith('.map'))) {
    const map = JSON.parse(readFileSync(join(root, path), 'utf8'));
    for (const source of map.sources) {
      const resolved = normalize(join(dirname(path), source));
      if (!isLibrarySource(resolved)) foreign.push(`${path}: ${resolved}`);
    }
  }
  assert.deepEqual(foreign, [], 'every source map holds library sources and bundled dependencies only');
});

test('every entry of the exports map names its types, and the tarball holds each of them', () => {
  const { exports } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  const problems = [];
  for (const [entry, target] of Object.entries(exports)) {
    // A JSON file (the manifest, package.json) is imported as data: it has no declarations.
    if (typeof target === 'string' && target.endsWith('.json')) continue;
    const types = typeof target === 'object' ? target.types : undefined;
    if (!types) problems.push(`${entry}: no types condition`);
    else if (!packedFiles.includes(normalize(types))) problems.push(`${entry}: ${types} is not in the tarball`);
  }
  assert.deepEqual(problems, [], 'a strict TypeScript host gets declarations for every entry (TS7016 otherwise)');
});

test('the source maps name our sources, which the tarball holds once, instead of each map carrying a copy', () => {
  const missing = [];
  let maps = 0;
  for (const path of packedFiles.filter((file) => file.endsWith('.map'))) {
    const map = JSON.parse(readFileSync(join(root, path), 'utf8'));
    maps += 1;
    assert.ok((map.sourcesContent ?? []).every((content) => content == null), `${path} holds no copy of a source`);
    for (const source of map.sources) {
      const resolved = normalize(join(dirname(path), source));
      if (LIBRARY_SOURCES.test(resolved) && !packedFiles.includes(resolved)) missing.push(`${path}: ${resolved}`);
    }
  }
  assert.ok(maps > 100, 'the library modules and the embed bundle ship their maps');
  assert.deepEqual(missing, [], 'every source a map names is in the tarball');
});

/** A page that loads the embed bundle from `src` with one script, around an editor holding text and code. */
function embedPage(title, src) {
  return `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>${title}</title>
<script type="module" src="${src}"></script>
<rich-editor value="<p>Hello</p><pre><code class=&quot;language-js&quot;>const a = 1;</code></pre>"></rich-editor>`;
}

test('a plain HTML page loads the embed bundle with one script and edits', async () => {
  const dir = join(work, 'plain');
  await installConsumer(dir, tarball);
  writeFileSync(
    join(dir, 'index.html'),
    embedPage('Plain page', '/node_modules/rich-editor/dist/browser/rich-editor.min.js'),
  );
  await served(dir, (base) =>
    inPage(async (page) => {
      const missing = [];
      page.on('response', (response) => response.status() >= 400 && missing.push(response.url()));
      const warnings = [];
      page.on('console', (message) => message.type() === 'warn' && warnings.push(message.text()));
      await page.goto(`${base}/`);
      const value = await typeInto(page, ' from a plain page');
      assert.match(value, /<p>Hello from a plain page<\/p>/);
      // The lazy chunks are found beside the bundle, whatever the page's own address.
      await page.waitForFunction(() => document.querySelector('rich-editor').shadowRoot.querySelector('.token'), { timeout: 5000 });
      assert.deepEqual(missing, [], 'every file the bundle asks for is there');
      assert.deepEqual(warnings, [], 'no warning');
    }),
  );
});

test('a plain page adds interactive blocks: the shipped details section, and a node view of its own built with pm', async () => {
  const dir = join(work, 'plain');
  writeFileSync(
    join(dir, 'blocks.html'),
    `<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>Blocks</title>
<rich-editor></rich-editor>
<script type="module">
  import { pm } from '/node_modules/rich-editor/dist/browser/rich-editor.min.js';
  import { details } from '/node_modules/rich-editor/dist/extensions/details.js';
  // A stamp: Mod-Alt-s inserts it, its own button removes it.
  const stamp = (editorPm) => ({
    name: 'stamp',
    nodes: [{
      name: 'stamp', group: 'block', atom: true, html: { tag: 'div', class: 'stamp' },
      nodeView(node, view, getPos, decorations, context) {
        const dom = document.createElement('div');
        dom.className = 'stamp-view';
        const remove = document.createElement('button');
        remove.textContent = 'Remove';
        remove.addEventListener('click', () => context.deleteNode(), { signal: context.signal });
        dom.append('Stamped ', remove);
        return { dom, stopEvent: (event) => event.target === remove };
      },
    }],
    keys: () => ({
      'Mod-Alt-s': (state, dispatch) => {
        if (dispatch) {
          const tr = state.tr.replaceSelectionWith(state.schema.nodes.stamp.create());
          dispatch(tr.setSelection(pm.state.TextSelection.near(tr.doc.resolve(tr.selection.to))));
        }
        return true;
      },
    }),
    samePm: editorPm === pm,
  });
  const editor = document.querySelector('rich-editor');
  editor.extensions = [details, stamp];
  editor.value = '<details open><summary>Title</summary><p>Inside</p></details>';
  window.samePm = stamp(pm).samePm && Object.isFrozen(pm) && typeof pm.model.Fragment === 'function';
</script>`,
  );
  await served(dir, (base) =>
    inPage(async (page) => {
      await page.goto(`${base}/blocks.html`);
      const inEditor = (selector) => page.waitForFunction((s) => document.querySelector('rich-editor').shadowRoot.querySelector(s), {}, selector);
      const html = () => page.evaluate(() => document.querySelector('rich-editor').getHTML());
      assert.equal(await page.evaluate(() => window.samePm), true, 'the extension gets the pm the bundle exports');
      // The section's toggle closes it; typing at the end of its summary goes into the summary.
      await (await inEditor('.details-toggle')).click();
      assert.equal(await html(), '<details><summary>Title</summary><p>Inside</p></details>');
      await (await inEditor('.details-summary')).click();
      await page.keyboard.press('End');
      await page.keyboard.type('!');
      assert.equal(await html(), '<details><summary>Title!</summary><p>Inside</p></details>');
      // Enter past the closed section, then the stamp's own key and its own button.
      await page.keyboard.press('Enter');
      await page.keyboard.down('Control');
      await page.keyboard.down('Alt');
      await page.keyboard.press('s');
      await page.keyboard.up('Alt');
      await page.keyboard.up('Control');
      await inEditor('.stamp-view');
      assert.match(await html(), /<\/details><div class="stamp"><\/div>/);
      await (await inEditor('.stamp-view button')).click();
      assert.doesNotMatch(await html(), /stamp/);
    }),
  );
});

test('the embed bundle copied without its chunks still edits, with one warning per missing chunk', async () => {
  const dir = join(work, 'lonely');
  mkdirSync(dir);
  copyFileSync(join(root, 'dist/browser/rich-editor.min.js'), join(dir, 'rich-editor.min.js'));
  writeFileSync(
    join(dir, 'index.html'),
    embedPage('Lonely bundle', '/rich-editor.min.js'),
  );
  await served(dir, (base) =>
    inPage(async (page) => {
      const warnings = [];
      page.on('console', (message) => message.type() === 'warn' && warnings.push(message.text()));
      await page.goto(`${base}/`);
      const value = await typeInto(page, ' and more');
      // Each missing chunk is asked for (and warned about) once it is first needed: wait for the four warnings the page emits.
      await waitForWarnings(warnings, 4);
      await page.keyboard.type(' and more again');
      await page.evaluate(() => document.querySelector('rich-editor').blur());
      await typeInto(page, '!');
      // Typing on and focusing again asks for no chunk again (a failed one stays failed): still four, each once.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      assert.match(value, /<p>Hello and more<\/p>/);
      // The code block's view (with the highlighter it would fetch), the gap cursor (a code block is a
      // block to stand beside), the on-demand UI (menus, handles and the paste pipeline, fetched
      // when idle or on focus) and the HTML string writer (fetched when idle; the HTML is written
      // through the DOM instead) are missing: one warning each, however much the user types. The
      // markdown parser is asked for by markdown paste, which comes with the pieces; the document
      // has no table, so table editing is never asked for.
      assert.equal(warnings.length, 4, `one warning per missing chunk: ${JSON.stringify(warnings)}`);
      assert.equal(new Set(warnings).size, warnings.length, 'no warning twice');
      for (const warning of warnings) assert.match(warning, /^\[rich-editor\] .*could not be loaded \(is (its|their) chunk beside the editor's script\?\)/);
    }, (problem) => /^console: Failed to load resource: .*\/(markdown-parse|highlighter|pieces|tables|block-views|gaps|string-writer)-[\w-]+\.min\.js\)$/.test(problem)),
  );
});

test('a Vite + React 19 app in strict TypeScript uses rich-editor/react (a React node view too) and ProseMirror of its own, gets what the editor loads on demand as chunks of its bundle, and Node imports every entry', async () => {
  const dir = join(work, 'react');
  await installConsumer(dir, tarball, ['react', 'react-dom', '@types/react', '@types/react-dom']);
  mkdirSync(join(dir, 'src'));
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: { target: 'ES2022', module: 'ESNext', moduleResolution: 'bundler', jsx: 'react-jsx', strict: true, noEmit: true, skipLibCheck: false, lib: ['ES2022', 'DOM', 'DOM.Iterable'], types: [] },
      include: ['src'],
    }),
  );
  writeFileSync(join(dir, 'index.html'), '<!doctype html><meta charset="utf-8"><link rel="icon" href="data:,"><title>React app</title><div id="root"></div><script type="module" src="/src/main.tsx"></script>');
  writeFileSync(
    join(dir, 'vite.config.mjs'),
    `import react from ${JSON.stringify(pathToFileURL(join(root, 'node_modules/@vitejs/plugin-react/dist/index.js')).href)};
// The manifest names each chunk and what it imports: what the page loads first is read from it.
export default { plugins: [react()], logLevel: 'warn', build: { manifest: true } };`,
  );
  // Only rich-editor/react here: its types alone give the tag's element type and the JSX intrinsic.
  writeFileSync(
    join(dir, 'src/main.tsx'),
    `import { StrictMode, useRef } from 'react';
import { createRoot } from 'react-dom/client';
import { RichEditor, reactNodeView, type ReactNodeViewProps, type RichEditorChangeDetail, type RichEditorElement } from 'rich-editor/react';
import type { EditorExtension } from 'rich-editor';
import { pm } from 'rich-editor/core';
import { Fragment } from 'prosemirror-model';
import { TextSelection } from 'prosemirror-state';

declare global {
  interface Window { changes: string[]; oneProseMirror: boolean }
}
window.changes = [];
// The host's own ProseMirror imports resolve to the copies the editor runs (docs/extensions.md).
window.oneProseMirror = pm.state.TextSelection === TextSelection && pm.model.Fragment === Fragment;

// A block drawn by a React component: a button that flips its tone, and its editable body.
function Card({ node, updateAttributes, contentRef }: ReactNodeViewProps) {
  const tone = String(node.attrs.tone);
  return (
    <div className="card-view">
      <button type="button" contentEditable={false} onClick={() => updateAttributes({ tone: tone === 'calm' ? 'loud' : 'calm' })}>{tone}</button>
      <div ref={contentRef} className="card-body" />
    </div>
  );
}
const cards: EditorExtension[] = [{
  name: 'cards',
  nodes: [{
    name: 'card', group: 'block', content: 'paragraph+',
    attrs: { tone: { type: 'enum', values: ['calm', 'loud'], default: 'calm' } },
    html: { tag: 'section', attrs: { tone: 'data-tone' }, class: 'card' },
    nodeView: reactNodeView(Card),
  }],
}];

function App() {
  const ref = useRef<RichEditorElement>(null);
  return (
    <StrictMode>
      <RichEditor ref={ref} value="<p>Hello</p>" placeholder="Write" theme="light" features={{ tables: false }} onChange={(event) => { const detail: RichEditorChangeDetail = event.detail; window.changes.push(detail.html); }} />
      <rich-editor value="<p>Viewer</p>" readonly theme="dark" className="viewer"></rich-editor>
      <RichEditor className="cards" extensions={cards} value={'<section class="card" data-tone="calm"><p>Body</p></section>'} />
      {/* @ts-expect-error: the element's attributes are typed */}
      <rich-editor theme="blue"></rich-editor>
    </StrictMode>
  );
}

const element: RichEditorElement | null = document.querySelector('rich-editor');
void element?.getHTML;
createRoot(document.getElementById('root')!).render(<App />);
`,
  );
  // The types a host needs, from the main entry.
  writeFileSync(
    join(dir, 'src/host-types.ts'),
    `import type { EditorExtension, Features, JSONNode, MentionClickDetail, MentionItem, RichEditor, RichEditorChangeDetail, UploadContext, UploadErrorDetail, UploadFileCallback } from 'rich-editor';

// A host's own feature, declared where its extension is: \`features\` then takes it.
declare module 'rich-editor' {
  interface CustomFeatures { stamps: true }
}
export const stamps: EditorExtension = { name: 'stamps', feature: 'stamps' };
export const features: Features = { tables: false, stamps: false };
// @ts-expect-error: feature names are a closed union
export const misspelt: Features = { tablez: false };

export const upload: UploadFileCallback = async (file: File, context: UploadContext) => { context.signal.throwIfAborted(); return URL.createObjectURL(file); };
export const people: MentionItem[] = [];
export function onChange(event: CustomEvent<RichEditorChangeDetail>): JSONNode { return event.detail.json; }
export function listen(editor: RichEditor): void {
  editor.addEventListener('rich-editor-mention-click', (event) => { const detail: MentionClickDetail = event.detail; event.preventDefault(); void detail.redirect_uri; });
  editor.addEventListener('rich-editor-upload-error', (event) => { const detail: UploadErrorDetail = event.detail; void detail.message; });
}
`,
  );
  // A host's own command, declared in one file, run in another, while a third imports a shipped
  // extension that declares its own: both merge, in whatever order the files come.
  writeFileSync(join(dir, 'src/commands-declared.ts'), `import type {} from 'rich-editor';
declare module 'rich-editor' {
  interface EditorCommands { 'stamps.go': [count: number] }
}
`);
  writeFileSync(join(dir, 'src/commands-run.ts'), `import type { RichEditor } from 'rich-editor';
export function go(editor: RichEditor): boolean {
  // @ts-expect-error: its argument is typed
  editor.run('stamps.go', 'one');
  return editor.run('stamps.go', 1) && editor.run('callout.toggle');
}
`);
  writeFileSync(join(dir, 'src/other-callout.ts'), `export { callout } from 'rich-editor/extensions/callout';\n`);
  // The built-in blocks' options by the names the docs give them, from the core entry.
  writeFileSync(
    join(dir, 'src/block-options.ts'),
    `import { blocks, type CodeBlockOptions, type HeadingOptions } from 'rich-editor/core';

export const headings: HeadingOptions = { levels: [1, 2] };
export const code: CodeBlockOptions = { languages: ['typescript', ['mermaid', 'Mermaid']] };
export const nodes = [blocks.heading.configure(headings), blocks.codeBlock.configure(code)];
`,
  );
  await runIn(dir, bin('tsc'), ['-p', dir]);
  await runIn(dir, bin('vite'), ['build', dir, '--config', join(dir, 'vite.config.mjs')]);
  await served(join(dir, 'dist'), (base) =>
    inPage(async (page) => {
      await page.goto(`${base}/`);
      const value = await typeInto(page, ' from React');
      assert.match(value, /<p>Hello from React<\/p>/);
      const changes = await page.evaluate(() => window.changes);
      assert.ok(changes.at(-1)?.includes('Hello from React'), 'onChange reported the typing');
      assert.equal(await page.evaluate(() => document.querySelector('rich-editor.viewer')?.getHTML()), '<p>Viewer</p>', 'the JSX intrinsic element renders');
      assert.equal(await page.evaluate(() => window.oneProseMirror), true, "the host's prosemirror-state and -model are the editor's");
      // The React node view: its button sets the attribute, its body takes typing.
      const inCards = (selector) => page.waitForFunction((s) => document.querySelector('rich-editor.cards').shadowRoot.querySelector(s), {}, selector);
      await (await inCards('.card-view button')).click();
      await (await inCards('.card-body p')).click();
      await page.keyboard.press('End');
      await page.keyboard.type(' typed');
      assert.equal(await page.evaluate(() => document.querySelector('rich-editor.cards').getHTML()), '<section class="card" data-tone="loud"><p>Body typed</p></section>');
      // The menus came as a chunk of the app's bundle: "/" opens the slash menu.
      await typeInto(page, ' /');
      await page.waitForFunction(() => document.querySelector('rich-editor').shadowRoot.querySelector('rich-editor-slash-menu')?.querySelectorAll('[role="option"]').length > 5, { timeout: 10_000 });
    }),
  );
  // Vite splits at the element's import()s: what the editor fetches on demand is not in what the
  // page loads first (the entry's file and the chunks it imports), but in chunks of their own.
  const manifest = JSON.parse(readFileSync(join(dir, 'dist/.vite/manifest.json'), 'utf8'));
  const first = new Set();
  const loadFirst = (key) => {
    if (first.has(key)) return;
    first.add(key);
    for (const imported of manifest[key].imports ?? []) loadFirst(imported);
  };
  loadFirst(Object.keys(manifest).find((key) => manifest[key].isEntry));
  const code = (key) => readFileSync(join(dir, 'dist', manifest[key].file), 'utf8');
  const loadedFirst = [...first].map(code).join('\n');
  const later = Object.keys(manifest).filter((key) => !first.has(key) && manifest[key].file.endsWith('.js'));
  for (const [name, mark] of Object.entries(ON_DEMAND_MARKS)) {
    assert.ok(!loadedFirst.includes(mark), `${name}: not in what the page loads first`);
    assert.ok(later.some((key) => code(key).includes(mark)), `${name}: in a chunk loaded on demand`);
  }
  // A host that leaves a chunk out (here the menus') still has an editor that takes typing, and one warning.
  const piecesKey = Object.keys(manifest).find((key) => key.endsWith('rich-editor/dist/element/pieces.js'));
  assert.ok(piecesKey && later.includes(piecesKey), 'the menus are a chunk of their own');
  cpSync(join(dir, 'dist'), join(dir, 'dist-without-menus'), { recursive: true });
  rmSync(join(dir, 'dist-without-menus', manifest[piecesKey].file));
  await served(join(dir, 'dist-without-menus'), (base) =>
    inPage(
      async (page) => {
        const warnings = [];
        page.on('console', (message) => message.type() === 'warn' && warnings.push(message.text()));
        await page.goto(`${base}/`);
        assert.match(await typeInto(page, ' still'), /<p>Hello still<\/p>/);
        await waitForWarnings(warnings, 1);
        assert.equal(warnings.length, 1, `one warning: ${JSON.stringify(warnings)}`);
        assert.match(warnings[0], /^\[rich-editor\] The editor's menus and handles could not be loaded/);
      },
      (problem) => problem.startsWith('console: Failed to load resource: ') && problem.includes(manifest[piecesKey].file),
    ),
  );
  // Node (no DOM), as a server-side renderer imports the package: every entry of the exports map.
  const { exports } = JSON.parse(readFileSync(join(dir, 'node_modules/rich-editor/package.json'), 'utf8'));
  const specifiers = Object.keys(exports).map((key) => `rich-editor${key.slice(1)}`);
  const script = `for (const specifier of ${JSON.stringify(specifiers)}) {
  const module = await import(specifier, specifier.endsWith('.json') ? { with: { type: 'json' } } : undefined);
  if (!Object.keys(module).length) throw new Error(specifier + ' exports nothing');
  console.log(specifier);
}`;
  const { stdout } = await runIn(dir, process.execPath, ['--no-warnings', '--input-type=module', '-e', script]);
  assert.deepEqual(stdout.trim().split('\n'), specifiers, 'every entry loads in Node');
});

test('editing together in strict TypeScript: rich-editor/collab in a page and with React without Node types, rich-editor/collab/server in a Node server with ws', async () => {
  const dir = join(work, 'collab');
  await installConsumer(dir, tarball, ['react', '@types/react', 'ws', '@types/ws', '@types/node']);
  mkdirSync(join(dir, 'page'));
  mkdirSync(join(dir, 'server'));
  const strict = { target: 'ES2022', strict: true, noEmit: true, skipLibCheck: false };
  // The page's side, as docs/collaboration.md writes it (a page, and React): a browser program with no Node types.
  writeFileSync(
    join(dir, 'tsconfig.page.json'),
    JSON.stringify({ compilerOptions: { ...strict, module: 'ESNext', moduleResolution: 'bundler', jsx: 'react-jsx', lib: ['ES2022', 'DOM', 'DOM.Iterable'], types: [] }, include: ['page'] }),
  );
  writeFileSync(
    join(dir, 'page/page.ts'),
    `import type { RichEditor } from 'rich-editor';
import { CloseCode, connect, MAX_MESSAGE_BYTES, type Collaboration, type CollabProvider, type CollabProviderOptions, type CollabState, type CollabStatus, type CollabUser } from 'rich-editor/collab';

const url = \`ws://\${location.host}/collab\`;
const providers: CollabProvider[] = [];
for (const [id, name] of [['left', 'Ada'], ['right', 'Grace']] as const) {
  const editor = document.getElementById(id) as RichEditor;
  const options: CollabProviderOptions = { url, document: 'notes', token: name };
  const provider = connect(options);
  providers.push(provider);
  const user: CollabUser = { id: name.toLowerCase(), name, color: '#3366cc' };
  const collaboration: Collaboration = { provider, user, carets: false };
  editor.collaboration = collaboration;
  editor.addEventListener('rich-editor-collab-status', ({ detail }) => {
    const state: CollabState = detail;
    const status: CollabStatus = state.status;
    document.getElementById('status')!.textContent = status === 'offline' ? \`Offline: \${state.unsent} changes waiting\` : \`\${status}\${state.readOnly ? ' (read-only)' : ''} \${state.reason}\`;
  });
}
// A server on another origin: a function asked for a fresh token at each connection.
export const elsewhere = connect({ url: 'wss://example.com/api/collab', document: 'page:42', token: async () => (await fetch('/api/collab/token', { method: 'POST' })).text() });
export const stops: number[] = [CloseCode.unauthorized, CloseCode.notFound, MAX_MESSAGE_BYTES];
// @ts-expect-error: a status is one of five
export const misspelt: CollabStatus = 'online';
export function leave(): void {
  for (const provider of providers) provider.destroy();
}
`,
  );
  writeFileSync(
    join(dir, 'page/editing-together.tsx'),
    `import { useEffect, useState } from 'react';
import { connect, type Collaboration, type CollabState } from 'rich-editor/collab';
import { RichEditor } from 'rich-editor/react';

export function Page({ id, me }: { id: string; me: { id: string; name: string } }) {
  const [collaboration, setCollaboration] = useState<Collaboration | null>(null);
  const [status, setStatus] = useState<CollabState | null>(null);
  useEffect(() => {
    const provider = connect({ url: 'wss://example.com/collab', document: \`page:\${id}\` });
    setCollaboration({ provider, user: { id: me.id, name: me.name } });
    return () => provider.destroy();
  }, [id, me.id, me.name]);
  if (!collaboration) return <p role="status">Connecting…</p>;
  return (
    <>
      <RichEditor collaboration={collaboration} onCollabStatus={(event) => setStatus(event.detail)} />
      <p role="status">{status?.status}</p>
    </>
  );
}
`,
  );
  // The server's side, as docs/collaboration.md writes it: Node's resolution, Node's types, the ws package's sockets handed to the hub.
  // (DOM stays in lib: the core's and ProseMirror's declarations name DOM types.)
  writeFileSync(
    join(dir, 'tsconfig.server.json'),
    JSON.stringify({ compilerOptions: { ...strict, module: 'NodeNext', moduleResolution: 'NodeNext', lib: ['ES2022', 'DOM'], types: ['node'] }, include: ['server'] }),
  );
  writeFileSync(
    join(dir, 'server/server.ts'),
    `import { createServer, type IncomingMessage } from 'node:http';
import { WebSocketServer } from 'ws';
import { CloseCode, CollabHub, documentToUpdate, FRAGMENT, MAX_MESSAGE_BYTES, MemoryStore, sharedDocument, type CollabStore, type CollabUser } from 'rich-editor/collab/server';
import { parseHTML, schema, serializeHTML } from 'rich-editor/core';

const store: CollabStore = new MemoryStore();
const plainCopies = new Map<string, string>();
// A plain copy of each document as its changes are stored.
const hub = new CollabHub({ schema, store, onStored: (name, doc) => void plainCopies.set(name, serializeHTML(sharedDocument(doc, schema))) });

function authenticate(request: IncomingMessage): { user: CollabUser; readOnly: boolean } | null {
  const token = new URL(request.url ?? '/', 'http://localhost').searchParams.get('token');
  return token ? { user: { id: token.toLowerCase(), name: token }, readOnly: false } : null;
}

const server = createServer((_request, response) => void response.writeHead(404).end());
const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });
server.on('upgrade', (request: IncomingMessage, socket, head) => {
  let name: string;
  try {
    name = decodeURIComponent(/^\\/collab\\/([^/]+)$/.exec(new URL(request.url ?? '/', 'http://localhost').pathname)?.[1] ?? '');
  } catch {
    return void socket.destroy();
  }
  const who = authenticate(request);
  sockets.handleUpgrade(request, socket, head, (ws) => {
    if (!who || !name) return ws.close(CloseCode.unauthorized, 'Sign in to open this document.');
    // A document started from content of one's own (here one empty paragraph), once: edit is atomic per document.
    void hub.edit(name, (doc) => (doc.getXmlFragment(FRAGMENT).length ? null : documentToUpdate(parseHTML('', { schema }))));
    hub.connect(ws, name, who.user, { readOnly: who.readOnly });
  });
});

export const closed: Promise<number> = hub.closeWhere((_name, user) => user.id === 'gone');
export const stops: number[] = [CloseCode.unauthorized, CloseCode.readOnly];
`,
  );
  await runIn(dir, bin('tsc'), ['-p', join(dir, 'tsconfig.page.json')]);
  const { stdout } = await runIn(dir, bin('tsc'), ['-p', join(dir, 'tsconfig.page.json'), '--listFilesOnly']);
  const nodeTypes = stdout.split('\n').filter((file) => file.includes('/node_modules/@types/node/'));
  assert.deepEqual(nodeTypes, [], "the browser entries' declarations need no Node types");
  await runIn(dir, bin('tsc'), ['-p', join(dir, 'tsconfig.server.json')]);
});
