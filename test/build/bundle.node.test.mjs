// The embed bundle keeps heavy, rarely used code out of the file every page loads, and a host's
// bundle of the library entries keeps the same code out of what its page loads first.
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { test } from 'node:test';
import { build } from 'esbuild';
import { firstLoad } from '../../scripts/first-load.mjs';

/** A string only markdown-it's source holds (its parse() argument check). */
const MARKDOWN_IT_MARK = 'Input data should be a String';
/** A string only Prism's core holds (its error for a missing grammar). */
const PRISM_MARK = '" has no grammar.';
/** A name only property-information's tables hold (hastscript's, which refractor's hast output needs and we do not). */
const HAST_MARK = 'ariaActiveDescendant';
/** The tag of the menus' options, which only the pieces shown on demand (slash menu, mention list) define and render. */
const PIECES_MARK = 'rich-editor-listbox-option';
/** The name of prosemirror-tables' column resizing plugin key: only table editing's chunk holds it. */
const TABLES_MARK = 'tableColumnResizing';
/** The table handles' part, which come with table editing (a table asks for both). */
const TABLE_CONTROLS_MARK = 'part="table-controls ';
/**
 * The styles of what the parts a document's blocks ask for as it loads draw: table editing's
 * column resize handle, the views' syntax colours, the gap cursor's blink. They are the
 * element's own, in the entry: a part that brought its sheet would have Firefox style the whole
 * shadow root again when it arrived.
 */
const ARRIVING_PARTS_STYLES_MARKS = {
  "what table editing draws": '.column-resize-handle{',
  "the views' controls and tokens": '--_hl-keyword',
  "the gap cursor": 're-gapcursor-blink',
};
/** Strings only the code block's and the image's views hold: they come in a chunk of their own, which the first such block asks for. */
const BLOCK_VIEW_MARKS = {
  "the code block's language picker": 'code-block-language',
  "the image's resize handle": 'aria-orientation',
  'syntax highlighting': 'Highlighting ',
};
/** Strings only the suggestion menus' plugins hold (their failure logs): they come with the pieces. */
const MENU_PLUGIN_MARKS = {
  'the slash menu plugin': 'Slash menu item "',
  'the mention plugin': 'Mention suggestions failed',
  // The paste pipeline (its failure log) comes with them too.
  'the paste pipeline': 'Paste could not be handled',
  // And what the link plugin does to pasted content (its failure log).
  'the links of pasted content': 'Pasted links could not be detected',
  // The link field's reading of a typed address (its bare host names, punycode ones included).
  "the link field's reading of an address": 'xn--[a-z0-9-]{1,59}',
  // The toolbar's state (its test of prosemirror-tables' cell selection).
  "the toolbar's state": '"$anchorCell"in',
  // Other apps' names for code languages, which only pasted code is read with.
  "other apps' names for code languages": 'shellsession',
  // The built-in blocks' menu entries (the table's slash search terms), which only the menus read.
  "the built-in blocks' menu entries": '"tabular","grid"',
};
/** A string only prosemirror-gapcursor holds (its JSON check): the gap cursor comes with the first block drawn that a gap can stand beside. */
const GAP_CURSOR_MARK = 'Invalid input for GapCursor.fromJSON';
/** A string only the image upload plugin holds (a failure log): its chunk is fetched on first need. */
const UPLOADS_MARK = 'The uploaded image could not be inserted';
/** CSS only what image uploads draw is styled with (the placeholder's percentage figures, the upload error's alert): it comes with them. */
const UPLOAD_STYLES_MARKS = { "the upload placeholder's styles": 'tabular-nums', "the upload error's styles": '.alert{' };
/** A name only the redraw of blocks drawn before their views arrived reads (whether a browser tells what content-visibility skips). */
const REDRAW_MARK = 'ContentVisibilityAutoStateChangeEvent';
/** A string only the mention highlights plugin holds (a failure log): its chunk is fetched once a host gives its list. */
const HIGHLIGHTS_MARK = 'Mention highlights failed';
/** A property name only the scrolling to a heading reads (whether a browser has `scrollend`): its chunk is fetched on the first `scrollToHeading`. */
const SCROLLING_MARK = 'onscrollend';
/** The HTML elements the string writer writes without an end tag (its list): it comes in a chunk of its own, fetched at idle. */
const STRING_WRITER_MARK = 'basefont bgsound';
/** Strings only the shipped example extensions hold (their styles), by the entry a host imports them from. */
const EXTENSION_MARKS = { 'rich-editor/extensions/callout': '--rich-editor-callout-info', 'rich-editor/extensions/details': 'details-toggle' };

