import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import { installFakeClock, type FakeClock } from '../../helpers/fake-clock.js';
import {
  bar,
  button,
  click,
  clickAt,
  content,
  drag,
  focused,
  mount,
  placedToolbar,
  pressed,
  selectWithKeys,
  selectionBox,
  settle,
  textPoint,
  toolbarRoot,
  toolbarVisible,
  until,
} from './helpers.js';

// The toolbar's update window runs on a fake clock, ended by `settle` where a test needs the update
// it holds back. Top-level hooks run after @open-wc/testing's fixture cleanup (registered when it is
// imported), so the elements leave the page while their timers are still on this clock.
let clock: FakeClock;
beforeEach(() => {
  clock = installFakeClock();
});
afterEach(() => {
  clock.uninstall();
});

describe('<rich-editor-toolbar>: showing and hiding', () => {
  afterEach(async () => {
    await sendMouse({ type: 'move', position: [0, 0] });
  });

  it('appears above a selection made with Shift+Arrow, in the spec order of marks', async () => {
    const el = await mount(html`<rich-editor value="<p>Hello brave world</p>"></rich-editor>`, clock);
    await selectWithKeys(el, 'brave');
    // The keys' changes wait in the update window the click opened; when it ends, the last one shows.
    await settle(el, clock);
    await placedToolbar(el);
    const surface = bar(el)!;
    expect(surface.getAttribute('aria-label')).to.equal('Formatting');
    const rect = surface.getBoundingClientRect();
    const box = selectionBox(el);
    expect(rect.bottom).to.be.at.most(box.top);
    expect(Math.abs((rect.left + rect.right) / 2 - (box.left + box.right) / 2)).to.be.below(2);
    const names = Array.from(surface.querySelectorAll('button[aria-pressed]'), (b) => b.getAttribute('aria-label'));
    expect(names).to.deep.equal(['Bold', 'Italic', 'Strikethrough', 'Underline', 'Code']);
    const titles = Array.from(surface.querySelectorAll('button[aria-pressed]'), (b) => b.getAttribute('title'));
    expect(titles).to.deep.equal(['Bold (Ctrl+B)', 'Italic (Ctrl+I)', 'Strikethrough (Ctrl+Shift+S)', 'Underline (Ctrl+U)', 'Code (Ctrl+E)']);
  });

  it('stays hidden while the mouse drags out a selection and shows once it is released', async () => {
    const el = await mount(html`<rich-editor value="<p>Select these words please</p>"></rich-editor>`, clock);
    await drag(textPoint(el, 'these', 0), textPoint(el, 'words', 5), async () => {
      await until(() => !el.editorView!.state.selection.empty, 'a selection dragged out');
      // The update window ends: the throttle would show it now if dragging did not hide it.
      await settle(el, clock);
      expect(toolbarVisible(el)).to.equal(false);
    });
    await until(() => toolbarVisible(el), 'toolbar visible after release');
    expect(el.editorView!.state.doc.textBetween(el.editorView!.state.selection.from, el.editorView!.state.selection.to)).to.equal('these words');
  });

  it('hides for an empty selection and when the user types over the selection', async () => {
    const el = await mount(html`<rich-editor value="<p>Some words here</p>"></rich-editor>`, clock);
    await clickAt(textPoint(el, 'words', 2));
    await until(() => el.editorView!.hasFocus(), 'the editor focused by the click');
    await settle(el, clock);
    expect(el.editorView!.state.selection.empty).to.equal(true);
    expect(toolbarVisible(el)).to.equal(false);
    await selectWithKeys(el, 'words');
    await settle(el, clock);
    await until(() => toolbarVisible(el), 'toolbar visible');
    await sendKeys({ type: 'x' });
    await until(() => el.getHTML() === '<p>Some x here</p>', 'the typed text', { saw: () => el.getHTML() });
    await settle(el, clock);
    expect(toolbarVisible(el)).to.equal(false);
  });

  it('hides when the user clicks away from the editor and returns with the selection when focus comes back', async () => {
    const wrapper = await fixture<HTMLDivElement>(html`<div>
      <rich-editor value="<p>First editor words</p>"></rich-editor>
      <rich-editor value="<p>Second editor words</p>"></rich-editor>
      <button type="button">Elsewhere</button>
    </div>`);
    const [first, second] = Array.from(wrapper.querySelectorAll('rich-editor'));
    for (const el of [first, second]) el.style.margin = '120px 40px 0 320px';
    for (const el of [first, second]) await el.updateComplete;
    await settle(first, clock);
    await settle(second, clock);
    await selectWithKeys(first, 'words');
    await settle(first, clock);
    await until(() => toolbarVisible(first), 'first toolbar visible');
    await selectWithKeys(second, 'editor');
    await settle(second, clock);
    await until(() => toolbarVisible(second), 'second toolbar visible');
    // A toolbar re-reads focus a task after focus moves (its focus hand-off), then hides or shows.
    await until(() => !toolbarVisible(first), 'first toolbar hidden');
    await click(wrapper.querySelector('button')!);
    await settle(second, clock);
    await until(() => !toolbarVisible(second), 'second toolbar hidden');
    expect(toolbarVisible(first)).to.equal(false);
    content(second).focus();
    await settle(second, clock);
    await until(() => toolbarVisible(second), 'second toolbar back');
    const view = second.editorView!;
    expect(view.state.doc.textBetween(view.state.selection.from, view.state.selection.to)).to.equal('editor');
  });

  it('is not there in read-only mode, and goes away when the editor turns read-only', async () => {
    const viewer = await mount(html`<rich-editor readonly value="<p>Read only words</p>"></rich-editor>`, clock);
    await drag(textPoint(viewer, 'Read', 0), textPoint(viewer, 'words', 5));
    await until(() => !viewer.editorView!.state.selection.empty, 'a selection dragged out');
    await settle(viewer, clock);
    await viewer.updateComplete;
    expect(toolbarRoot(viewer)).to.equal(null);
    expect(toolbarVisible(viewer)).to.equal(false);

    const el = await mount(html`<rich-editor value="<p>Editable words</p>"></rich-editor>`, clock);
    await selectWithKeys(el, 'words');
    await settle(el, clock);
    await until(() => toolbarVisible(el), 'toolbar visible');
    el.readonly = true;
    await el.updateComplete;
    await settle(el, clock);
    expect(toolbarVisible(el)).to.equal(false);
  });

  it('hides when an image is selected as a node', async () => {
    const canvas = document.createElement('canvas');
    canvas.width = 240;
    canvas.height = 120;
    const blob = await new Promise<Blob>((resolve) => canvas.toBlob((b) => resolve(b!), 'image/png'));
    const src = URL.createObjectURL(blob);
    const el = await mount(html`<rich-editor value=${`<p>Above the picture</p><img src="${src}" width="240" height="120"><p>Below the picture</p>`}></rich-editor>`, clock);
    await selectWithKeys(el, 'picture');
    await settle(el, clock);
    await until(() => toolbarVisible(el), 'toolbar visible for text');
    const img = content(el).querySelector('img')!;
    await until(() => img.complete && img.getBoundingClientRect().height > 0, 'image laid out');
    await click(img);
    await until(() => el.editorView!.state.selection.toJSON().type === 'node', 'the image selected as a node', {
      saw: () => el.editorView!.state.selection.toJSON(),
    });
    await settle(el, clock);
    expect(toolbarVisible(el)).to.equal(false);
    URL.revokeObjectURL(src);
  });

  it('appears above text selected inside a table cell, formats it, and hides for a selection of cells', async () => {
    const el = await mount(html`<rich-editor value="<p>Before</p><table><tr><td><p>cell words</p></td><td><p>other</p></td></tr></table>"></rich-editor>`, clock);
    await selectWithKeys(el, 'words');
    await settle(el, clock);
    await placedToolbar(el, 'the toolbar placed above "words" in the cell');
    await click(button(el, 'Bold'));
    await until(() => el.getHTML().includes('<td><p>cell <strong>words</strong></p></td>'), 'the cell\'s words made bold', { saw: () => el.getHTML() });
    await until(() => focused() === content(el), 'focus back in the editor');
    // Shift+Right at the cell's end selects cells (prosemirror-tables): no text toolbar for those.
    await sendKeys({ down: 'Shift' });
    await sendKeys({ press: 'ArrowRight' });
    await sendKeys({ up: 'Shift' });
    await until(() => el.editorView!.state.selection.toJSON().type === 'cell', 'cells selected', { saw: () => el.editorView!.state.selection.toJSON() });
    await settle(el, clock);
    expect(toolbarVisible(el)).to.equal(false);
  });

  it('uses the theme: the toolbar surface follows the dark theme and host overrides', async () => {
    const el = await mount(html`<rich-editor theme="dark" value="<p>Dark words</p>"></rich-editor>`, clock);
    await selectWithKeys(el, 'words');
    await settle(el, clock);
    await until(() => toolbarVisible(el), 'toolbar visible');
    expect(getComputedStyle(bar(el)!).backgroundColor).to.equal('rgb(23, 27, 43)');
    el.style.setProperty('--rich-editor-surface', 'rgb(1, 2, 3)');
    expect(getComputedStyle(bar(el)!).backgroundColor).to.equal('rgb(1, 2, 3)');
    expect(getComputedStyle(bar(el)!).color).to.equal('rgb(197, 197, 197)');
  });
});

