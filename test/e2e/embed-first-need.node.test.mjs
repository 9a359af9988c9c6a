// What the embed bundle fetches for which document, in a real Chromium: an editable editor on a
// document of text fetches the pieces alone before any input; table editing (with the table
// handles) comes with the first table drawn, one inserted included, and the code block and image
// views (with syntax highlighting) with the first code block or image. Until the views arrive,
// stand-ins draw those blocks where the views will, so nothing moves when they do and only those
// blocks are drawn again; a views chunk that cannot be fetched gives its clear warning and the
// blocks still show and take text.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chunkPattern, openEmbed, servingBuild } from './helpers/built-site.mjs';

const CHUNKS = {
  pieces: chunkPattern('pieces'),
  tables: chunkPattern('tables'),
  views: chunkPattern('block-views'),
  gaps: chunkPattern('gaps'),
};
const VIEWS_WARNING = "[rich-editor] The editor's code block and image views could not be loaded";
const BLOCKS = '<p>Hello</p><pre><code class="language-js">const a = 1;</code></pre><p>Between</p><img src="/files/a.png" width="120px" height="80px"><p>After</p>';

const site = servingBuild();

/**
 * Opens an editor on `value`, each chunk handled as `handling` says (`continue` by default, `hold`
 * until `release()`, or `abort`); `attributes` go on the element, and `features` are set before it
 * first renders.
 */
async function open(value, handling = {}, { attributes = '', features } = {}) {
  const script = features ? `document.getElementById('editor').features = ${JSON.stringify(features)};` : '';
  const opened = await openEmbed(site, { attributes, script, chunks: CHUNKS, handling, viewport: { width: 1000, height: 800 } });
  await opened.page.evaluate((html) => document.getElementById('editor').setValue(html), value);
  return opened;
}

/** Two idle periods after the first paint (where the pieces' prefetch has run), focus, one more. */
async function idleAndFocus(page) {
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve))));
  await page.evaluate(() => document.getElementById('editor').focusAt('end'));
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
}

const root = (page) => page.evaluateHandle(() => document.getElementById('editor').shadowRoot.querySelector('[role="textbox"]'));

test('an editable editor on a document of text fetches the pieces alone before any input; tables, code blocks and images bring their own chunks', async () => {
  const plain = await open('<p>Hello</p><p>After</p>');
  await idleAndFocus(plain.page);
  await plain.chunkAsked('pieces');
  assert.deepEqual(plain.requested, ['pieces']);
  assert.deepEqual(plain.problems, []);
  await plain.page.close();

  const rich = await open(`${BLOCKS}<table><tbody><tr><td><p>a</p></td></tr></tbody></table>`);
  await idleAndFocus(rich.page);
  await Promise.all([rich.chunkAsked('pieces'), rich.chunkAsked('tables'), rich.chunkAsked('views'), rich.chunkAsked('gaps')]);
  assert.deepEqual([...rich.requested].sort(), ['gaps', 'pieces', 'tables', 'views'], 'each once');
  assert.deepEqual(rich.problems, []);
  await rich.page.close();
});

test('a table inserted into a document without one fetches table editing, and Tab in its last cell adds a row', async () => {
  const { page, problems, requested, chunkAsked } = await open('<p>Hello</p>');
  await idleAndFocus(page);
  assert.ok(!requested.includes('tables'));
  await page.evaluate(() => document.getElementById('editor').run('table.insert', 2, 2));
  await chunkAsked('tables');
  await page.waitForFunction(() => document.getElementById('editor').editorView.state.plugins.some((plugin) => plugin.key.startsWith('tableColumnResizing')));
  await page.waitForFunction(() => customElements.get('rich-editor-table-controls'));
  const rows = () => page.evaluate(() => document.getElementById('editor').shadowRoot.querySelectorAll('[role="textbox"] tr').length);
  const before = await rows();
  const cells = await page.evaluate(() => document.getElementById('editor').shadowRoot.querySelectorAll('[role="textbox"] td, [role="textbox"] th').length);
  for (let i = 0; i < cells; i++) await page.keyboard.press('Tab');
  assert.equal(await rows(), before + 1, 'Tab through every cell and on from the last adds a row');
  assert.deepEqual(problems, []);
  await page.close();
});

