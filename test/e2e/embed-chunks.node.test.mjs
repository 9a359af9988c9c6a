// The embed bundle's on-demand chunks in a real Chromium: the pieces (toolbar, slash menu, mention
// list, drag handle, table handles, with the menus' plugins and the paste pipeline), table editing
// (prosemirror-tables, the table keys, clipboard and column resizing, the table handles; the first
// table drawn fetches it) and image uploads. The entry
// alone paints and takes typing (in a table's cells too) while they are held back; "/" and "@"
// typed meanwhile open their menus when the pieces arrive, a paste or a drop meanwhile is held and
// replayed through the pipeline, each piece works on first use once the idle prefetch brought it,
// image uploads come on first need, a read-only viewer fetches only table editing and only for a
// table (embed-first-need.node.test.mjs: what an editor fetches for which document, and the code
// block and image views), a chunk that cannot be fetched gives its clear warning and leaves the editor working, and
// the time from "/" to the painted menu and from focus to working table keys is measured with and
// without the prefetch (printed; docs/benchmarks.md records it).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { chunkPattern, servingBuild } from './helpers/built-site.mjs';

const TABLE = '<table><tbody><tr><td><p>a</p></td><td><p>b</p></td></tr><tr><td><p>c</p></td><td><p>d</p></td></tr></tbody></table>';
const html = (attributes = '', value = `<p>Hello</p>${TABLE}<p>After</p>`) => `<!doctype html><meta charset="utf-8"><title>Embed</title>
<script type="module" src="/dist/browser/rich-editor.min.js"></script>
<rich-editor id="editor" ${attributes} value="${value}"></rich-editor>`;
/** The chunks loaded on demand, by name. */
const CHUNKS = {
  pieces: chunkPattern('pieces'),
  tables: chunkPattern('tables'),
  uploads: chunkPattern('image-uploads'),
};
const WARNING = "[rich-editor] The editor's menus and handles could not be loaded";
const TABLES_WARNING = "[rich-editor] The editor's table editing could not be loaded";
const UPLOADS_WARNING = "[rich-editor] The editor's image uploads could not be loaded";

const site = servingBuild();

/**
 * Opens the page with the pieces' chunk handled by `pieces` and table editing's by `tables`
 * (`continue`, `hold` until the returned `release()`, or `abort`); `noIdle` takes
 * requestIdleCallback away and the fallback's timer with it (no prefetch: the chunks are fetched
 * on first need only). `requested` lists the chunks asked for, by name.
 */
async function open({ pieces = 'continue', tables = pieces, uploads = 'continue', noIdle = false, attributes = '', value, shows = 'table' } = {}) {
  const handling = { pieces, tables, uploads };
  const page = await site.browser.newPage();
  const problems = [];
  const warnings = [];
  const requested = [];
  let held = null;
  let warned = () => {};
  const warning = new Promise((resolve) => (warned = resolve));
  page.on('console', (message) => {
    if (message.type() === 'warn' || message.type() === 'warning') {
      warnings.push(message.text());
      if (message.text().startsWith(pieces === 'abort' ? WARNING : uploads === 'abort' ? UPLOADS_WARNING : TABLES_WARNING)) warned();
    }
    // The aborted chunk's own network line is expected there; any other error is not.
    else if (message.type() === 'error' && !(Object.values(handling).includes('abort') && message.text().includes('net::ERR_FAILED'))) problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  await page.setRequestInterception(true);
  let asked = () => {};
  const askedFor = new Promise((resolve) => (asked = resolve));
  /** Per chunk: resolves when it is asked for. */
  const askedOne = Object.fromEntries(
    Object.keys(CHUNKS).map((name) => {
      let resolve = () => {};
      const promise = new Promise((done) => (resolve = done));
      return [name, { promise, resolve }];
    }),
  );
  let release = () => {};
  const released = new Promise((resolve) => (release = resolve));
  const holding = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname === '/embed.html') return void request.respond({ status: 200, contentType: 'text/html', body: html(attributes, value) });
    if (url.pathname === '/favicon.ico') return void request.respond({ status: 204 });
    const name = Object.keys(CHUNKS).find((chunk) => CHUNKS[chunk].test(url.pathname));
    if (!name) return void request.continue();
    requested.push(name);
    asked();
    askedOne[name].resolve();
    if (handling[name] === 'abort') return void request.abort('failed');
    if (handling[name] === 'hold') return void holding.push(released.then(() => request.continue()));
    request.continue();
  });
  held = () => Promise.all(holding);
  if (noIdle) await page.evaluateOnNewDocument(() => Object.defineProperty(window, 'requestIdleCallback', { value: () => 0 }));
  await page.setViewport({ width: 1000, height: 800 });
  await page.goto(`${site.base}/embed.html`);
  await page.waitForFunction((selector) => document.getElementById('editor')?.shadowRoot?.querySelector(`[role="textbox"] ${selector}`), {}, shows);
  const chunkAsked = (name) => askedOne[name].promise;
  return { page, problems, warnings, warning, requested, askedFor, chunkAsked, release, held };
}