/** The embed bundle's entry and its lazy chunks, minified, in memory. */
const buildElementBundle = () =>
  build({
    entryPoints: { 'rich-editor': 'src/element/browser.ts' },
    bundle: true,
    splitting: true,
    format: 'esm',
    outdir: 'out',
    write: false,
    minify: true,
    logLevel: 'silent',
  });

test('the element bundle loads markdown-it and the highlighter only on demand', async () => {
  const result = await buildElementBundle();
  const entry = result.outputFiles.find((file) => file.path.endsWith('/rich-editor.js'));
  assert.ok(entry, 'the entry is built');
  const lazy = result.outputFiles.filter((file) => file !== entry && file.path.endsWith('.js'));
  assert.ok(!entry.text.includes(MARKDOWN_IT_MARK), 'markdown-it is not in the entry');
  assert.ok(lazy.some((file) => file.text.includes(MARKDOWN_IT_MARK)), 'markdown-it is in a lazy chunk');
  assert.ok(!entry.text.includes(PRISM_MARK), 'the syntax highlighter is not in the entry');
  assert.ok(lazy.some((file) => file.text.includes(PRISM_MARK)), 'the syntax highlighter is in a lazy chunk');
  // Highlighting keeps Prism's tokens as class ranges: the hast layer's attribute tables
  // (about 0.2 MiB of heap once evaluated) are not loaded at all.
  assert.ok(!result.outputFiles.some((file) => file.text.includes(HAST_MARK)), 'no chunk holds hastscript or property-information');
});

// Read from the built bundle (rollup keeps our own modules' bare imports, which esbuild drops
// by package.json's sideEffects, written for dist/).
test('the built embed bundle leaves the pieces shown on demand (menus, handles) to a chunk of their own', () => {
  assert.ok(existsSync('dist/browser/rich-editor.min.js'), 'dist/ is built (npm run build)');
  assert.ok(!readFileSync('dist/browser/rich-editor.min.js', 'utf8').includes(PIECES_MARK), 'the menus are not in the entry');
  const chunks = readdirSync('dist/browser').filter((name) => /^pieces-[\w-]+\.min\.js$/.test(name));
  assert.equal(chunks.length, 1, 'one pieces chunk');
  assert.ok(readFileSync(`dist/browser/${chunks[0]}`, 'utf8').includes(PIECES_MARK), 'the menus are in the pieces chunk');
  for (const [name, mark] of Object.entries(MENU_PLUGIN_MARKS)) {
    assert.ok(!readFileSync('dist/browser/rich-editor.min.js', 'utf8').includes(mark), `${name} is not in the entry`);
    assert.ok(readFileSync(`dist/browser/${chunks[0]}`, 'utf8').includes(mark), `${name} is in the pieces chunk`);
  }
});

test('the built embed bundle leaves table editing (prosemirror-tables, the table keys, column resizing) to a chunk of its own', () => {
  assert.ok(existsSync('dist/browser/rich-editor.min.js'), 'dist/ is built (npm run build)');
  assert.ok(!readFileSync('dist/browser/rich-editor.min.js', 'utf8').includes(TABLES_MARK), 'prosemirror-tables is not in the entry');
  const chunks = readdirSync('dist/browser').filter((name) => /^tables-[\w-]+\.min\.js$/.test(name));
  assert.equal(chunks.length, 1, 'one table chunk');
  assert.ok(readFileSync(`dist/browser/${chunks[0]}`, 'utf8').includes(TABLES_MARK), 'prosemirror-tables is in the table chunk');
  assert.deepEqual(
    readdirSync('dist/browser').filter((name) => name.endsWith('.min.js') && readFileSync(`dist/browser/${name}`, 'utf8').includes(TABLE_CONTROLS_MARK)),
    [chunks[0]],
    'the table handles are in the table chunk alone (not the pieces, which every editable editor fetches)',
  );
});

test('the built embed bundle leaves the redraw of blocks drawn before their views arrived to a chunk the block views and table editing share', () => {
  assert.ok(!readFileSync('dist/browser/rich-editor.min.js', 'utf8').includes(REDRAW_MARK), 'it is not in the entry');
  const chunks = readdirSync('dist/browser').filter((name) => name.endsWith('.min.js') && readFileSync(`dist/browser/${name}`, 'utf8').includes(REDRAW_MARK));
  assert.equal(chunks.length, 1, 'one chunk holds it');
  for (const part of ['block-views', 'tables']) {
    const [chunk] = readdirSync('dist/browser').filter((name) => new RegExp(`^${part}-[\\w-]+\\.min\\.js$`).test(name));
    assert.ok(chunk && readFileSync(`dist/browser/${chunk}`, 'utf8').includes(chunks[0]), `${part} imports it`);
  }
});

