import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../src/element/index.js';
import '../helpers/editing-parts.js';
import type { RichEditor } from '../../src/element/index.js';
import { pressWith } from '../helpers/editor.js';
import { content } from '../helpers/element-ui.js';
import { centre, imageAttrs, mount, pngFile } from './node-views/wiring.js';
import { inputMethod } from '../helpers/input-method.js';
import { until } from '../helpers/until.js';

/** Clicks into the text of the element matching `selector`, after its `offset`th character. */
async function clickInto(el: RichEditor, selector: string, offset: number): Promise<void> {
  const text = content(el).querySelector(selector)!.firstChild as Text;
  const range = document.createRange();
  range.setStart(text, offset);
  const rect = range.getClientRects()[0] ?? range.getBoundingClientRect();
  await sendMouse({ type: 'click', position: [Math.round(rect.left), Math.round(rect.top + rect.height / 2)] });
  await until(() => el.editorView!.hasFocus() && el.editorView!.state.selection.$head.parentOffset === offset, 'the caret where clicked');
}

// Only Chromium's DevTools protocol drives an input method (scripts/wtr-input.mjs), so these run there.
describe('writing through an input method', () => {
  it('composes into the middle of a paragraph, and typing goes on after the chosen text', async () => {
    const el = await fixture<RichEditor>(html`<rich-editor value="<p>hello world</p>"></rich-editor>`);
    await clickInto(el, 'p', 5);
    await inputMethod({ compose: 'n' }, { compose: 'に' }, { compose: 'にほ' }, { compose: 'にほん' }, { compose: '日本' }, { commit: '日本' });
    await until(() => el.getHTML() === '<p>hello日本 world</p>', 'the chosen text in', { saw: () => el.getHTML() });
    await sendKeys({ type: '!' });
    expect(el.getHTML()).to.equal('<p>hello日本! world</p>');
  });

  it('composes in bold once Ctrl+B is pressed, in a list item, and at a heading start, which Enter then splits', async () => {
    const el = await fixture<RichEditor>(html`<rich-editor value="<p>a</p><ul><li><p>item</p></li></ul><h2>Title</h2>"></rich-editor>`);
    await clickInto(el, 'p', 1);
    await pressWith('b', 'Control');
    await inputMethod({ compose: 'か' }, { compose: 'かん' }, { compose: '漢' }, { commit: '漢' });
    await until(() => el.getHTML().startsWith('<p>a<strong>漢</strong></p>'), 'the bold text in', { saw: () => el.getHTML() });
    await clickInto(el, 'li p', 4);
    await inputMethod({ compose: 'ㅎ' }, { compose: '하' }, { compose: '한' }, { commit: '한' });
    await until(() => el.getHTML().includes('<li><p>item한</p></li>'), 'the Korean syllable in', { saw: () => el.getHTML() });
    await clickInto(el, 'h2', 0);
    await inputMethod({ compose: 'z' }, { compose: 'zh' }, { compose: '中' }, { commit: '中文' });
    await until(() => el.getHTML().endsWith('<h2>中文Title</h2>'), 'the Chinese words in', { saw: () => el.getHTML() });
    await pressWith('Enter');
    await inputMethod({ compose: 'a' }, { commit: 'あ' });
    await until(() => el.getHTML().endsWith('<h2>中文</h2><h2>あTitle</h2>'), 'the heading split after the words', { saw: () => el.getHTML() });
    expect(el.getHTML()).to.equal('<p>a<strong>漢</strong></p><ul><li><p>item한</p></li></ul><h2>中文</h2><h2>あTitle</h2>');
  });

  it('keeps a composition whole through a change the host makes to another paragraph meanwhile', async () => {
    const el = await fixture<RichEditor>(html`<rich-editor value="<p>one</p><p>two</p>"></rich-editor>`);
    await clickInto(el, 'p + p', 3);
    await inputMethod({ compose: 'に' }, { compose: 'にほ' });
    const view = el.editorView!;
    view.dispatch(view.state.tr.insertText('zero ', 1));
    await inputMethod({ compose: 'にほん' }, { compose: '日本' }, { commit: '日本' });
    await until(() => el.getHTML() === '<p>zero one</p><p>two日本</p>', 'the chosen text in once', { saw: () => el.getHTML() });
  });
});

describe("an image's text alternative written through an input method", () => {
  it('keeps the field open on the Enter that chooses a candidate, and keeps the chosen text on the next Enter', async () => {
    const src = URL.createObjectURL(await pngFile(300, 400));
    try {
      const el = await mount(html`<rich-editor style="width: 800px" .value=${`<p>Before</p><img src="${src}" alt="x"><p>After</p>`}></rich-editor>`);
      const image = content(el).querySelector<HTMLImageElement>('.image-view img')!;
      await until(() => image.complete && image.naturalWidth > 0, 'the image loads');
      await sendMouse({ type: 'click', position: centre(image) });
      const button = await until(() => [...content(el).querySelectorAll('.image-view button')].find((candidate) => candidate.textContent === 'Alt text'), 'the Alt text button');
      await sendMouse({ type: 'click', position: centre(button) });
      const field = await until(() => (el.shadowRoot!.activeElement instanceof HTMLInputElement ? el.shadowRoot!.activeElement : null), 'the field focused');
      expect(field.value).to.equal('x');
      await inputMethod({ compose: 'に' }, { compose: 'にほ' }, { compose: '日本' });
      // A candidate chosen with Enter while the composition is open: the field stays.
      await sendKeys({ press: 'Enter' });
      expect(field.isConnected, 'the field stays open while composing').to.equal(true);
      await inputMethod({ commit: '日本' });
      expect(field.value).to.equal('日本');
      await sendKeys({ press: 'Enter' });
      await until(() => !field.isConnected, 'the field closed');
      expect(imageAttrs(el)).to.include({ alt: '日本' });
    } finally {
      URL.revokeObjectURL(src);
    }
  });
});
