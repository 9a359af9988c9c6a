/**
 * The toolbar on a phone-sized screen, 330 px wide (about the narrowest common width, 320, which
 * WebKitGTK's window cannot be made): every button, the block-type menu and the link field stay
 * inside the viewport, where a finger can reach them.
 */
import { expect, fixture, html } from '@open-wc/testing';
import { setViewport } from '@web/test-runner-commands';
import type { RichEditor } from '../../../src/element/index.js';
import { installFakeClock, type FakeClock } from '../../helpers/fake-clock.js';
import { bar, blockButton, button, click, linkInput, listbox, placedToolbar, selectWithKeys, settle, toolbarRoot, until } from './helpers.js';

let clock: FakeClock;
beforeEach(async () => {
  clock = installFakeClock();
  await setViewport({ width: 330, height: 640 });
});
afterEach(async () => {
  clock.uninstall();
  await setViewport({ width: 800, height: 600 });
});

/** Whether `element`'s box lies inside the viewport's width. */
function inside(element: Element): boolean {
  const rect = element.getBoundingClientRect();
  return rect.left >= 0 && rect.right <= innerWidth;
}

describe('<rich-editor-toolbar> on a 330 px screen', () => {
  it('keeps the toolbar, its menu and its link field inside the viewport', async () => {
    const el = await fixture<RichEditor>(html`<rich-editor style="margin: 120px 8px 0" value="<p>Hello brave world, and the rest of a long line</p>"></rich-editor>`);
    await el.updateComplete;
    await selectWithKeys(el, 'brave');
    await settle(el, clock);
    await placedToolbar(el);
    const buttons = [...toolbarRoot(el)!.querySelectorAll('button')];
    expect(buttons.length).to.be.greaterThan(6);
    const outside = buttons.filter((each) => !inside(each)).map((each) => each.getAttribute('aria-label') ?? each.textContent!.trim());
    expect(outside, `toolbar ${JSON.stringify(bar(el)!.getBoundingClientRect())}`).to.deep.equal([]);

    await click(blockButton(el));
    const menu = await until(() => listbox(el), 'the block-type menu');
    await until(() => inside(menu) && menu.getBoundingClientRect().width > 0, 'the menu inside the viewport', { saw: () => JSON.stringify(menu.getBoundingClientRect()) });
    // It opens below the toolbar's last row: no button is under it, and the Link button takes a tap with it open.
    const under = () => buttons.filter((each) => each.getBoundingClientRect().bottom > menu.getBoundingClientRect().top).map((each) => each.getAttribute('aria-label'));
    await until(() => under().length === 0 || null, 'no button under the menu', { saw: () => under().join(', ') });

    await click(button(el, 'Link'));
    const field = await until(() => linkInput(el), 'the link field');
    await until(() => inside(field.closest('.panel')!) && field.getBoundingClientRect().width > 0, 'the link field inside the viewport', {
      saw: () => JSON.stringify(field.closest('.panel')!.getBoundingClientRect()),
    });
  });
});