const piecesDefined = (page) => page.evaluate(() => !!customElements.get('rich-editor-slash-menu'));
const text = (page) => page.evaluate(() => document.getElementById('editor').getHTML());

/** Waits for the slash menu's popup to show, then returns the time from the "/" keydown to the frame after it showed. */
async function slashToPaint(page) {
  await page.evaluate(() => {
    window.slashAt = null;
    addEventListener('keydown', (event) => event.key === '/' && (window.slashAt = performance.now()), { capture: true, once: true });
  });
  await page.keyboard.type('/');
  // Polled each frame, with a limit, so a menu that never shows fails the test instead of stalling it.
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const editor = document.getElementById('editor');
        const check = () => {
          const popup = editor.shadowRoot.querySelector('rich-editor-slash-menu')?.shadowRoot?.querySelector('[part="slash-menu"]');
          if (popup?.checkVisibility()) requestAnimationFrame((paintedAt) => resolve(paintedAt - window.slashAt));
          else if (performance.now() - window.slashAt > 10000) reject(new Error('the slash menu did not show within 10 s of "/"'));
          else requestAnimationFrame(check);
        };
        check();
      }),
  );
}

/** Whether the editor's state has table editing (its column resizing plugin: the table chunk arrived and was taken in). */
const tableEditing = (page) =>
  page.evaluate(() => document.getElementById('editor').editorView.state.plugins.some((plugin) => plugin.key.startsWith('tableColumnResizing')));
const waitForTableEditing = (page) =>
  page.waitForFunction(() => document.getElementById('editor').editorView.state.plugins.some((plugin) => plugin.key.startsWith('tableColumnResizing')));
const rows = (page) => page.evaluate(() => document.getElementById('editor').shadowRoot.querySelectorAll('[role="textbox"] tr').length);

/** Clicks at the end of the text of the last table cell. */
async function clickLastCell(page) {
  const cell = await page.evaluateHandle(() => [...document.getElementById('editor').shadowRoot.querySelectorAll('[role="textbox"] td p')].pop());
  const box = await cell.boundingBox();
  await page.mouse.click(box.x + box.width - 4, box.y + box.height / 2);
}

/** Presses Tab in the last cell (the caret there) and returns the time from the keydown to the frame after the new row showed. */
async function tabToNewRow(page) {
  const before = await rows(page);
  await page.evaluate(() => {
    window.tabAt = null;
    addEventListener('keydown', (event) => event.key === 'Tab' && (window.tabAt = performance.now()), { capture: true, once: true });
  });
  await page.keyboard.press('Tab');
  return page.evaluate(
    (count) =>
      new Promise((resolve, reject) => {
        const check = () => {
          if (document.getElementById('editor').shadowRoot.querySelectorAll('[role="textbox"] tr').length > count) requestAnimationFrame((paintedAt) => resolve(paintedAt - window.tabAt));
          else if (performance.now() - window.tabAt > 10000) reject(new Error('no row was added within 10 s of Tab'));
          else requestAnimationFrame(check);
        };
        check();
      }),
    before,
  );
}

