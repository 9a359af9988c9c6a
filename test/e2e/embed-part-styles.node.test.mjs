// The CSS that only a part's own UI uses comes with the part, in a real Chromium: the code block
// and image views' controls and syntax colours with the views' chunk, the upload placeholder's
// and the upload error's with image uploads', the gap cursor's with the gap cursor. Before, the
// entry holds none of it; once the part is there, what it draws is styled (the resize handle
// hidden until hovered, keywords in their colour, the alert a row, the gap cursor shown).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { openEmbed, servingBuild } from './helpers/built-site.mjs';

const site = servingBuild();

/** Opens a light-themed editor on `value`; `problems` collects the page's errors. */
async function open(value) {
  const opened = await openEmbed(site, { attributes: 'theme="light"' });
  await opened.page.evaluate((html) => document.getElementById('editor').setValue(html), value);
  return opened;
}

/** Whether a sheet the editor's shadow root adopts has a rule whose text holds `text`. */
const adopts = (page, text) =>
  page.evaluate((text) => document.getElementById('editor').shadowRoot.adoptedStyleSheets.some((sheet) => [...sheet.cssRules].some((rule) => rule.cssText.includes(text))), text);

test("the views' controls and syntax colours are styled once the views arrive", async () => {
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

test("the gap cursor's styles come with it", async () => {
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
  assert.deepEqual(problems, []);
  await page.close();
});

test("what table editing draws (a cell selection, the column resize handle) is styled once it arrives", async () => {
  const { page, problems } = await open('<table><tbody><tr><td><p>One</p></td><td><p>Two</p></td></tr></tbody></table><p>After</p>');
  assert.equal(await adopts(page, '.selectedCell'), false, 'no table editing styles before a table is drawn');
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
  assert.deepEqual(problems, []);
  await page.close();
});
