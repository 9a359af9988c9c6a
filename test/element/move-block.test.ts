/**
 * Moving blocks from the keyboard, as a keyboard-only user does without the drag handle:
 * Alt+Shift+ArrowUp and Alt+Shift+ArrowDown move the block the caret is in (a list item within
 * its list), the caret and focus staying in its text, so typing goes on there. Real key presses
 * and clicks, without a pause between them, as a host's end-to-end tests send them. The keys come
 * with the drag handle (the pieces' chunk), loaded here before the first test.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../src/element/index.js';
import '../helpers/editing-parts.js';
import type { RichEditor } from '../../src/element/index.js';
import { nextFrame, pressWith } from '../helpers/editor.js';
import { content, lastCharRect } from '../helpers/element-ui.js';
import { until } from '../helpers/until.js';

async function editor(value: string): Promise<RichEditor> {
  const el = await fixture<RichEditor>(html`<rich-editor .value=${value} aria-label="Notes"></rich-editor>`);
  await el.updateComplete;
  // Blocks take their drawn size (content-visibility) in the first frame.
  await nextFrame();
  return el;
}

/** Clicks at the end of the text of the first element matching `selector`. */
async function clickEndOf(el: RichEditor, selector: string): Promise<void> {
  // Laid out: a block under `content-visibility: auto` has no boxes until the browser shows it.
  const rect = await until(() => {
    const box = lastCharRect(content(el).querySelector(selector)!);
    return box.height > 0 ? box : null;
  }, `the text of ${selector} laid out`);
  await sendMouse({ type: 'click', position: [Math.round(rect.right - 1), Math.round(rect.top + rect.height / 2)] });
}

describe('moving blocks from the keyboard', () => {
  it('moves the paragraph up and down with Alt+Shift+Arrow, typing going on in it', async () => {
    const el = await editor('<h1>Plan</h1><p>first</p><p>second</p><p>third</p>');
    await clickEndOf(el, 'p:nth-of-type(2)');
    await pressWith('ArrowUp', 'Alt', 'Shift');
    await sendKeys({ type: '!' });
    expect(el.getHTML()).to.equal('<h1>Plan</h1><p>second!</p><p>first</p><p>third</p>');
    await pressWith('ArrowDown', 'Alt', 'Shift');
    await pressWith('ArrowDown', 'Alt', 'Shift');
    await sendKeys({ type: '?' });
    expect(el.getHTML()).to.equal('<h1>Plan</h1><p>first</p><p>third</p><p>second!?</p>');
    expect(el.shadowRoot!.activeElement).to.equal(content(el));
  });

  it('moves a list item within its list, and undo puts it back', async () => {
    const el = await editor('<ul><li><p>milk</p></li><li><p>eggs</p></li></ul><p>after</p>');
    await clickEndOf(el, 'li:nth-of-type(2) p');
    await pressWith('ArrowUp', 'Alt', 'Shift');
    expect(el.getHTML()).to.equal('<ul><li><p>eggs</p></li><li><p>milk</p></li></ul><p>after</p>');
    // At the top of its list it stays: the key does nothing there.
    await pressWith('ArrowUp', 'Alt', 'Shift');
    expect(el.getHTML()).to.equal('<ul><li><p>eggs</p></li><li><p>milk</p></li></ul><p>after</p>');
    await pressWith('z', 'Control');
    expect(el.getHTML()).to.equal('<ul><li><p>milk</p></li><li><p>eggs</p></li></ul><p>after</p>');
  });
});