test('the entry alone paints the document and takes typing, in a table too, while the on-demand chunks are held back', async () => {
  const { page, problems, requested, askedFor, release, held } = await open({ pieces: 'hold' });
  await page.evaluate(() => document.getElementById('editor').focusAt('end'));
  await page.keyboard.type('Typed first');
  assert.match(await text(page), /<p>AfterTyped first<\/p>/);
  await clickLastCell(page);
  await page.keyboard.type('x');
  assert.match(await text(page), /<td><p>dx<\/p><\/td>/, 'a table cell takes text before table editing arrives');
  assert.equal(await piecesDefined(page), false, 'no piece is defined before its chunk arrives');
  assert.equal(await tableEditing(page), false, 'no table plugin before its chunk arrives');
  await askedFor;
  assert.deepEqual([...requested].sort(), ['pieces', 'tables'], 'each chunk was asked for once (focus or idle)');
  release();
  await held();
  await page.waitForFunction(() => customElements.get('rich-editor-table-controls'));
  await waitForTableEditing(page);
  // Column resizing's table view now draws the table (its scrolling wrapper); the text typed is kept.
  await page.waitForFunction(() => document.getElementById('editor').shadowRoot.querySelector('[role="textbox"] .tableWrapper table'));
  assert.match(await text(page), /<td><p>dx<\/p><\/td>/);
  assert.equal(await rows(page), 2);
  await page.keyboard.press('Tab');
  assert.equal(await rows(page), 3, 'Tab in the last cell adds a row once table editing arrived');
  assert.deepEqual(problems, []);
  await page.close();
});

test('when the chunks arrive only the tables are drawn again: the other blocks keep their DOM, and a table drawn before takes table editing\'s view', async () => {
  const { page, problems, askedFor, release, held } = await open({ pieces: 'hold' });
  await page.evaluate(() => {
    const root = document.getElementById('editor').shadowRoot.querySelector('[role="textbox"]');
    window.before = { first: root.children[0], last: root.lastElementChild, table: root.querySelector('table') };
  });
  assert.equal(await page.evaluate(() => window.before.table.parentElement.getAttribute('role')), 'textbox', 'before table editing the table is drawn as the schema draws it');
  await askedFor;
  release();
  await held();
  await waitForTableEditing(page);
  await page.waitForFunction(() => document.getElementById('editor').shadowRoot.querySelector('[role="textbox"] .tableWrapper table'));
  assert.deepEqual(
    await page.evaluate(() => {
      const root = document.getElementById('editor').shadowRoot.querySelector('[role="textbox"]');
      return [window.before.first === root.children[0], window.before.last === root.lastElementChild, window.before.table.isConnected];
    }),
    [true, true, false],
    'the paragraphs around the table are the same elements; the table alone was drawn again',
  );
  assert.match(await text(page), /^<p>Hello<\/p><table>.*<\/table><p>After<\/p>$/);
  assert.deepEqual(problems, []);
  await page.close();
});

test('after the idle prefetch, "/" opens the slash menu, Tab in the last cell adds a row, a hovered table shows its handles and selected text the toolbar', async () => {
  const { page, problems } = await open();
  await page.waitForFunction(() => customElements.get('rich-editor-slash-menu'));
  await waitForTableEditing(page);
  await clickLastCell(page);
  const tab = await tabToNewRow(page);
  console.log(`Tab in the last cell to the painted new row, table chunk prefetched when idle: ${tab.toFixed(1)} ms`);
  await page.evaluate(() => document.getElementById('editor').focusAt('end'));
  await page.keyboard.press('Enter');
  const delay = await slashToPaint(page);
  console.log(`"/" to the painted slash menu, chunk prefetched when idle: ${delay.toFixed(1)} ms`);
  await page.keyboard.press('Escape');
  const cell = await page.evaluateHandle(() => document.getElementById('editor').shadowRoot.querySelector('td'));
  const box = await cell.boundingBox();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await page.waitForFunction(() =>
    [...document.getElementById('editor').shadowRoot.querySelector('rich-editor-table-controls').shadowRoot.querySelectorAll('button[aria-label="Row options"]')].some((b) => b.checkVisibility()),
  );
  const hello = await page.evaluateHandle(() => document.getElementById('editor').shadowRoot.querySelector('[role="textbox"] p'));
  const word = await hello.boundingBox();
  await page.mouse.click(word.x + 12, word.y + word.height / 2, { clickCount: 2 });
  await page.waitForFunction(() => document.getElementById('editor').shadowRoot.querySelector('rich-editor-toolbar').shadowRoot.querySelector('[part="toolbar"]')?.checkVisibility());
  assert.deepEqual(problems, []);
  await page.close();
});