describe('<rich-editor-toolbar>: marks', () => {
  afterEach(async () => {
    await sendMouse({ type: 'move', position: [0, 0] });
  });

  it('applies bold on click, keeps the selection, returns focus to the editor and presses the button', async () => {
    const el = await mount(html`<rich-editor value="<p>Hello brave world</p>"></rich-editor>`, clock);
    await selectWithKeys(el, 'brave');
    await settle(el, clock);
    await placedToolbar(el);
    const bold = button(el, 'Bold');
    expect(bold.getAttribute('aria-pressed')).to.equal('false');
    await click(bold);
    expect(el.getHTML()).to.equal('<p>Hello <strong>brave</strong> world</p>');
    await until(() => pressed(el, 'Bold') === 'true', 'Bold pressed');
    expect(focused()).to.equal(content(el));
    await click(button(el, 'Bold'));
    expect(el.getHTML()).to.equal('<p>Hello brave world</p>');
    await until(() => pressed(el, 'Bold') === 'false', 'Bold not pressed');
  });

  it('applies each mark from its button', async () => {
    const el = await mount(html`<rich-editor value="<p>one two three four five</p>"></rich-editor>`, clock);
    const cases: Array<[string, string, string]> = [
      ['one', 'Italic', '<em>one</em>'],
      ['two', 'Strikethrough', '<s>two</s>'],
      ['three', 'Underline', '<u>three</u>'],
      ['four', 'Code', '<code>four</code>'],
    ];
    for (const [word, name, expected] of cases) {
      await selectWithKeys(el, word);
      await settle(el, clock);
      await placedToolbar(el, `the toolbar placed above "${word}"`);
      await click(button(el, name));
      expect(el.getHTML()).to.include(expected);
    }
  });

  it('reflects the marks of the selected text in aria-pressed', async () => {
    const el = await mount(html`<rich-editor value="<p><em>slanted</em> plain <strong><u>heavy</u></strong></p>"></rich-editor>`, clock);
    await selectWithKeys(el, 'slanted');
    await settle(el, clock);
    expect(pressed(el, 'Italic')).to.equal('true');
    expect(pressed(el, 'Bold')).to.equal('false');
    await selectWithKeys(el, 'plain');
    await settle(el, clock);
    expect(pressed(el, 'Italic')).to.equal('false');
    await selectWithKeys(el, 'heavy');
    await settle(el, clock);
    expect(pressed(el, 'Bold')).to.equal('true');
    expect(pressed(el, 'Underline')).to.equal('true');
    expect(pressed(el, 'Italic')).to.equal('false');
  });
});