test('the built embed bundle leaves the code block and image views, with syntax highlighting, to a chunk of their own', () => {
  const entry = readFileSync('dist/browser/rich-editor.min.js', 'utf8');
  const chunks = readdirSync('dist/browser').filter((name) => /^block-views-[\w-]+\.min\.js$/.test(name));
  assert.equal(chunks.length, 1, 'one block views chunk');
  const chunk = readFileSync(`dist/browser/${chunks[0]}`, 'utf8');
  for (const [name, mark] of Object.entries(BLOCK_VIEW_MARKS)) {
    assert.ok(!entry.includes(mark), `${name} is not in the entry`);
    assert.ok(chunk.includes(mark), `${name} is in the block views chunk`);
  }
});

test('the built embed bundle leaves the gap cursor to a chunk of its own, which table editing shares', () => {
  assert.ok(!readFileSync('dist/browser/rich-editor.min.js', 'utf8').includes(GAP_CURSOR_MARK), 'the gap cursor is not in the entry');
  const chunks = readdirSync('dist/browser').filter((name) => name.endsWith('.min.js') && readFileSync(`dist/browser/${name}`, 'utf8').includes(GAP_CURSOR_MARK));
  assert.equal(chunks.length, 1, 'in one chunk');
  assert.match(chunks[0], /^gap-cursor-[\w-]+\.min\.js$/, 'its own');
});

test('the built embed bundle leaves image uploads to a chunk of their own, fetched on first need', () => {
  assert.ok(!readFileSync('dist/browser/rich-editor.min.js', 'utf8').includes(UPLOADS_MARK), 'image uploads are not in the entry');
  const chunks = readdirSync('dist/browser').filter((name) => name.endsWith('.min.js') && readFileSync(`dist/browser/${name}`, 'utf8').includes(UPLOADS_MARK));
  assert.equal(chunks.length, 1, 'in one chunk');
  assert.match(chunks[0], /^image-uploads-[\w-]+\.min\.js$/, 'their own');
});

test("the built embed bundle leaves the styles of what image uploads draw to their chunk", () => {
  for (const [name, mark] of Object.entries(UPLOAD_STYLES_MARKS)) {
    assert.ok(!readFileSync('dist/browser/rich-editor.min.js', 'utf8').includes(mark), `${name} are not in the entry`);
    const chunks = readdirSync('dist/browser').filter((file) => file.endsWith('.min.js') && readFileSync(`dist/browser/${file}`, 'utf8').includes(mark));
    assert.equal(chunks.length, 1, `${name} are in one chunk`);
    assert.match(chunks[0], /^image-uploads-[\w-]+\.min\.js$/, `${name} are in image uploads' own`);
  }
});

test('the built embed bundle holds the styles of what the parts a loading document asks for draw, in the entry alone', () => {
  for (const [name, mark] of Object.entries(ARRIVING_PARTS_STYLES_MARKS)) {
    const files = readdirSync('dist/browser').filter((file) => file.endsWith('.min.js') && readFileSync(`dist/browser/${file}`, 'utf8').includes(mark));
    assert.deepEqual(files, ['rich-editor.min.js'], `the styles of ${name}`);
  }
});

test('the built embed bundle leaves mention highlights to a chunk of their own, fetched once a host gives its list', () => {
  assert.ok(!readFileSync('dist/browser/rich-editor.min.js', 'utf8').includes(HIGHLIGHTS_MARK), 'mention highlights are not in the entry');
  const chunks = readdirSync('dist/browser').filter((name) => name.endsWith('.min.js') && readFileSync(`dist/browser/${name}`, 'utf8').includes(HIGHLIGHTS_MARK));
  assert.equal(chunks.length, 1, 'in one chunk');
  assert.match(chunks[0], /^highlights-[\w-]+\.min\.js$/, 'their own');
});

test('the built embed bundle leaves the scrolling to a heading to a chunk of its own, fetched on the first scrollToHeading', () => {
  assert.ok(!readFileSync('dist/browser/rich-editor.min.js', 'utf8').includes(SCROLLING_MARK), 'the scrolling is not in the entry');
  const chunks = readdirSync('dist/browser').filter((name) => name.endsWith('.min.js') && readFileSync(`dist/browser/${name}`, 'utf8').includes(SCROLLING_MARK));
  assert.equal(chunks.length, 1, 'in one chunk');
  assert.match(chunks[0], /^scroll-to-heading-[\w-]+\.min\.js$/, 'its own');
});

