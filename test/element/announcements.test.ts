/**
 * What a screen reader user hears where an edit shows only to the eye: a mark turned on or off
 * (by its shortcut, or the toolbar's button from the keyboard, focus going back to the text) and
 * a block moved with Alt+Shift+Arrow. The element says it in a polite live region
 * (role="status") that is there, empty, from the first render; an undo or redo of a mark says
 * which way the mark went, and an undone move which way the block went. Real keys, no pause between them.
 */
import { expect, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/element/index.js';
import '../helpers/editing-parts.js';
import { fr } from '../../src/locales/fr.js';
import { pressWith } from '../helpers/editor.js';
import { installFakeClock, type FakeClock } from '../helpers/fake-clock.js';
import { hears, liveRegion as region, said } from '../helpers/live-region.js';
import { button, content, focused, focusToolbar, mount, placedToolbar, selectWithKeys, settle, until } from './toolbar/helpers.js';

// The toolbar's update window runs on a fake clock (toolbar/helpers.ts), ended by `settle`.
let clock: FakeClock;
beforeEach(() => {
  clock = installFakeClock();
});
afterEach(() => {
  clock.uninstall();
});

describe('announcements', () => {
  it('has a polite live region from the first render, empty and out of sight', async () => {
    const el = await mount(html`<rich-editor value="<p>Plain words</p>"></rich-editor>`);
    expect(region(el).getAttribute('role')).to.equal('status');
    expect(said(el)).to.equal('');
    const box = region(el).getBoundingClientRect();
    expect(box.width * box.height, 'takes no room on screen').to.be.at.most(1);
  });

  it('says "Bold on" and "Bold off" as Ctrl+B turns bold on and off over a selection, and nothing once typing goes on', async () => {
    const el = await mount(html`<rich-editor value="<p>Plain words</p>"></rich-editor>`, clock);
    await selectWithKeys(el, 'words');
    await pressWith('b', 'Control');
    await hears(el, 'Bold on');
    expect(el.getHTML()).to.equal('<p>Plain <strong>words</strong></p>');
    await pressWith('b', 'Control');
    await hears(el, 'Bold off');
    expect(el.getHTML()).to.equal('<p>Plain words</p>');
    await sendKeys({ type: 'x' });
    await hears(el, '');
    expect(el.getHTML()).to.equal('<p>Plain x</p>');
  });

  it('says "Bold off" as Ctrl+Z takes a bold back, and "Bold on" as Ctrl+Shift+Z puts it back', async () => {
    const el = await mount(html`<rich-editor value="<p>Plain words</p>"></rich-editor>`, clock);
    await selectWithKeys(el, 'words');
    await pressWith('b', 'Control');
    await hears(el, 'Bold on');
    await pressWith('z', 'Control');
    await hears(el, 'Bold off');
    expect(el.getHTML()).to.equal('<p>Plain words</p>');
    await pressWith('z', 'Control', 'Shift');
    await hears(el, 'Bold on');
    expect(el.getHTML()).to.equal('<p>Plain <strong>words</strong></p>');
    await pressWith('z', 'Control');
    await hears(el, 'Bold off');
    expect(el.getHTML()).to.equal('<p>Plain words</p>');
  });

  it('says "Italic on" for Ctrl+I at a caret, where only what is typed next shows it', async () => {
    const el = await mount(html`<rich-editor value="<p>Plain words</p>"></rich-editor>`, clock);
    await selectWithKeys(el, 'words');
    await sendKeys({ press: 'End' });
    await pressWith('i', 'Control');
    await hears(el, 'Italic on');
    await sendKeys({ type: 'ly' });
    expect(el.getHTML()).to.equal('<p>Plain words<em>ly</em></p>');
  });

  it("says it for the toolbar's Bold pressed from the keyboard, focus going back to the text", async () => {
    const el = await mount(html`<rich-editor value="<p>Plain words</p>"></rich-editor>`, clock);
    await selectWithKeys(el, 'words');
    await settle(el, clock);
    await placedToolbar(el, 'the toolbar placed above "words"');
    await focusToolbar();
    const bold = button(el, 'Bold');
    for (let i = 0; i < 8 && focused() !== bold; i++) await sendKeys({ press: 'ArrowRight' });
    expect(focused(), 'Bold reached with the arrow keys').to.equal(bold);
    await sendKeys({ press: 'Enter' });
    await hears(el, 'Bold on');
    expect(el.getHTML()).to.equal('<p>Plain <strong>words</strong></p>');
    await until(() => focused() === content(el), 'focus back in the text');
  });

  it('says where a block moved with Alt+Shift+Arrow, and says it again when the same move is repeated', async () => {
    const el = await mount(html`<rich-editor value="<p>one</p><p>two</p><p>three</p>"></rich-editor>`, clock);
    await selectWithKeys(el, 'three');
    await pressWith('ArrowUp', 'Alt', 'Shift');
    await hears(el, 'Block moved up');
    const first = region(el).textContent;
    await pressWith('ArrowUp', 'Alt', 'Shift');
    await until(() => region(el).textContent !== first, 'the region changed for the second move', { saw: () => JSON.stringify(region(el).textContent) });
    expect(said(el)).to.equal('Block moved up');
    expect(el.getHTML()).to.equal('<p>three</p><p>one</p><p>two</p>');
    await pressWith('ArrowDown', 'Alt', 'Shift');
    await hears(el, 'Block moved down');
  });

  it('says which way the block went when Ctrl+Z takes its move back', async () => {
    const el = await mount(html`<rich-editor value="<p>one</p><p>two</p><p>three</p>"></rich-editor>`, clock);
    await selectWithKeys(el, 'three');
    await pressWith('ArrowUp', 'Alt', 'Shift');
    await hears(el, 'Block moved up');
    await pressWith('z', 'Control');
    await hears(el, 'Block moved down');
    expect(el.getHTML()).to.equal('<p>one</p><p>two</p><p>three</p>');
    await pressWith('ArrowUp', 'Alt', 'Shift');
    await pressWith('ArrowUp', 'Alt', 'Shift');
    await pressWith('z', 'Control');
    await until(() => el.getHTML() === '<p>one</p><p>three</p><p>two</p>', 'the second move taken back');
    await hears(el, 'Block moved down');
  });

  it("speaks the host's language, and names an extension's mark by its toolbar label", async () => {
    const highlight = { name: 'highlight', marks: [{ name: 'highlight', html: { tag: 'mark' }, toolbar: { label: 'Highlight', shortcut: 'Mod-Shift-h' } }] };
    const el = await mount(html`<rich-editor value="<p>Plain words</p>" .strings=${fr} .extensions=${[highlight]}></rich-editor>`, clock);
    await selectWithKeys(el, 'words');
    await pressWith('b', 'Control');
    await hears(el, 'Gras activé');
    await pressWith('h', 'Control', 'Shift');
    await hears(el, 'Highlight activé');
    expect(el.getHTML()).to.equal('<p>Plain <strong><mark>words</mark></strong></p>');
  });
});
