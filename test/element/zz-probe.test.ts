import { fixture, html } from '@open-wc/testing';
import { sendKeys } from '@web/test-runner-commands';
import '../../src/element/index.js';
import type { RichEditor } from '../../src/element/index.js';
import { nextFrame, focusSettled, pressWith } from '../helpers/editor.js';
import { clipboardEvent } from '../helpers/clipboard.js';
import { content } from '../helpers/element-ui.js';

const out: string[] = [];
async function settle() { for (let i = 0; i < 4; i++) await nextFrame(); }
async function fresh(value = '<p></p>'): Promise<RichEditor> {
  const el = await fixture<RichEditor>(html`<rich-editor .value=${value}></rich-editor>`);
  await el.updateComplete;
  el.focusAt('end');
  await focusSettled();
  return el;
}
async function typed(text: string, value = '<p></p>'): Promise<string> {
  const el = await fresh(value);
  await sendKeys({ type: text });
  await settle();
  return el.getHTML();
}

describe('probe', () => {
  after(() => console.log('\n' + out.join('\n')));
  it('md link', async () => { out.push('md link: ' + await typed('see [docs](https://x.com) ok')); });
  it('1)', async () => { out.push('1): ' + await typed('1) one')); });
  it('- [ ]', async () => { out.push('- [ ]: ' + await typed('- [ ] task')); });
  it('- [x]', async () => { out.push('[x]: ' + await typed('[x] done')); });
  it('# in list', async () => { out.push('# in list: ' + await typed('# h', '<ul><li><p></p></li></ul>')); });
  it('> in list', async () => { out.push('> in list: ' + await typed('> q', '<ul><li><p></p></li></ul>')); });
  it('#### ', async () => { out.push('####: ' + await typed('#### h4')); });
  it('paste url empty', async () => {
    const el = await fresh('<p>go </p>');
    const dt = new DataTransfer(); dt.setData('text/plain', 'https://example.com/a?b=1');
    content(el).dispatchEvent(clipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
    await settle();
    out.push('paste url: ' + el.getHTML());
  });
  it('paste markdown', async () => {
    const el = await fresh('<p></p>');
    const dt = new DataTransfer(); dt.setData('text/plain', '# Title\n\n- a\n- b\n\n**bold** and `code`');
    content(el).dispatchEvent(clipboardEvent('paste', { clipboardData: dt, bubbles: true, cancelable: true }));
    await settle(); await settle();
    out.push('paste md: ' + el.getHTML());
  });
  it('backspace after autolink', async () => {
    const el = await fresh('<p>a</p>');
    await sendKeys({ type: ' https://x.com ' }); await sendKeys({ press: 'Backspace' }); await sendKeys({ press: 'Backspace' });
    await settle();
    out.push('bs after autolink: ' + el.getHTML());
  });
  it('ctrl+z after md bold', async () => {
    const el = await fresh('<p>a</p>');
    await sendKeys({ type: ' **b**' }); await pressWith('z', 'Control'); await settle();
    out.push('undo md bold: ' + el.getHTML());
  });
  it('ctrl+z after # ', async () => {
    const el = await fresh('<p></p>');
    await sendKeys({ type: '# ' }); await pressWith('z', 'Control'); await settle();
    out.push('undo heading rule: ' + el.getHTML());
  });
});