test('the built embed bundle leaves the HTML string writer to a chunk of its own, fetched when the browser is idle', () => {
  assert.ok(!readFileSync('dist/browser/rich-editor.min.js', 'utf8').includes(STRING_WRITER_MARK), 'the string writer is not in the entry');
  const chunks = readdirSync('dist/browser').filter((name) => name.endsWith('.min.js') && readFileSync(`dist/browser/${name}`, 'utf8').includes(STRING_WRITER_MARK));
  assert.equal(chunks.length, 1, 'in one chunk');
  assert.match(chunks[0], /^string-writer-[\w-]+\.min\.js$/, 'its own');
});

test('the shipped extensions (callout, details) add nothing to the element bundle: a host imports them from their own entries', async () => {
  const result = await buildElementBundle();
  for (const [entry, mark] of Object.entries(EXTENSION_MARKS)) {
    assert.deepEqual(
      result.outputFiles.filter((file) => file.text.includes(mark)).map((file) => file.path.split('/').pop()),
      [],
      `${entry} is in no file of the embed bundle, lazy chunks included`,
    );
  }
});

/**
 * A host page's bundle of a library entry, from dist/ as npm ships it (package.json's
 * `sideEffects` applying), made the way a host's bundler makes one with code splitting on (esbuild
 * here; Vite and rollup split at the same `import()`s): `first` is what the page loads before the
 * editor can paint (the entry's file and the chunks it imports, transitively), `later` the chunks
 * only an `import()` reaches. React stays the host's own.
 */
async function hostBundle(entry) {
  const file = resolve(`dist/${entry}`);
  const result = await build({
    entryPoints: { host: file },
    bundle: true,
    splitting: true,
    format: 'esm',
    outdir: 'host',
    write: false,
    minify: true,
    metafile: true,
    external: ['react', 'react/*', 'react-dom', 'react-dom/*'],
    logLevel: 'silent',
  });
  const outputs = result.metafile.outputs;
  const first = firstLoad(outputs, Object.keys(outputs).find((path) => outputs[path].entryPoint && resolve(outputs[path].entryPoint) === file));
  // The CSS in dist/ keeps its spaces (the embed bundle's is tightened): read without those before a brace, as the marks are written.
  const text = (path) => result.outputFiles.find((output) => output.path === resolve(path)).text.replace(/\s+\{/g, '{');
  const scripts = Object.keys(outputs).filter((path) => path.endsWith('.js'));
  return { first: [...first].map(text).join('\n'), later: scripts.filter((path) => !first.has(path)).map(text) };
}

/** What the embed bundle fetches on demand, by a string only each holds: a host's bundle of a library entry must not load it first either. */
const ON_DEMAND_MARKS = {
  'the menus and handles (the pieces)': PIECES_MARK,
  ...MENU_PLUGIN_MARKS,
  'table editing': TABLES_MARK,
  'the table handles': TABLE_CONTROLS_MARK,
  ...BLOCK_VIEW_MARKS,
  'the redraw of blocks drawn before their views arrived': REDRAW_MARK,
  'the gap cursor': GAP_CURSOR_MARK,
  'image uploads': UPLOADS_MARK,
  ...UPLOAD_STYLES_MARKS,
  'mention highlights': HIGHLIGHTS_MARK,
  'the scrolling to a heading': SCROLLING_MARK,
  'the markdown parser': MARKDOWN_IT_MARK,
  'the syntax highlighter': PRISM_MARK,
  'the HTML string writer': STRING_WRITER_MARK,
};

// The React wrapper renders on a server with the HTML writer's code itself (react/server.ts:
// a declarative shadow root, written with no DOM), so its first load holds the writer's
// markup tables; only putting the writer in use for the element comes later.
const FIRST_IN = { 'react/index.js': ['the HTML string writer'] };

for (const entry of ['element/index.js', 'react/index.js']) {
  test(`a host's bundle of dist/${entry} (rich-editor${entry === 'react/index.js' ? '/react' : ''}) loads first what the embed bundle's entry holds, and what it fetches on demand as chunks`, async () => {
    assert.ok(existsSync(`dist/${entry}`), 'dist/ is built (npm run build)');
    const { first, later } = await hostBundle(entry);
    // What a first paint needs is there: the element's own styles of what the parts a loading document asks for draw.
    for (const [name, mark] of Object.entries(ARRIVING_PARTS_STYLES_MARKS)) assert.ok(first.includes(mark), `the styles of ${name} are loaded first`);
    const marks = Object.entries(ON_DEMAND_MARKS).filter(([name]) => !FIRST_IN[entry]?.includes(name));
    assert.deepEqual(marks.filter(([, mark]) => first.includes(mark)).map(([name]) => name), [], 'none of these is loaded first');
    assert.deepEqual(marks.filter(([, mark]) => !later.some((chunk) => chunk.includes(mark))).map(([name]) => name), [], 'each of these is in a chunk loaded on demand');
  });
}