test('without the idle prefetch, focus fetches the pieces and "/" typed at once still opens the menu; the table drawn fetched table editing', async () => {
  const { page, problems, requested, chunkAsked } = await open({ noIdle: true });
  await chunkAsked('tables');
  assert.equal(await piecesDefined(page), false, 'nothing fetched the pieces before a need');
  assert.deepEqual(requested, ['tables'], 'the table drawn asked for table editing, and nothing else was asked for');
  // Each frame from focus on, until the state has table editing: when its keys start to work.
  await page.evaluate(() => {
    const editor = document.getElementById('editor');
    const focusedAt = performance.now();
    const check = () => {
      if (editor.editorView.state.plugins.some((plugin) => plugin.key.startsWith('tableColumnResizing'))) window.tablesAfter = performance.now() - focusedAt;
      else requestAnimationFrame(check);
    };
    editor.focusAt('end');
    check();
  });
  await page.keyboard.press('Enter');
  const delay = await slashToPaint(page);
  console.log(`"/" to the painted slash menu, chunk fetched on focus only: ${delay.toFixed(1)} ms`);
  await page.waitForFunction(() => window.tablesAfter !== undefined);
  console.log(`focus to working table keys, table chunk fetched for the table drawn: ${(await page.evaluate(() => window.tablesAfter)).toFixed(1)} ms`);
  assert.deepEqual(requested, ['tables', 'pieces']);
  await clickLastCell(page);
  const tab = await tabToNewRow(page);
  console.log(`Tab in the last cell to the painted new row, table chunk fetched for the table drawn: ${tab.toFixed(1)} ms`);
  assert.deepEqual(problems, []);
  await page.close();
});

test('"/" and "@" typed while the pieces are held back open their menus when the chunk arrives', async () => {
  for (const [typed, part, key, query] of [['/hea', 'slash-menu', 'slashMenu$', 'hea'], ['@', 'mention-list', 'mention$', '']]) {
    const { page, problems, release, held } = await open({ pieces: 'hold', noIdle: true });
    await page.evaluate(() => document.getElementById('editor').focusAt('end'));
    await page.keyboard.press('Enter');
    await page.keyboard.type(typed);
    assert.equal(await piecesDefined(page), false, 'typed before the chunk arrived');
    release();
    await held();
    await page.waitForFunction(
      (name) => document.getElementById('editor').shadowRoot.querySelector(`rich-editor-${name}`)?.shadowRoot?.querySelector(`[part="${name}"]`)?.checkVisibility(),
      {},
      part,
    );
    const menu = await page.evaluate((name) => {
      const { state } = document.getElementById('editor').editorView;
      const { open, query, items } = state.plugins.find((plugin) => plugin.key === name).getState(state);
      return { open, query, some: items.length > 0 };
    }, key);
    assert.deepEqual(menu, { open: true, query, some: typed === '/hea' }, 'the menu follows the query typed meanwhile');
    await page.keyboard.press('Escape');
    assert.ok(await page.evaluate((text) => document.getElementById('editor').getHTML().includes(`<p>${text}</p>`), typed), 'the text typed is kept');
    assert.deepEqual(problems, []);
    await page.close();
  }
});

/** Pasted HTML with what the paste pipeline removes or reshapes (a script, an event handler, a script address, an image). */
const DIRTY = '<p class="MsoNormal">Pasted <b>bold</b><img src="/nowhere.png" onerror="window.pwned = 1"><script>window.pwned = 2</script> <a href="javascript:window.pwned = 3">js</a> https://example.com/b</p>';

/** Pastes `html` with a real paste event on the editor's content, at its end. */
const pasteAtEnd = (page, html) =>
  page.evaluate((markup) => {
    const editor = document.getElementById('editor');
    editor.focusAt('end');
    const data = new DataTransfer();
    data.setData('text/html', markup);
    data.setData('text/plain', 'Pasted bold js https://example.com/b');
    const event = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true, composed: true });
    editor.shadowRoot.querySelector('[role="textbox"]').dispatchEvent(event);
    return event.defaultPrevented;
  }, html);