test('code blocks and images drawn before their views arrive take them in place: nothing moves, the other blocks keep their DOM, text typed meanwhile is kept', async () => {
  const { page, problems, chunkAsked, release } = await open(BLOCKS, { views: 'hold' });
  await chunkAsked('views');
  const content = await root(page);
  await page.waitForFunction((el) => el.querySelector('.code-block pre code') && el.querySelector('.image-view img'), {}, content);
  const layout = () =>
    page.evaluate((el) => [...el.children].map((child) => [child.tagName, Math.round(child.getBoundingClientRect().top), Math.round(child.getBoundingClientRect().height)]), content);
  // Measured once the browser has laid every block out (until its first look at which blocks are
  // near, a `content-visibility: auto` block is skipped and sized by its placeholder: the image's
  // 10em, 160 px instead of 80, seen under a loaded full run) and the editor has shown how the
  // image's request ended (here a 404: the frame of a broken image).
  const laidOut = () =>
    page.waitForFunction(
      (el) => [...el.children].every((child) => child.checkVisibility({ contentVisibilityAuto: true })) && el.querySelector('.image-frame.re-broken'),
      {},
      content,
    );
  await laidOut();
  const drawn = await layout();
  // What the image's stand-in was when measured, named should its size ever differ from the view's.
  const standIn = await page.evaluate((el) => el.querySelector('.image-view').outerHTML, content);
  assert.equal(await page.evaluate((el) => !!el.querySelector('.code-block-language, .image-resize-handle'), content), false, 'no control before the views arrive');
  await page.evaluate((el) => (window.kept = [el.children[0], el.children[2], el.children[4]]), content);
  // Typing in the code block before its view arrives.
  const code = await page.evaluateHandle((el) => el.querySelector('code'), content);
  const box = await code.boundingBox();
  await page.mouse.click(box.x + box.width - 2, box.y + box.height / 2);
  await page.keyboard.type(' // typed');
  await release();
  await page.waitForFunction((el) => el.querySelector('.code-block-language') && el.querySelector('.image-resize-handle'), {}, content);
  await laidOut();
  assert.deepEqual(await layout(), drawn, `every block where it was (the image's stand-in: ${standIn}; its view: ${await page.evaluate((el) => el.querySelector('.image-view').outerHTML, content)})`);
  assert.deepEqual(await page.evaluate((el) => window.kept.map((p, i) => p === el.children[i * 2]), content), [true, true, true], 'the paragraphs are the same elements');
  assert.match(await page.evaluate(() => document.getElementById('editor').getHTML()), /const a = 1; \/\/ typed<\/code><\/pre>/);
  // The language picker works on first use.
  await page.evaluate((el) => {
    const select = el.querySelector('.code-block-language');
    select.dispatchEvent(new Event('focus'));
    select.value = 'python';
    select.dispatchEvent(new Event('change'));
  }, content);
  assert.match(await page.evaluate(() => document.getElementById('editor').getHTML()), /<code class="language-python">const a = 1; \/\/ typed/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a views chunk that cannot be fetched gives its clear warning once; code blocks and images still show and take text', async () => {
  const { page, problems, warnings, warning } = await open(BLOCKS, { views: 'abort' });
  await warning;
  const content = await root(page);
  const code = await page.evaluateHandle((el) => el.querySelector('code'), content);
  const box = await code.boundingBox();
  await page.mouse.click(box.x + box.width - 2, box.y + box.height / 2);
  await page.keyboard.type('!');
  assert.match(await page.evaluate(() => document.getElementById('editor').getHTML()), /const a = 1;!<\/code><\/pre>/);
  assert.ok(await page.evaluate((el) => !!el.querySelector('.image-view img'), content), 'the image shows');
  assert.equal(warnings.filter((w) => w.startsWith(VIEWS_WARNING)).length, 1, `warnings: ${warnings.join(' | ')}`);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a read-only viewer with the tables feature off shows a table as the schema draws it and never fetches table editing', async () => {
  const { page, problems, requested, chunkAsked } = await open('<p>Hello</p><table><tbody><tr><td><p>a</p></td></tr></tbody></table>', {}, { attributes: 'readonly', features: { tables: false } });
  const content = await root(page);
  await page.waitForFunction((el) => el.querySelector('table td'), {}, content);
  // The gap cursor is asked for once the table is drawn (a busy machine may take more than the
  // idle time below for it); table editing would have been asked for with it.
  await chunkAsked('gaps');
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve))));
  assert.deepEqual(requested, ['gaps'], 'the gap cursor (a table is a block a gap can stand beside), and no table editing');
  assert.equal(await page.evaluate((el) => !!el.querySelector('.tableWrapper'), content), false);
  assert.deepEqual(problems, []);
  await page.close();
});

