// The CSS of what the parts draw, in a real Chromium. The parts a document's blocks ask for as it
// loads (the code block and image views, table editing, the gap cursor) come later, but their
// CSS is the element's own from the start: their arrival changes none of the editor's sheets
// (Firefox styles a whole shadow root again when its sheets change, about 250 ms at 10,000
// blocks). Image uploads, needed on a user's first drop or paste of files, bring theirs (the
// upload placeholder's and the upload error's) when they come. Once a part is there, what it
// draws is styled (the resize handle hidden until hovered, keywords in their colour, a selected
// cell marked, the gap cursor shown, the alert a row).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openEmbed, servingBuild } from './helpers/built-site.mjs';

const site = servingBuild();

/** Opens a light-themed editor on `value`, noting the sheets its shadow root had then; `problems` collects the page's errors. */
async function open(value) {
  const opened = await openEmbed(site, { attributes: 'theme="light"' });
  await opened.page.evaluate((html) => {
    const editor = document.getElementById('editor');
    editor.setValue(html);
    window.sheetsAtLoad = [...editor.shadowRoot.adoptedStyleSheets];
  }, value);
  return opened;
}

/** Whether the editor's shadow root has the sheets it had when its document was set, the same ones in the same order. */
const sameSheetsAsAtLoad = (page) =>
  page.evaluate(() => {
    const now = document.getElementById('editor').shadowRoot.adoptedStyleSheets;
    return now.length === window.sheetsAtLoad.length && now.every((sheet, i) => sheet === window.sheetsAtLoad[i]);
  });

/** Whether a sheet the editor's shadow root adopts has a rule whose text holds `text`. */
const adopts = (page, text) =>
  page.evaluate((text) => document.getElementById('editor').shadowRoot.adoptedStyleSheets.some((sheet) => [...sheet.cssRules].some((rule) => rule.cssText.includes(text))), text);

test("the views' controls and syntax colours are styled once the views arrive, which changes none of the editor's sheets", async () => {
  const { page, problems } = await open('<pre><code class="language-js">const a = 1;</code></pre><img src="/files/a.png" width="120px" height="80px">');
  const content = await page.evaluateHandle(() => document.getElementById('editor').shadowRoot.querySelector('[role="textbox"]'));
  await page.waitForFunction((el) => el.querySelector('.image-resize-handle') && el.querySelector('code .token.keyword'), {}, content);
  const styled = await page.evaluate((el) => {
    const handle = getComputedStyle(el.querySelector('.image-resize-handle'));
    return {
      handle: [handle.position, handle.opacity, handle.cursor],
      keyword: getComputedStyle(el.querySelector('code .token.keyword')).color,
      status: getComputedStyle(el.querySelector('.code-block .visually-hidden')).position,
    };
  }, content);
  assert.deepEqual(styled, { handle: ['absolute', '0', 'nwse-resize'], keyword: 'rgb(207, 34, 46)', status: 'absolute' });
  assert.equal(await sameSheetsAsAtLoad(page), true, "the views' arrival changed the editor's sheets");
  assert.equal(await adopts(page, '.upload-placeholder'), false, "no upload placeholder's styles before image uploads are needed");
  assert.deepEqual(problems, []);
  await page.close();
});

test("the upload placeholder's and the upload error's styles come with image uploads", async () => {
  const { page, problems } = await open('<p>Hello</p>');
  assert.equal(await adopts(page, '.upload-placeholder'), false);
  assert.equal(await adopts(page, '.alert'), false);
  // A file too large, dropped before image uploads are there: held, then refused with the alert.
  await page.evaluate(() => {
    const editor = document.getElementById('editor');
    editor.maxImageSize = 1;
    const data = new DataTransfer();
    data.items.add(new File(['too large'], 'a.png', { type: 'image/png' }));
    const { x, y } = editor.shadowRoot.querySelector('p').getBoundingClientRect();
    editor.shadowRoot.querySelector('[role="textbox"]').dispatchEvent(new DragEvent('drop', { dataTransfer: data, clientX: x + 1, clientY: y + 1, bubbles: true, cancelable: true }));
  });
  await page.waitForFunction(() => document.getElementById('editor').shadowRoot.querySelector('.alert'));
  assert.equal(await adopts(page, '.upload-placeholder'), true);
  assert.equal(await page.evaluate(() => getComputedStyle(document.getElementById('editor').shadowRoot.querySelector('.alert')).display), 'flex');
  assert.deepEqual(problems, []);
  await page.close();
});

test("the gap cursor is styled when it comes, and its coming changes none of the editor's sheets", async () => {
  const { page, problems } = await open('<p>Hello</p><hr>');
  await page.waitForFunction(() => {
    const view = document.getElementById('editor').editorView;
    const $end = view.state.doc.resolve(view.state.doc.content.size);
    return view.someProp('createSelectionBetween', (create) => create(view, $end, $end))?.toJSON().type === 'gapcursor';
  });
  await page.evaluate(() => document.getElementById('editor').focusAt('end'));
  const shown = await page.evaluate(() => {
    const cursor = getComputedStyle(document.getElementById('editor').shadowRoot.querySelector('.ProseMirror-gapcursor'));
    return [cursor.display, cursor.position];
  });
  assert.deepEqual(shown, ['block', 'absolute']);
  assert.equal(await sameSheetsAsAtLoad(page), true, "the gap cursor's arrival changed the editor's sheets");
  assert.deepEqual(problems, []);
  await page.close();
});

test("what table editing draws (a cell selection, the column resize handle) is styled once it arrives, which changes none of the editor's sheets", async () => {
  const { page, problems } = await open('<table><tbody><tr><td><p>One</p></td><td><p>Two</p></td></tr></tbody></table><p>After</p>');
  const content = await page.evaluateHandle(() => document.getElementById('editor').shadowRoot.querySelector('[role="textbox"]'));
  await page.waitForFunction(() => document.getElementById('editor').shadowRoot.querySelector('.tableWrapper'));
  const [first] = await page.evaluate((el) => [...el.querySelectorAll('td')].map((cell) => {
    const { x, y, width, height } = cell.getBoundingClientRect();
    return { x: x + width / 2, y: y + height / 2, right: x + width - 1 };
  }), content);
  // A click in the first cell, then Shift+Right at its end: both cells selected.
  // (By keys: a mouse drag's cell selection can lose to the selection the browser reports after
  // the button is up, when the page is too busy to hear of it before.)
  await page.mouse.click(first.x, first.y);
  await page.keyboard.press('End');
  await page.keyboard.down('Shift');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.up('Shift');
  await page.waitForFunction((el) => el.querySelectorAll('td.selectedCell').length === 2, {}, content);
  const selected = await page.evaluate((el) => {
    const after = getComputedStyle(el.querySelector('td.selectedCell'), '::after');
    return [after.content, after.position];
  }, content);
  assert.deepEqual(selected, ['""', 'absolute']);
  // The pointer at the first cell's right edge shows the column's resize handle.
  await page.mouse.move(first.right, first.y, { steps: 3 });
  await page.waitForFunction((el) => el.querySelector('.column-resize-handle'), {}, content);
  const handle = await page.evaluate((el) => {
    const style = getComputedStyle(el.querySelector('.column-resize-handle'));
    return [style.position, style.width];
  }, content);
  assert.deepEqual(handle, ['absolute', '5px']);
  assert.equal(await sameSheetsAsAtLoad(page), true, "table editing's arrival changed the editor's sheets");
  assert.deepEqual(problems, []);
  await page.close();
});