test('a paste before the pieces arrive is held, and pasted through the paste pipeline (cleaned as always) once they do', async () => {
  const control = await open({ noIdle: true, value: '<p>Hello</p>', shows: 'p' });
  await control.page.evaluate(() => document.getElementById('editor').focusAt('end'));
  await control.page.waitForFunction(() => customElements.get('rich-editor-slash-menu'));
  await pasteAtEnd(control.page, DIRTY);
  const expected = await text(control.page);
  assert.match(expected, /<strong>bold<\/strong>/, 'the paste pipeline pasted the HTML');
  assert.doesNotMatch(expected, /script|onerror|javascript|<img/);
  await control.page.close();

  const { page, problems, release, held, chunkAsked } = await open({ pieces: 'hold', noIdle: true, value: '<p>Hello</p>', shows: 'p' });
  assert.equal(await pasteAtEnd(page, DIRTY), true, 'the browser does not paste it itself');
  assert.equal(await text(page), '<p>Hello</p>', 'nothing is pasted before the pipeline arrives');
  await chunkAsked('pieces');
  release();
  await held();
  await page.waitForFunction((html) => document.getElementById('editor').getHTML() === html, {}, expected);
  assert.equal(await page.evaluate(() => window.pwned), undefined);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a paste held while the pieces chunk fails is pasted as its plain text, with the one warning', async () => {
  const { page, problems, warnings, warning } = await open({ pieces: 'abort', tables: 'continue', noIdle: true, value: '<p>Hello</p>', shows: 'p' });
  await pasteAtEnd(page, DIRTY);
  await warning;
  await page.waitForFunction(() => document.getElementById('editor').getHTML() !== '<p>Hello</p>');
  assert.equal(await text(page), '<p>HelloPasted bold js https://example.com/b</p>');
  assert.equal(warnings.filter((w) => w.startsWith(WARNING)).length, 1, `warnings: ${warnings.join(' | ')}`);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a code block is highlighted, and its images\' files are restored once, not again when the chunks\' plugins join the state', async () => {
  const code = '<pre><code class=&quot;language-js&quot;>const a = 1;</code></pre><img src=&quot;/files/a.png&quot;>';
  const { page, problems, release, held } = await open({ pieces: 'hold', value: `<p>Hello</p>${code}`, shows: 'pre' });
  await page.evaluate(() => {
    window.restored = [];
    document.getElementById('editor').restoreFile = (path) => window.restored.push(path);
  });
  release();
  await held();
  await page.waitForFunction(() => customElements.get('rich-editor-slash-menu'));
  await page.waitForFunction(() => document.getElementById('editor').shadowRoot.querySelector('[role="textbox"] .code-block-language'));
  await page.waitForFunction(() => document.getElementById('editor').shadowRoot.querySelector('[role="textbox"] pre .token'));
  // Set after the first render: the restore held for its image is made once, and no plugin view
  // (the chunks' plugins joining the state) made the creation calls again.
  assert.deepEqual(await page.evaluate(() => window.restored), ['/files/a.png']);
  assert.deepEqual(problems.filter((p) => !p.includes('404')), []);
  await page.close();
});

test('image uploads are fetched on first need: a file dragged over asks for them, and its drop is held until they arrive, then uploaded there', async () => {
  const { page, problems, requested, release, held, chunkAsked } = await open({ uploads: 'hold', value: '<p>Hello</p><p>After</p>', shows: 'p' });
  await page.waitForFunction(() => customElements.get('rich-editor-slash-menu'));
  assert.ok(!requested.includes('uploads'), 'not fetched with the pieces');
  await page.evaluate(() => {
    const editor = document.getElementById('editor');
    editor.uploadFile = async (file) => `/files/${file.name}`;
    const target = editor.shadowRoot.querySelectorAll('[role="textbox"] p')[1];
    const box = target.getBoundingClientRect();
    const data = new DataTransfer();
    data.items.add(new File([new Uint8Array(16)], 'drop.png', { type: 'image/png' }));
    const init = { dataTransfer: data, bubbles: true, cancelable: true, composed: true, clientX: box.left + 2, clientY: box.top + 2 };
    target.dispatchEvent(new DragEvent('dragenter', init));
    target.dispatchEvent(new DragEvent('dragover', init));
    window.dropPrevented = !target.dispatchEvent(new DragEvent('drop', init));
  });
  await chunkAsked('uploads');
  assert.equal(await page.evaluate(() => window.dropPrevented), true, 'the browser does not take the drop');
  assert.equal(await text(page), '<p>Hello</p><p>After</p>');
  release();
  await held();
  await page.waitForFunction(() => /<p>Hello<\/p><img [^>]*src="\/files\/drop.png"[^>]*><p>After<\/p>/.test(document.getElementById('editor').getHTML()));
  assert.deepEqual(problems.filter((p) => !p.includes('404')), []);
  await page.close();
});

test('an uploads chunk that cannot be fetched gives its clear warning, and the editor keeps working', async () => {
  const { page, problems, warnings, warning } = await open({ uploads: 'abort', value: '<p>Hello</p>', shows: 'p' });
  await page.evaluate(() => document.getElementById('editor').focusAt('end'));
  await page.waitForFunction(() => customElements.get('rich-editor-slash-menu'));
  await page.evaluate(() => {
    const content = document.getElementById('editor').shadowRoot.querySelector('[role="textbox"]');
    const data = new DataTransfer();
    data.items.add(new File([new Uint8Array(16)], 'shot.png', { type: 'image/png' }));
    content.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true, composed: true }));
  });
  await warning;
  await page.keyboard.type(' typed');
  await page.waitForFunction(() => document.getElementById('editor').getHTML() === '<p>Hello typed</p>');
  assert.equal(warnings.filter((w) => w.startsWith(UPLOADS_WARNING)).length, 1, `warnings: ${warnings.join(' | ')}`);
  assert.deepEqual(problems, []);
  await page.close();
});

