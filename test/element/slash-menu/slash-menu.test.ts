import { expect, fixture, html } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../../src/element/index.js';
import '../../helpers/editing-parts.js';
import '../../../src/element/slash-menu/slash-menu.js';
import type { RichEditor } from '../../../src/element/index.js';
import { editingParts } from '../../../src/element/rich-editor/on-demand.js';
import { nextTask } from '../../helpers/editor.js';
import { centre, content, expectAccessible, keysThatSettle } from '../../helpers/element-ui.js';
import { until } from '../../helpers/until.js';
import type { RichEditorListboxOption } from '../../../src/element/listbox/listbox-option.component.js';

const SPEC_COMMANDS = ['Text', 'Heading 1', 'Heading 2', 'Heading 3', 'To do', 'Bullet list', 'Numbered list', 'Table', 'Quote', 'Code', 'Image', 'Divider'];

function menu(el: RichEditor) {
  return el.shadowRoot!.querySelector('rich-editor-slash-menu')!;
}

/** The popup surface (null while closed). */
function popup(el: RichEditor): HTMLElement | null {
  return menu(el).shadowRoot!.querySelector('[part="slash-menu"]');
}

function listbox(el: RichEditor): HTMLElement | null {
  return menu(el).querySelector('[role="listbox"]');
}

function options(el: RichEditor): RichEditorListboxOption[] {
  return Array.from(menu(el).querySelectorAll<RichEditorListboxOption>('[role="option"]'));
}

/** The text an option shows (its title, then its description). */
function shown(option: Element): string {
  return (option.shadowRoot!.textContent ?? '').replace(/\s+/g, ' ').trim();
}

function titles(el: RichEditor): string[] {
  return options(el).map((option) => option.shadowRoot!.querySelector('.label')!.textContent ?? '');
}

function selectedTitle(el: RichEditor): string | null {
  const selected = options(el).filter((option) => option.getAttribute('aria-selected') === 'true');
  expect(selected.length).to.equal(1);
  return selected[0].shadowRoot!.querySelector('.label')!.textContent;
}

/**
 * Whether the content's aria-activedescendant resolves, in the content's own tree, to
 * the option at `index`. (Booleans, not elements, in assertions: chai's message for a
 * failed element comparison can stall the page while it describes the editor.)
 */
function activeDescendantIs(el: RichEditor, index: number): boolean {
  const id = content(el).getAttribute('aria-activedescendant');
  return !!id && el.shadowRoot!.getElementById(id) === options(el)[index];
}

async function settle(el: RichEditor): Promise<void> {
  await menu(el).updateComplete;
}

/**
 * Returns a wait for the mouse resting over the list to be told that an option slid beneath it:
 * every engine sends it a `mouseover` when the list scrolls under it (Chromium within the
 * frame, Firefox some frames later, WebKit a few hundred milliseconds later with a
 * `pointermove` right behind), and a task later the rest of that input has been dispatched too.
 * Call before the keys that scroll the list.
 */
function hoverAfterScroll(el: RichEditor): () => Promise<void> {
  let heard = false;
  menu(el).addEventListener('mouseover', () => (heard = true), { once: true, capture: true });
  return async () => {
    await until(() => heard, 'a mouseover at the resting mouse as the list scrolled beneath it');
    await nextTask();
  };
}

async function openEditor(value = ''): Promise<RichEditor> {
  const el = await fixture<RichEditor>(html`<rich-editor .value=${value} aria-label="Notes"></rich-editor>`);
  content(el).focus();
  await sendKeys({ press: 'End' });
  return el;
}

const { type, press } = keysThatSettle(settle);

function expectClosed(el: RichEditor): void {
  expect(popup(el) === null, 'the popup is gone').to.equal(true);
  expect(listbox(el) === null, 'the listbox is gone').to.equal(true);
  expect(content(el).hasAttribute('aria-activedescendant')).to.equal(false);
  expect(content(el).hasAttribute('aria-controls')).to.equal(false);
}

