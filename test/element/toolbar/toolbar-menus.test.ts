import { expect, html } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import type { RichEditor } from '../../../src/element/index.js';
import { focusSettled, pressWith } from '../../helpers/editor.js';
import { installFakeClock, type FakeClock } from '../../helpers/fake-clock.js';
import {
  axeViolations,
  bar,
  blockButton,
  button,
  click,
  clickAt,
  content,
  focusToolbar,
  focused,
  linkInput,
  listbox,
  mount,
  placedToolbar,
  selectWithKeys,
  settle,
  textPoint,
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

const DROPDOWN_ENTRIES = ['Text', 'Heading 1', 'Heading 2', 'Heading 3', 'To-do list', 'Bullet list', 'Numbered list', 'Quote', 'Code'];

/** Selects `text` (with the keyboard), lands the toolbar's update for it and waits until the toolbar is placed above it. */
async function selectAndShow(el: RichEditor, text: string, length?: number, clickBefore?: string): Promise<void> {
  await selectWithKeys(el, text, length, clickBefore);
  await settle(el, clock);
  await placedToolbar(el, `the toolbar placed above "${text}"`);
}

function option(el: RichEditor, label: string): HTMLElement {
  const found = Array.from(listbox(el)?.querySelectorAll<HTMLElement>('[role="option"]') ?? []).find((o) => o.textContent!.trim() === label);
  if (!found) throw new Error(`No option "${label}"`);
  return found;
}

/** The label of the option `aria-activedescendant` points at. */
function activeOption(el: RichEditor): string | null {
  const box = listbox(el)!;
  const id = box.getAttribute('aria-activedescendant');
  const active = id ? box.querySelector(`[id="${id}"]`) : null;
  expect(active?.getAttribute('aria-selected')).to.equal('true');
  return active?.textContent!.trim() ?? null;
}

describe('<rich-editor-toolbar>: block-type dropdown', () => {
  afterEach(async () => {
    await sendMouse({ type: 'move', position: [0, 0] });
  });

  it('shows the block type, "Multiple" across a heading and a paragraph, and converts both to Heading 2', async () => {
    const el = await mount(html`<rich-editor value="<h1>Title line</h1><p>Body line</p>"></rich-editor>`, clock);
    await selectAndShow(el, 'Title');
    expect(blockButton(el).textContent!.trim()).to.equal('Heading 1');
    await selectAndShow(el, 'line', 8);
    const trigger = blockButton(el);
    expect(trigger.textContent!.trim()).to.equal('Multiple');
    expect(trigger.getAttribute('aria-haspopup')).to.equal('listbox');
    expect(trigger.getAttribute('aria-expanded')).to.equal('false');
    await click(trigger);
    await until(() => !!listbox(el), 'listbox open');
    expect(blockButton(el).getAttribute('aria-expanded')).to.equal('true');
    expect(blockButton(el).getAttribute('aria-controls')).to.equal(listbox(el)!.id);
    expect(Array.from(listbox(el)!.querySelectorAll('[role="option"]'), (o) => o.textContent!.trim())).to.deep.equal(DROPDOWN_ENTRIES);
    await click(option(el, 'Heading 2'));
    expect(el.getHTML()).to.equal('<h2>Title line</h2><h2>Body line</h2>');
    await until(() => !listbox(el), 'listbox closed');
    expect(focused()).to.equal(content(el));
    await until(() => blockButton(el).textContent!.trim() === 'Heading 2', 'label follows');
  });

  it('works from the keyboard: arrows move the highlight with wrap-around, Enter picks, Escape closes', async () => {
    const el = await mount(html`<rich-editor value="<p>Plain words</p>"></rich-editor>`, clock);
    await selectAndShow(el, 'words');
    await focusToolbar();
    await until(() => focused() === blockButton(el), 'block button focused');
    await sendKeys({ press: 'ArrowDown' });
    await until(() => !!listbox(el) && focused() === listbox(el), 'listbox focused');
    expect(activeOption(el)).to.equal('Text');
    await sendKeys({ press: 'ArrowUp' });
    expect(await settledActive(el)).to.equal('Code');
    await sendKeys({ press: 'ArrowDown' });
    expect(await settledActive(el)).to.equal('Text');
    await sendKeys({ press: 'ArrowDown' });
    expect(await settledActive(el)).to.equal('Heading 1');
    await sendKeys({ press: 'Escape' });
    await until(() => !listbox(el), 'listbox closed');
    expect(focused()).to.equal(blockButton(el));
    expect(el.getHTML()).to.equal('<p>Plain words</p>');
    await sendKeys({ press: 'Enter' });
    await until(() => focused() === listbox(el), 'listbox reopened');
    for (let i = 0; i < 5; i++) await sendKeys({ press: 'ArrowDown' });
    expect(await settledActive(el)).to.equal('Bullet list');
    await sendKeys({ press: 'Enter' });
    expect(el.getHTML()).to.equal('<ul><li><p>Plain words</p></li></ul>');
    await until(() => focused() === content(el), 'focus back in the editor');
  });

  it('passes an axe check with the toolbar shown and with the dropdown open, in light and dark', async () => {
    const el = await mount(html`<rich-editor value="<h2>Heading words</h2>"></rich-editor>`, clock);
    await selectAndShow(el, 'words');
    expect(await axeViolations(bar(el)!)).to.deep.equal([]);
    await click(blockButton(el));
    await until(() => !!listbox(el), 'listbox open');
    expect(await axeViolations(el)).to.deep.equal([]);
    el.setAttribute('theme', 'dark');
    expect(await axeViolations(el)).to.deep.equal([]);
  });
});

/** Waits for the render after a key and reads the highlighted option. */
async function settledActive(el: RichEditor): Promise<string | null> {
  await el.shadowRoot!.querySelector('rich-editor-toolbar')!.updateComplete;
  return activeOption(el);
}

describe('<rich-editor-toolbar>: link input', () => {
  afterEach(async () => {
    await sendMouse({ type: 'move', position: [0, 0] });
  });

  it('ignores an invalid or empty URL and stays open, then applies a valid one on Enter', async () => {
    const el = await mount(html`<rich-editor value="<p>Visit our site today</p>"></rich-editor>`, clock);
    await selectAndShow(el, 'our site');
    await click(button(el, 'Link'));
    await until(() => focused() === linkInput(el), 'link input focused');
    expect(button(el, 'Link').getAttribute('aria-expanded')).to.equal('true');
    expect(linkInput(el)!.value).to.equal('');

    await sendKeys({ press: 'Enter' });
    await until(() => linkInput(el)!.getAttribute('aria-invalid') === 'true', 'the address marked invalid');
    expect(el.getHTML()).to.equal('<p>Visit our site today</p>');

    await sendKeys({ type: 'not a url' });
    expect(linkInput(el)!.getAttribute('aria-invalid')).to.equal('false');
    await sendKeys({ press: 'Enter' });
    await until(() => linkInput(el)!.getAttribute('aria-invalid') === 'true', 'the address marked invalid');
    expect(el.getHTML()).to.equal('<p>Visit our site today</p>');
    expect(focused()).to.equal(linkInput(el));

    await pressWith('a', 'Control');
    await sendKeys({ type: 'javascript:alert(1)' });
    expect(linkInput(el)!.getAttribute('aria-invalid')).to.equal('false');
    await sendKeys({ press: 'Enter' });
    await until(() => linkInput(el)!.getAttribute('aria-invalid') === 'true', 'the address marked invalid');
    expect(el.getHTML()).to.equal('<p>Visit our site today</p>');
    expect(linkInput(el)).to.not.equal(null);

    await pressWith('a', 'Control');
    await sendKeys({ type: 'https://example.com/page' });
    await sendKeys({ press: 'Enter' });
    expect(el.getHTML()).to.match(/^<p>Visit <a [^>]*href="https:\/\/example\.com\/page"[^>]*>our site<\/a> today<\/p>$/);
    await until(() => !linkInput(el), 'link input closed');
    expect(focused()).to.equal(content(el));
  });

  it('accepts a bare domain as an https:// address and still refuses javascript:', async () => {
    const el = await mount(html`<rich-editor value="<p>Visit our site today</p>"></rich-editor>`, clock);
    await selectAndShow(el, 'our site');
    await click(button(el, 'Link'));
    await until(() => focused() === linkInput(el), 'link input focused');
    await sendKeys({ type: 'javascript:alert(1)' });
    await sendKeys({ press: 'Enter' });
    await until(() => linkInput(el)!.getAttribute('aria-invalid') === 'true', 'the address marked invalid');
    expect(el.getHTML()).to.equal('<p>Visit our site today</p>');
    await pressWith('a', 'Control');
    await sendKeys({ type: 'example.com' });
    await sendKeys({ press: 'Enter' });
    expect(el.getHTML()).to.match(/^<p>Visit <a [^>]*href="https:\/\/example\.com"[^>]*>our site<\/a> today<\/p>$/);
    await until(() => !linkInput(el), 'link input closed');
    expect(focused()).to.equal(content(el));
  });

  it('shows the current address inside a link, changes it, and removes the link', async () => {
    const el = await mount(html`<rich-editor value='<p>Read <a href="https://old.example">the docs</a> now</p>'></rich-editor>`, clock);
    await selectAndShow(el, 'the docs', undefined, 'Read');
    await click(button(el, 'Edit link'));
    await until(() => linkInput(el)?.value === 'https://old.example', 'current href shown');
    await pressWith('a', 'Control');
    await sendKeys({ type: 'https://new.example' });
    await sendKeys({ press: 'Enter' });
    expect(el.getHTML()).to.include('href="https://new.example"');
    // Enter gave focus back to the editor while Firefox's selection stood at the start of the
    // paragraph, where the next click goes.
    await until(() => !linkInput(el) && focused() === content(el), 'link input closed, focus in the editor');
    await focusSettled();
    await selectAndShow(el, 'the docs', undefined, 'Read');
    await click(button(el, 'Edit link'));
    await until(() => !!linkInput(el), 'link input open');
    await click(button(el, 'Remove link'));
    expect(el.getHTML()).to.equal('<p>Read the docs now</p>');
    await until(() => focused() === content(el), 'focus back in the editor');
  });

  it('closes on Escape, returning focus to the editor with the selection kept', async () => {
    const el = await mount(html`<rich-editor value="<p>Keep this selected</p>"></rich-editor>`, clock);
    await selectAndShow(el, 'this');
    await click(button(el, 'Link'));
    await until(() => focused() === linkInput(el), 'link input focused');
    await sendKeys({ press: 'Escape' });
    await until(() => !linkInput(el), 'link input closed');
    expect(focused()).to.equal(content(el));
    const { from, to } = el.editorView!.state.selection;
    expect(el.editorView!.state.doc.textBetween(from, to)).to.equal('this');
  });

  it('never has the dropdown and the link input open together', async () => {
    const el = await mount(html`<rich-editor value="<p>Exclusive menus here</p>"></rich-editor>`, clock);
    await selectAndShow(el, 'menus');
    await click(button(el, 'Link'));
    await until(() => !!linkInput(el), 'link input open');
    await click(blockButton(el));
    await until(() => !!listbox(el), 'listbox open');
    expect(linkInput(el)).to.equal(null);
    expect(button(el, 'Link').getAttribute('aria-expanded')).to.equal('false');
    await click(button(el, 'Link'));
    await until(() => !!linkInput(el), 'link input open again');
    expect(listbox(el)).to.equal(null);
    expect(blockButton(el).getAttribute('aria-expanded')).to.equal('false');
  });

  it('passes an axe check with the link input open, also after a rejected URL', async () => {
    const el = await mount(html`<rich-editor value='<p>An <a href="https://example.com">existing link</a></p>'></rich-editor>`, clock);
    await selectAndShow(el, 'existing', undefined, 'An');
    await click(button(el, 'Edit link'));
    await until(() => !!linkInput(el), 'link input open');
    expect(await axeViolations(el)).to.deep.equal([]);
    await pressWith('a', 'Control');
    await sendKeys({ type: 'nope' });
    await sendKeys({ press: 'Enter' });
    await until(() => linkInput(el)!.getAttribute('aria-invalid') === 'true', 'the address marked invalid');
    expect(await axeViolations(el)).to.deep.equal([]);
  });
});

describe('<rich-editor-toolbar>: keyboard', () => {
  it('Alt+F10 focuses the toolbar; arrows rove with wrap-around; Escape returns to the editor', async () => {
    const el = await mount(html`<rich-editor value="<p>Keyboard only</p>"></rich-editor>`, clock);
    await selectAndShow(el, 'only');
    await focusToolbar();
    await until(() => focused() === blockButton(el), 'first button focused');
    const tabStops = () => Array.from(bar(el)!.querySelectorAll('button[tabindex="0"]'));
    expect(tabStops()).to.deep.equal([blockButton(el)]);
    await sendKeys({ press: 'ArrowRight' });
    expect(focused()).to.equal(button(el, 'Bold'));
    await until(() => tabStops()[0] === button(el, 'Bold'), 'roving tabindex follows');
    expect(tabStops().length).to.equal(1);
    await sendKeys({ press: 'ArrowLeft' });
    await sendKeys({ press: 'ArrowLeft' });
    expect(focused()).to.equal(button(el, 'Link'));
    await sendKeys({ press: 'ArrowRight' });
    expect(focused()).to.equal(blockButton(el));
    await sendKeys({ press: 'End' });
    expect(focused()).to.equal(button(el, 'Link'));
    await sendKeys({ press: 'Home' });
    expect(focused()).to.equal(blockButton(el));
    await sendKeys({ press: 'Escape' });
    expect(focused()).to.equal(content(el));
    const { from, to } = el.editorView!.state.selection;
    expect(el.editorView!.state.doc.textBetween(from, to)).to.equal('only');
  });

  it('applies a mark with Enter on its button and returns focus to the editor', async () => {
    const el = await mount(html`<rich-editor value="<p>Make this italic</p>"></rich-editor>`, clock);
    await selectAndShow(el, 'italic');
    await focusToolbar();
    await until(() => focused() === blockButton(el), 'toolbar focused');
    await sendKeys({ press: 'ArrowRight' });
    await sendKeys({ press: 'ArrowRight' });
    expect(focused()).to.equal(button(el, 'Italic'));
    await sendKeys({ press: 'Enter' });
    expect(el.getHTML()).to.equal('<p>Make this <em>italic</em></p>');
    expect(focused()).to.equal(content(el));
    // Focus is back in the text: typing replaces the selection, as it would without the toolbar.
    await sendKeys({ type: 'slanted' });
    expect(el.getHTML()).to.equal('<p>Make this <em>slanted</em></p>');
  });

  it('Ctrl+K opens the link field over the selected text, typed into at once; Enter links it and returns to the editor', async () => {
    const el = await mount(html`<rich-editor value="<p>Read the docs please</p>"></rich-editor>`, clock);
    // Selected and Ctrl+K pressed with no pause, inside the toolbar's update window.
    await selectWithKeys(el, 'docs');
    await pressWith('k', 'Control');
    await until(() => focused() === linkInput(el), 'link input focused');
    expect(button(el, 'Link').getAttribute('aria-keyshortcuts')).to.equal('Control+K');
    await sendKeys({ type: 'https://example.com' });
    await sendKeys({ press: 'Enter' });
    await until(() => !linkInput(el) && focused() === content(el), 'link input closed, focus in the editor');
    expect(el.getHTML()).to.match(/^<p>Read the <a [^>]*href="https:\/\/example\.com"[^>]*>docs<\/a> please<\/p>$/);
  });

  it('Ctrl+K with the caret in a link opens the field over that link with its address; Enter changes it', async () => {
    const el = await mount(html`<rich-editor value='<p>Read the <a href="https://old.example.com/">docs</a> please</p>'></rich-editor>`, clock);
    // Into the link with the keys: a click on a link opens it.
    await clickAt(textPoint(el, 'the', 0));
    for (let i = 0; i < 6; i++) await sendKeys({ press: 'ArrowRight' });
    await pressWith('k', 'Control');
    await until(() => focused() === linkInput(el), 'link input focused');
    expect(linkInput(el)!.value).to.equal('https://old.example.com/');
    await pressWith('a', 'Control');
    await sendKeys({ type: 'https://new.example.com' });
    await sendKeys({ press: 'Enter' });
    await until(() => !linkInput(el) && focused() === content(el), 'link input closed, focus in the editor');
    expect(el.getHTML()).to.match(/^<p>Read the <a [^>]*href="https:\/\/new\.example\.com"[^>]*>docs<\/a> please<\/p>$/);
  });

  it('leaves Ctrl+K alone with nothing selected', async () => {
    const el = await mount(html`<rich-editor value="<p>Nothing selected</p>"></rich-editor>`, clock);
    content(el).focus();
    await settle(el, clock);
    const seen: boolean[] = [];
    content(el).addEventListener('keydown', (event) => seen.push(event.defaultPrevented));
    await pressWith('k', 'Control');
    await settle(el, clock);
    expect(seen.at(-1), 'the key left to the browser').to.equal(false);
    expect(linkInput(el)).to.equal(null);
    expect(focused()).to.equal(content(el));
  });

  it('does not take focus with Alt+F10 when there is no toolbar', async () => {
    const el = await mount(html`<rich-editor value="<p>Nothing selected</p>"></rich-editor>`, clock);
    content(el).focus();
    await settle(el, clock);
    await focusToolbar();
    // Alt+F10 is handled as it is pressed: had the toolbar taken it, it would focus a button after its next render.
    await settle(el, clock);
    expect(toolbarVisible(el)).to.equal(false);
    expect(focused()).to.equal(content(el));
  });
});