/** Two idle periods after the first paint (where an editable editor's prefetch has run), focus, one more. */
async function idleAndFocus(page) {
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(() => requestIdleCallback(resolve))));
  await page.evaluate(() => document.getElementById('editor').editorView.focus());
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
}

test('a read-only viewer never fetches the pieces chunk, which it does not show, and fetches table editing only for a table', async () => {
  const { page, problems, requested } = await open({ attributes: 'readonly' });
  await page.waitForFunction(() => document.getElementById('editor').shadowRoot.querySelector('[role="textbox"] .tableWrapper table'));
  await idleAndFocus(page);
  assert.deepEqual(requested, ['tables'], 'the table chunk draws its column widths and scrolling wrapper');
  assert.equal(await piecesDefined(page), false);
  assert.deepEqual(problems, []);
  await page.close();
  const plain = await open({ attributes: 'readonly', value: '<p>Hello</p><p>After</p>', shows: 'p' });
  await idleAndFocus(plain.page);
  assert.deepEqual(plain.requested, [], 'a viewer without a table fetches nothing more');
  assert.deepEqual(plain.problems, []);
  await plain.page.close();
});

test('a pieces chunk that cannot be fetched gives the clear warning and the editor keeps working', async () => {
  const { page, problems, warnings, warning } = await open({ pieces: 'abort', tables: 'continue' });
  await page.evaluate(() => document.getElementById('editor').focusAt('end'));
  await warning;
  await page.keyboard.type(' still typing /');
  assert.match(await text(page), /<p>After still typing \/<\/p>/);
  assert.equal(await piecesDefined(page), false);
  assert.equal(warnings.filter((w) => w.startsWith(WARNING)).length, 1, `warnings: ${warnings.join(' | ')}`);
  assert.deepEqual(problems, []);
  await page.close();
});

test('a table chunk that cannot be fetched gives its clear warning once, and tables take text', async () => {
  const { page, problems, warnings, warning } = await open({ pieces: 'continue', tables: 'abort' });
  await page.evaluate(() => document.getElementById('editor').focusAt('end'));
  await warning;
  await clickLastCell(page);
  await page.keyboard.type(' still typing');
  assert.match(await text(page), /<td><p>d still typing<\/p><\/td>/);
  assert.equal(await tableEditing(page), false);
  // The pieces chunk imports table editing's, so it cannot run either: its own warning, once.
  assert.equal(warnings.filter((w) => w.startsWith(TABLES_WARNING)).length, 1, `warnings: ${warnings.join(' | ')}`);
  assert.ok(warnings.filter((w) => w.startsWith(WARNING)).length <= 1, `warnings: ${warnings.join(' | ')}`);
  assert.deepEqual(problems, []);
  await page.close();
});