describe('<rich-editor-slash-menu>', () => {
  afterEach(async () => {
    await sendMouse({ type: 'move', position: [0, 0] });
  });

  it('opens on "/" with the spec\'s twelve commands in order, under the slash', async () => {
    const el = await openEditor();
    expect(popup(el) === null, 'no popup').to.equal(true);
    await type(el, '/');
    expect(titles(el)).to.deep.equal(SPEC_COMMANDS);
    expect(shown(options(el)[2])).to.equal('Heading 2 Medium section heading.');
    expect(listbox(el)!.getAttribute('aria-label')).to.equal('Commands');
    expect(selectedTitle(el)).to.equal('Text');
    // The content points at the listbox and the highlighted option in its own tree.
    expect(content(el).getAttribute('aria-controls')).to.equal(listbox(el)!.id);
    expect(el.shadowRoot!.getElementById(content(el).getAttribute('aria-controls')!) === listbox(el), 'aria-controls resolves').to.equal(true);
    expect(activeDescendantIs(el, 0), 'aria-activedescendant resolves to option 0').to.equal(true);
    expect(content(el).getAttribute('aria-autocomplete')).to.equal('list');
    expect(content(el).matches(':focus')).to.equal(true);
    const slash = content(el).querySelector('p')!.getBoundingClientRect();
    const box = popup(el)!.getBoundingClientRect();
    expect(box.top).to.be.at.least(slash.bottom);
    expect(box.top).to.be.below(slash.bottom + 30);
    expect(Math.abs(box.left - slash.left)).to.be.below(30);
  });

  it('opens on "/" typed at the gap cursor after a table that ends the document, in the paragraph the slash starts', async () => {
    const el = await fixture<RichEditor>(html`<rich-editor .value=${'<p>x</p><table><tbody><tr><td><p>a</p></td><td><p>b</p></td></tr></tbody></table>'} aria-label="Notes"></rich-editor>`);
    const cell = Array.from(content(el).querySelectorAll('td')).find((td) => td.textContent === 'b')!;
    await sendMouse({ type: 'click', position: centre(cell.querySelector('p')!) });
    await sendKeys({ press: 'End' });
    // Below the table's last row the caret is the gap cursor (its part comes when a table is drawn).
    await until(() => editingParts().gapCursor && el.editorView!.state.plugins.some((plugin) => plugin.props.createSelectionBetween), 'the gap cursor part in the editor');
    await sendKeys({ press: 'ArrowDown' });
    const { selection } = el.editorView!.state;
    expect(selection.empty && !selection.$head.parent.inlineContent, 'the caret between blocks').to.equal(true);
    await type(el, '/');
    expect(titles(el)).to.deep.equal(SPEC_COMMANDS);
    expect(el.getHTML()).to.match(/<\/table><p>\/<\/p>$/);
    await press(el, 'Enter');
    // Text chosen: the slash gone, the caret in the paragraph it started.
    const { doc, selection: after } = el.editorView!.state;
    expect(doc.lastChild!.type.name === 'paragraph' && doc.lastChild!.content.size === 0, 'an empty paragraph after the table').to.equal(true);
    expect(after.$head.parent === doc.lastChild, 'the caret in it').to.equal(true);
  });

  it('filters to the three headings as "head" is typed', async () => {
    const el = await openEditor();
    await type(el, '/head');
    expect(titles(el)).to.deep.equal(['Heading 1', 'Heading 2', 'Heading 3']);
    expect(selectedTitle(el)).to.equal('Heading 1');
  });

  it('moves the highlight with the arrows, wrapping around, and keeps it in view', async () => {
    const el = await openEditor();
    await type(el, '/');
    const surface = popup(el)!;
    expect(surface.scrollHeight).to.be.above(surface.clientHeight);
    await press(el, 'ArrowDown');
    expect(selectedTitle(el)).to.equal('Heading 1');
    await press(el, 'ArrowUp');
    await press(el, 'ArrowUp');
    expect(selectedTitle(el)).to.equal('Divider');
    expect(activeDescendantIs(el, 11), 'aria-activedescendant resolves to option 11').to.equal(true);
    expect(surface.scrollTop).to.be.above(0);
    const last = options(el)[11].getBoundingClientRect();
    const frame = surface.getBoundingClientRect();
    expect(last.top).to.be.at.least(frame.top);
    expect(last.bottom).to.be.at.most(frame.bottom);
    await press(el, 'ArrowDown');
    expect(selectedTitle(el)).to.equal('Text');
    expect(activeDescendantIs(el, 0), 'aria-activedescendant resolves to option 0').to.equal(true);
    expect(options(el)[0].getBoundingClientRect().top).to.be.at.least(frame.top);
  });

  it('keeps the keyboard highlight when the list scrolls under a resting mouse', async () => {
    const el = await openEditor();
    await type(el, '/');
    await sendMouse({ type: 'move', position: centre(options(el)[1]) });
    await settle(el);
    expect(selectedTitle(el)).to.equal('Heading 1');
    const hovered = hoverAfterScroll(el);
    await press(el, 'ArrowUp');
    await press(el, 'ArrowUp');
    await hovered();
    await settle(el);
    expect(selectedTitle(el)).to.equal('Divider');
  });

  it('converts the block with Enter on "Heading 2" and removes the typed "/head"', async () => {
    const el = await openEditor('<p>Intro</p>');
    await press(el, 'Enter');
    await type(el, '/head');
    await press(el, 'ArrowDown');
    expect(selectedTitle(el)).to.equal('Heading 2');
    await press(el, 'Enter');
    expectClosed(el);
    await type(el, 'Plan');
    expect(el.getHTML()).to.equal('<p>Intro</p><h2>Plan</h2>');
  });

  it('highlights the entry under the mouse and runs a clicked entry, keeping focus in the text', async () => {
    const el = await openEditor();
    await type(el, '/quo');
    const quote = options(el).find((option) => shown(option).startsWith('Quote'))!;
    await sendMouse({ type: 'move', position: centre(quote) });
    await settle(el);
    expect(selectedTitle(el)).to.equal('Quote');
    await sendMouse({ type: 'click', position: centre(quote) });
    await settle(el);
    expectClosed(el);
    expect(content(el).matches(':focus')).to.equal(true);
    await type(el, 'Cited');
    expect(el.getHTML()).to.equal('<blockquote><p>Cited</p></blockquote>');
  });

  it('Image opens the file chooser and uploads the chosen file where "/image" was typed', async () => {
    const el = await openEditor('<p>Intro</p>');
    el.uploadFile = async () => 'https://example.com/chosen.png';
    let chooser: HTMLInputElement | null = null;
    // The chooser's click, caught before the browser opens its dialog.
    el.shadowRoot!.addEventListener(
      'click',
      (event) => {
        const target = event.target as HTMLInputElement;
        if (target.type === 'file') (chooser = target), event.preventDefault();
      },
      { capture: true },
    );
    await press(el, 'Enter');
    await type(el, '/image');
    expect(selectedTitle(el)).to.equal('Image');
    await press(el, 'Enter');
    expectClosed(el);
    expect(chooser !== null, 'the file chooser opened').to.equal(true);
    expect(chooser!.accept).to.equal('image/*');
    const files = new DataTransfer();
    files.items.add(new File([new Uint8Array(100)], 'chosen.png', { type: 'image/png' }));
    chooser!.files = files.files;
    chooser!.dispatchEvent(new Event('change'));
    await until(() => el.getHTML().includes('chosen.png'), 'the uploaded image in the document', { saw: () => el.getHTML() });
    expect(el.getHTML()).to.match(/^<p>Intro<\/p><img [^>]*src="https:\/\/example.com\/chosen.png"/);
    expect(el.getHTML()).not.to.contain('/image');
  });

  it('closes on Escape and leaves the typed text', async () => {
    const el = await openEditor();
    await type(el, '/ta');
    expect(titles(el)).to.include('Table');
    await press(el, 'Escape');
    expectClosed(el);
    // Escape only closed the menu: the caret is still after the text.
    await type(el, 'x');
    expect(el.getHTML()).to.equal('<p>/tax</p>');
  });

  it('closes on a click outside the editor', async () => {
    const wrapper = await fixture<HTMLDivElement>(html`<div>
      <rich-editor aria-label="Notes"></rich-editor>
      <p style="margin-top: 26rem; padding: 1rem">Elsewhere</p>
    </div>`);
    const el = wrapper.querySelector('rich-editor')!;
    await el.updateComplete;
    content(el).focus();
    await type(el, '/');
    expect(popup(el) !== null, 'the popup is open').to.equal(true);
    await sendMouse({ type: 'click', position: centre(wrapper.querySelector('p')!) });
    await settle(el);
    expectClosed(el);
    expect(el.getHTML()).to.equal('<p>/</p>');
  });

  it('closes on a press outside that keeps the editor focused (a host button that prevents mousedown)', async () => {
    const wrapper = await fixture<HTMLDivElement>(html`<div>
      <rich-editor aria-label="Notes"></rich-editor>
      <button type="button" style="margin-top: 26rem" @mousedown=${(event: Event) => event.preventDefault()}>Keep focus</button>
    </div>`);
    const el = wrapper.querySelector('rich-editor')!;
    await el.updateComplete;
    content(el).focus();
    await type(el, '/');
    expect(popup(el) !== null, 'the popup is open').to.equal(true);
    await sendMouse({ type: 'click', position: centre(wrapper.querySelector('button')!) });
    await settle(el);
    expect(content(el).matches(':focus')).to.equal(true);
    expectClosed(el);
  });

  it('says "No matching commands" quietly when the filter matches nothing', async () => {
    const el = await openEditor();
    await type(el, '/zq');
    expect(listbox(el) === null, 'no listbox').to.equal(true);
    expect(popup(el)!.querySelector('[role="status"]')!.textContent).to.equal('No matching commands');
    expect(content(el).hasAttribute('aria-activedescendant')).to.equal(false);
    expect(content(el).hasAttribute('aria-controls')).to.equal(false);
    await press(el, 'Backspace');
    await press(el, 'Backspace');
    expect(titles(el)).to.deep.equal(SPEC_COMMANDS);
    expect(popup(el)!.querySelector('[role="status"]')!.textContent).to.equal('');
  });

  it('does not open inside a code block', async () => {
    const el = await openEditor('<pre><code>let a = 1</code></pre>');
    // Click just after the code's last character, as a user puts the caret there.
    const text = document.createRange();
    text.selectNodeContents(content(el).querySelector('code')!);
    const end = text.getBoundingClientRect();
    await sendMouse({ type: 'click', position: [Math.round(end.right + 2), Math.round(end.top + end.height / 2)] });
    await type(el, ' /');
    expectClosed(el);
    expect(el.getHTML()).to.contain('let a = 1 /');
  });

  it('is at most 20rem tall and scrolls', async () => {
    const el = await openEditor();
    await type(el, '/');
    const style = getComputedStyle(popup(el)!);
    const rem = parseFloat(getComputedStyle(document.documentElement).fontSize);
    expect(style.maxHeight).to.equal(`${20 * rem}px`);
    expect(style.overflowY).to.equal('auto');
    expect(popup(el)!.getBoundingClientRect().height).to.be.at.most(20 * rem);
  });

  it('passes an axe check while open, in the light and the dark theme', async () => {
    const el = await openEditor();
    await type(el, '/');
    await press(el, 'ArrowDown');
    await expectAccessible(el);
    el.setAttribute('theme', 'dark');
    await expectAccessible(el);
  });
});