test('Alt+Shift+ArrowUp pressed before the keys that move blocks arrive is held with the text after it, and replayed when they do', async () => {
  const { page, problems, chunkAsked, release } = await open('<p>first</p><p>second</p>', { pieces: 'hold' });
  const content = await root(page);
  const second = await page.evaluateHandle((el) => el.querySelectorAll('p')[1], content);
  const box = await second.boundingBox();
  // A click and the keys at once, as a host's end-to-end test sends them: the pieces are asked for by the focus.
  await page.mouse.click(box.x + box.width - 2, box.y + box.height / 2);
  await page.keyboard.down('Alt');
  await page.keyboard.down('Shift');
  await page.keyboard.press('ArrowUp');
  await page.keyboard.up('Shift');
  await page.keyboard.up('Alt');
  await page.keyboard.type('!');
  await chunkAsked('pieces');
  const html = () => page.evaluate(() => document.getElementById('editor').getHTML());
  assert.equal(await html(), '<p>first</p><p>second</p>', 'nothing moved or typed before the keys arrive');
  await release();
  await page.waitForFunction(() => document.getElementById('editor').getHTML() === '<p>second!</p><p>first</p>');
  assert.deepEqual(problems, []);
  await page.close();
});

test('Tab and Shift+Tab pressed in a table before table editing arrives are held with the keys after them, and replayed in order when it does', async () => {
  const { page, problems, chunkAsked, release } = await open('<table><tbody><tr><td><p>a</p></td><td><p>b</p></td></tr><tr><td><p>c</p></td><td><p>d</p></td></tr></tbody></table><p>After</p>', { tables: 'hold' });
  await chunkAsked('tables');
  const content = await root(page);
  const cell = await page.evaluateHandle((el) => el.querySelectorAll('td p')[1], content);
  const box = await cell.boundingBox();
  await page.mouse.click(box.x + box.width - 2, box.y + box.height / 2);
  await page.keyboard.press('Tab');
  await page.keyboard.type('x');
  await page.keyboard.down('Shift');
  await page.keyboard.press('Tab');
  await page.keyboard.up('Shift');
  await page.keyboard.type('y');
  const html = () => page.evaluate(() => document.getElementById('editor').getHTML());
  assert.match(await html(), /<td><p>a<\/p><\/td><td><p>b<\/p><\/td><\/tr><tr><td><p>c<\/p><\/td><td><p>d<\/p><\/td>/, 'nothing typed before table editing arrives');
  await release();
  await page.waitForFunction(() => document.getElementById('editor').editorView.state.plugins.some((plugin) => plugin.key.startsWith('tableColumnResizing')));
  // Tab from "b" selects "c" (typed over with "x"); Shift+Tab back selects "b" (typed over with "y").
  await page.waitForFunction(() => /<td><p>a<\/p><\/td><td><p>y<\/p><\/td><\/tr><tr><td><p>x<\/p><\/td><td><p>d<\/p><\/td>/.test(document.getElementById('editor').getHTML()));
  assert.deepEqual(problems, []);
  await page.close();
});

test('the first block drawn that a gap can stand beside (a rule) fetches the gap cursor, and the caret then stops beside it', async () => {
  const { page, problems, requested, chunkAsked } = await open('<p>Hello</p><hr>');
  await chunkAsked('gaps');
  assert.deepEqual(requested.filter((name) => name !== 'pieces'), ['gaps'], 'nothing else');
  // The gap after the rule, as focusAt finds it once the gap cursor is in the state.
  await page.waitForFunction(() => {
    const view = document.getElementById('editor').editorView;
    const $end = view.state.doc.resolve(view.state.doc.content.size);
    return view.someProp('createSelectionBetween', (create) => create(view, $end, $end))?.toJSON().type === 'gapcursor';
  });
  await page.evaluate(() => document.getElementById('editor').focusAt('end'));
  await page.keyboard.type('x');
  assert.equal(await page.evaluate(() => document.getElementById('editor').getHTML()), '<p>Hello</p><hr><p>x</p>');
  assert.deepEqual(problems, []);
  await page.close();
});
