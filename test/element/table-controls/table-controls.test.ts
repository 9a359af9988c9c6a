import { expect, fixture, html } from '@open-wc/testing';
import { resetMouse, sendKeys, sendMouse } from '@web/test-runner-commands';
import '../../../src/element/index.js';
import '../../helpers/editing-parts.js';
import '../../../src/element/table-controls/table-controls.js';
import type { LitElement } from 'lit';
import type { RichEditor } from '../../../src/element/index.js';
import { nextFrame, pressWith } from '../../helpers/editor.js';
import { axeViolations } from '../../helpers/element-ui.js';
import { until } from '../../helpers/until.js';

const ROWS = 3;
const COLUMNS = 3;
const TABLE =
  '<table><tbody>' +
  Array.from({ length: ROWS }, (_, r) => `<tr>${Array.from({ length: COLUMNS }, (_, c) => `<td><p>r${r}c${c}</p></td>`).join('')}</tr>`).join('') +
  '</tbody></table><p>After</p>';

function content(el: RichEditor): HTMLElement {
  return el.shadowRoot!.querySelector('[role="textbox"]') as HTMLElement;
}

function controlsRoot(el: RichEditor): ShadowRoot {
  return el.shadowRoot!.querySelector('rich-editor-table-controls')!.shadowRoot!;
}

function handles(el: RichEditor, axis: 'Row' | 'Column'): HTMLButtonElement[] {
  return Array.from(controlsRoot(el).querySelectorAll<HTMLButtonElement>(`button[aria-label="${axis} options"]`)).filter((b) => b.checkVisibility());
}

function menu(el: RichEditor): HTMLElement | null {
  const found = controlsRoot(el).querySelector<HTMLElement>('[role="menu"]');
  return found && found.checkVisibility() ? found : null;
}

function item(el: RichEditor, name: string): HTMLElement {
  const found = Array.from(menu(el)?.querySelectorAll<HTMLElement>('[role^="menuitem"]') ?? []).find((i) => i.textContent!.trim().replace('✓', '').trim() === name);
  if (!found) throw new Error(`No menu item "${name}"`);
  return found;
}

function focused(el: RichEditor): string | null {
  return controlsRoot(el).activeElement?.textContent?.trim() ?? null;
}

function cell(el: RichEditor, row: number, column: number): HTMLElement {
  return content(el).querySelectorAll('tr')[row].children[column] as HTMLElement;
}

function centre(target: Element): [number, number] {
  const r = target.getBoundingClientRect();
  return [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)];
}

async function hover(target: Element): Promise<void> {
  const [x, y] = centre(target);
  await sendMouse({ type: 'move', position: [x, y - 2] });
  await sendMouse({ type: 'move', position: [x, y] });
}

async function click(target: Element): Promise<void> {
  // A long menu scrolls in a short viewport: bring the item into view as a user would.
  target.scrollIntoView({ block: 'nearest' });
  await sendMouse({ type: 'move', position: centre(target) });
  await sendMouse({ type: 'down' });
  await sendMouse({ type: 'up' });
}

/** Waits until exactly one row handle and one column handle stand on the cell's row and column; a timeout says where they were. */
async function handlesOn(el: RichEditor, row: number, column: number): Promise<void> {
  const round = (n: number) => Math.round(n * 10) / 10;
  await until(() => {
    const [rowHandle, columnHandle] = [handles(el, 'Row'), handles(el, 'Column')];
    if (rowHandle.length !== 1 || columnHandle.length !== 1) throw new Error(`${rowHandle.length} row and ${columnHandle.length} column handles shown`);
    const table = content(el).querySelector('table')!.getBoundingClientRect();
    const target = cell(el, row, column).getBoundingClientRect();
    const rowRect = content(el).querySelectorAll('tr')[row].getBoundingClientRect();
    const r = rowHandle[0].getBoundingClientRect();
    const c = columnHandle[0].getBoundingClientRect();
    const off = [
      r.top + r.height / 2 - (rowRect.top + rowRect.height / 2),
      r.left + r.width / 2 - table.left,
      c.left + c.width / 2 - (target.left + target.width / 2),
      c.top + c.height / 2 - table.top,
    ];
    if (off.some((d) => Math.abs(d) >= 1)) {
      throw new Error(`the row handle's centre is ${round(off[0])} px below its row's and ${round(off[1])} px right of the table's edge; the column handle's ${round(off[2])} px right of its column's and ${round(off[3])} px below the table's top`);
    }
    return true;
  }, `the handles stand on row ${row} and column ${column}`);
}

/** The table as the document holds it: each row's cell texts, with `th:` before header cells. */
function rows(el: RichEditor): string[][] {
  const parsed = new DOMParser().parseFromString(el.getHTML(), 'text/html');
  return Array.from(parsed.querySelectorAll('tr')).map((tr) => Array.from(tr.children).map((c) => (c.tagName === 'TH' ? 'th:' : '') + c.textContent));
}

function rowColours(el: RichEditor): Array<string | null> {
  const parsed = new DOMParser().parseFromString(el.getHTML(), 'text/html');
  return Array.from(parsed.querySelectorAll('tr')).map((tr) => tr.getAttribute('data-background'));
}

async function mount(value = TABLE): Promise<RichEditor> {
  const wrapper = await fixture<HTMLDivElement>(html`<div style="padding: 60px 0 0 60px; width: 520px"><rich-editor value=${value}></rich-editor></div>`);
  const el = wrapper.querySelector('rich-editor')!;
  await el.updateComplete;
  return el;
}

/** The name of the handle with focus, if one has. */
const handleFocused = (el: RichEditor): string | null => controlsRoot(el).activeElement?.getAttribute('aria-label') ?? null;

/** Puts the caret into the table's last row by keys (Arrow Up from the paragraph after it), then shows its cell's handles with Alt+F10: the row handle has focus. */
async function handlesByKeys(el: RichEditor): Promise<void> {
  const view = el.editorView!;
  await click(content(el).querySelector(':scope > p:last-child')!);
  await sendKeys({ press: 'Home' });
  await sendKeys({ press: 'ArrowUp' });
  await until(() => view.state.selection.$from.parent.textContent === 'r2c0', 'the caret in the last row', { saw: () => view.state.selection.$from.parent.textContent });
  await pressWith('F10', 'Alt');
  await until(() => handleFocused(el) === 'Row options', 'the row handle focused', { saw: () => handleFocused(el) });
}

/** Hovers the cell, then opens the row handle's menu from the keyboard (focus, Enter): its first item has focus. */
async function openWithKeyboard(el: RichEditor, row: number, column: number): Promise<void> {
  await hover(cell(el, row, column));
  await handlesOn(el, row, column);
  handles(el, 'Row')[0].focus();
  await sendKeys({ press: 'Enter' });
  await until(() => menu(el) && focused(el) === 'Insert row above', 'the first item has focus');
}

/** Hovers the cell and opens a handle's menu with the mouse. */
async function openWithMouse(el: RichEditor, axis: 'Row' | 'Column', row = 1, column = 2): Promise<void> {
  await hover(cell(el, row, column));
  await handlesOn(el, row, column);
  await click(handles(el, axis)[0]);
  await until(() => menu(el), 'the menu opens');
}

describe('<rich-editor-table-controls>', () => {
  afterEach(async () => {
    await resetMouse();
  });

  describe('hover handles', () => {
    it('follow a table whose size changes, without an error on the page', async () => {
      const el = await mount();
      await hover(cell(el, 1, 1));
      await handlesOn(el, 1, 1);
      const errors: string[] = [];
      const onError = (event: ErrorEvent) => errors.push(event.message);
      window.addEventListener('error', onError);
      try {
        // The page rewraps the table as its width changes and grows it as text is typed in the cell:
        // the handles' observers see the table resize.
        const wrapper = el.parentElement!;
        for (const width of [300, 560, 260, 520]) {
          wrapper.style.width = `${width}px`;
          await nextFrame();
        }
        const view = el.editorView!;
        const inCell = view.state.doc.resolve(view.posAtDOM(cell(el, 1, 1).querySelector('p')!, 0)).end();
        view.dispatch(view.state.tr.insertText(' and a longer text that wraps onto more lines', inCell));
        await nextFrame();
        await nextFrame();
        await handlesOn(el, 1, 1);
      } finally {
        window.removeEventListener('error', onError);
      }
      expect(errors).to.deep.equal([]);
    });

    it('shows one row handle and one column handle for the hovered cell only', async () => {
      const el = await mount();
      expect(controlsRoot(el).querySelector('[part~="table-controls"]')).to.equal(null);
      await hover(cell(el, 1, 2));
      await handlesOn(el, 1, 2);
      const parts = Array.from(controlsRoot(el).querySelectorAll('[part~="table-controls"]'));
      expect(parts).to.deep.equal([...handles(el, 'Row'), ...handles(el, 'Column')]);
      const [rowHandle] = handles(el, 'Row');
      expect(rowHandle.getAttribute('aria-haspopup')).to.equal('menu');
      expect(rowHandle.getAttribute('aria-expanded')).to.equal('false');
    });

    it('lets the host style the handles and the menu through ::part', async () => {
      const style = document.createElement('style');
      style.textContent = 'rich-editor::part(table-controls) { border-color: rgb(1, 2, 3); } rich-editor::part(table-menu) { border-color: rgb(4, 5, 6); }';
      document.head.appendChild(style);
      try {
        const el = await mount();
        await openWithMouse(el, 'Row');
        expect(getComputedStyle(handles(el, 'Column')[0]).borderTopColor).to.equal('rgb(1, 2, 3)');
        expect(getComputedStyle(menu(el)!).borderTopColor).to.equal('rgb(4, 5, 6)');
      } finally {
        style.remove();
      }
    });

    it('takes the look every handle shares from the theme: muted at rest, the text colour on the hover surface under the pointer', async () => {
      const el = await mount();
      el.style.setProperty('--rich-editor-muted', 'rgb(1, 2, 3)');
      el.style.setProperty('--rich-editor-text', 'rgb(4, 5, 6)');
      el.style.setProperty('--rich-editor-surface-hover', 'rgb(7, 8, 9)');
      await hover(cell(el, 1, 2));
      await handlesOn(el, 1, 2);
      const [rowHandle] = handles(el, 'Row');
      expect(getComputedStyle(rowHandle).color).to.equal('rgb(1, 2, 3)');
      await hover(rowHandle);
      const look = getComputedStyle(rowHandle);
      expect([look.color, look.backgroundColor]).to.deep.equal(['rgb(4, 5, 6)', 'rgb(7, 8, 9)']);
    });

    it('moves the handles to another hovered cell', async () => {
      const el = await mount();
      await hover(cell(el, 1, 2));
      await handlesOn(el, 1, 2);
      await hover(cell(el, 2, 0));
      await handlesOn(el, 2, 0);
      await hover(cell(el, 0, 1));
      await handlesOn(el, 0, 1);
    });

    it('hides the handles when the mouse leaves the table or the editor', async () => {
      const el = await mount();
      await hover(cell(el, 1, 1));
      await handlesOn(el, 1, 1);
      await hover(content(el).querySelector(':scope > p')!);
      await until(() => handles(el, 'Row').length === 0 && handles(el, 'Column').length === 0, 'hidden over a paragraph');
      await hover(cell(el, 0, 0));
      await handlesOn(el, 0, 0);
      const box = el.getBoundingClientRect();
      await sendMouse({ type: 'move', position: [Math.round(box.right + 40), Math.round(box.bottom + 60)] });
      await until(() => handles(el, 'Row').length === 0, 'hidden outside the editor');
    });

    it('keeps the handles while the mouse moves onto them', async () => {
      const el = await mount();
      await hover(cell(el, 2, 1));
      await handlesOn(el, 2, 1);
      await sendMouse({ type: 'move', position: centre(handles(el, 'Row')[0]) });
      await nextFrame();
      await handlesOn(el, 2, 1);
      await sendMouse({ type: 'move', position: centre(handles(el, 'Column')[0]) });
      await nextFrame();
      await handlesOn(el, 2, 1);
    });

    it('is not rendered in read-only mode', async () => {
      const el = await mount();
      el.readonly = true;
      await el.updateComplete;
      await hover(cell(el, 1, 1));
      await nextFrame();
      expect(el.shadowRoot!.querySelector('rich-editor-table-controls')).to.equal(null);
    });

    it('shows the column resize handle (5 px) at a cell border', async () => {
      const el = await mount();
      const target = cell(el, 0, 0).getBoundingClientRect();
      await sendMouse({ type: 'move', position: [Math.round(target.right - 2), Math.round(target.top + target.height / 2)] });
      await sendMouse({ type: 'move', position: [Math.round(target.right - 1), Math.round(target.top + target.height / 2)] });
      await until(() => content(el).querySelector('.column-resize-handle'), 'the resize handle appears');
      const handle = content(el).querySelector<HTMLElement>('.column-resize-handle')!;
      expect(handle.checkVisibility()).to.equal(true);
      expect(handle.getBoundingClientRect().width).to.equal(5);
    });
  });

  describe('menus', () => {
    it('opens the row menu with the mouse and inserts a row below', async () => {
      const el = await mount();
      await openWithMouse(el, 'Row');
      expect(handles(el, 'Row')[0].getAttribute('aria-expanded')).to.equal('true');
      expect(menu(el)!.getAttribute('part')).to.equal('table-menu');
      expect(menu(el)!.getAttribute('aria-label')).to.equal('Row options');
      const labels = Array.from(menu(el)!.querySelectorAll('[role^="menuitem"]')).map((i) => i.textContent!.replace('✓', '').trim());
      expect(labels).to.deep.equal([
        'Insert row above', 'Insert row below', 'Delete row', 'Header row',
        'Blue', 'Orange', 'Grey', 'Yellow', 'Green', 'Red', 'Pink', 'Purple', 'None',
        'Delete table',
      ]);
      await click(item(el, 'Insert row below'));
      await until(() => !menu(el), 'the menu closes');
      expect(rows(el)).to.deep.equal([
        ['r0c0', 'r0c1', 'r0c2'],
        ['r1c0', 'r1c1', 'r1c2'],
        ['', '', ''],
        ['r2c0', 'r2c1', 'r2c2'],
      ]);
      content(el).focus();
      await pressWith('z', 'Control');
      expect(rows(el).length).to.equal(3);
    });

    it('opens the row menu with the keyboard: Enter, arrows with wrap-around, Enter', async () => {
      const el = await mount();
      await openWithKeyboard(el, 1, 2);
      await sendKeys({ press: 'ArrowUp' });
      expect(focused(el)).to.equal('Delete table');
      await sendKeys({ press: 'ArrowDown' });
      expect(focused(el)).to.equal('Insert row above');
      await sendKeys({ press: 'ArrowDown' });
      expect(focused(el)).to.equal('Insert row below');
      await sendKeys({ press: 'Enter' });
      await until(() => rows(el).length === 4, 'a row is inserted');
      expect(rows(el)[2]).to.deep.equal(['', '', '']);
      expect(menu(el)).to.equal(null);
    });

    it("reaches the caret's cell's handles with the keyboard alone: Alt+F10, the arrows between them, a row deleted, Escape back to the text", async () => {
      const el = await mount();
      const view = el.editorView!;
      await handlesByKeys(el);
      await handlesOn(el, 2, 0);
      await sendKeys({ press: 'ArrowRight' });
      expect(handleFocused(el)).to.equal('Column options');
      await sendKeys({ press: 'ArrowLeft' });
      expect(handleFocused(el)).to.equal('Row options');
      await sendKeys({ press: 'Enter' });
      await until(() => focused(el) === 'Insert row above', 'the row menu open');
      for (let i = 0; i < 10 && focused(el) !== 'Delete row'; i++) await sendKeys({ press: 'ArrowDown' });
      await sendKeys({ press: 'Enter' });
      await until(() => rows(el).length === 2, 'the row deleted');
      expect(rows(el)).to.deep.equal([
        ['r0c0', 'r0c1', 'r0c2'],
        ['r1c0', 'r1c1', 'r1c2'],
      ]);
      expect(view.hasFocus(), 'focus back in the text').to.equal(true);
      expect(view.state.selection.$from.parent.textContent, 'the caret in the row now last').to.match(/^r1c/);

      await pressWith('F10', 'Alt');
      await until(() => handleFocused(el) === 'Row options', 'the row handle focused again', { saw: () => handleFocused(el) });
      const caret = view.state.selection.from;
      await sendKeys({ press: 'Escape' });
      await until(() => view.hasFocus(), 'focus back in the text on Escape');
      expect(view.state.selection.from).to.equal(caret);
      expect(handles(el, 'Row')).to.have.length(0);
    });

    it('keeps the handles a keyboard user is on when the mouse moves off the table or over another cell', async () => {
      const el = await mount();
      const view = el.editorView!;
      await handlesByKeys(el);
      // A pointer resting on the page moves under the keyboard user (a jostled mouse; the layout moving beneath it).
      await hover(content(el).querySelector(':scope > p:last-child')!);
      await hover(cell(el, 0, 1));
      await (el.shadowRoot!.querySelector('rich-editor-table-controls') as LitElement).updateComplete;
      expect(handleFocused(el)).to.equal('Row options');
      await handlesOn(el, 2, 0);
      // Once focus is back in the text, the mouse leads again.
      await sendKeys({ press: 'Escape' });
      await until(() => view.hasFocus(), 'focus back in the text on Escape');
      await hover(cell(el, 1, 1));
      await handlesOn(el, 1, 1);
      // A handle opened and closed by clicks (focused by them in Chromium) lets the mouse lead too.
      await click(handles(el, 'Row')[0]);
      await until(() => menu(el), 'the row menu open');
      await click(handles(el, 'Row')[0]);
      await until(() => !menu(el), 'the row menu closed');
      await hover(cell(el, 0, 2));
      await handlesOn(el, 0, 2);
    });

    it('leaves Alt+F10 alone outside a table', async () => {
      const el = await mount();
      await click(content(el).querySelector(':scope > p:last-child')!);
      const view = el.editorView!;
      await until(() => view.hasFocus() && view.state.selection.$from.parent.textContent === 'After', 'the caret in the paragraph after the table');
      // A click soon after the last test's at the same place is a double click in WebKit: the
      // word it selects has a selection toolbar, which takes Alt+F10. End leaves a caret.
      await sendKeys({ press: 'End' });
      await until(() => view.state.selection.empty, 'a caret, no text selected');
      await pressWith('F10', 'Alt');
      expect(view.hasFocus()).to.equal(true);
      expect(handles(el, 'Row')).to.have.length(0);
    });

    it('keeps the handles on the hovered cell when its row is coloured from the keyboard', async () => {
      const el = await mount();
      await openWithKeyboard(el, 1, 2);
      for (let i = 0; i < 20 && focused(el)?.replace('✓', '').trim() !== 'Blue'; i++) await sendKeys({ press: 'ArrowDown' });
      await sendKeys({ press: 'Enter' });
      await until(() => rowColours(el)[1] === '#d6e4fc', 'the row is blue');
      // The coloured row is a new element holding the same cells: the handles stay with the cell, the mouse unmoved.
      await handlesOn(el, 1, 2);
      expect(menu(el)).to.equal(null);
    });

    it('closes on Escape and gives focus back to the handle', async () => {
      const el = await mount();
      await hover(cell(el, 0, 0));
      await handlesOn(el, 0, 0);
      handles(el, 'Column')[0].focus();
      await sendKeys({ press: 'ArrowDown' });
      await until(() => focused(el) === 'Insert column left', 'the menu opens on ArrowDown');
      await sendKeys({ press: 'Escape' });
      await until(() => !menu(el), 'closed');
      expect(controlsRoot(el).activeElement).to.equal(handles(el, 'Column')[0]);
      expect(handles(el, 'Column')[0].getAttribute('aria-expanded')).to.equal('false');
      expect(rows(el)).to.have.length(3);
    });

    it('deletes the hovered column', async () => {
      const el = await mount();
      await openWithMouse(el, 'Column');
      await click(item(el, 'Delete column'));
      await until(() => rows(el)[0].length === 2, 'a column is gone');
      expect(rows(el)).to.deep.equal([
        ['r0c0', 'r0c1'],
        ['r1c0', 'r1c1'],
        ['r2c0', 'r2c1'],
      ]);
    });

    it('toggles the header row on and off', async () => {
      const el = await mount();
      await openWithMouse(el, 'Row');
      expect(item(el, 'Header row').getAttribute('role')).to.equal('menuitemcheckbox');
      expect(item(el, 'Header row').getAttribute('aria-checked')).to.equal('false');
      await click(item(el, 'Header row'));
      await until(() => rows(el)[0][0] === 'th:r0c0', 'the first row is a header');
      expect(rows(el)[0]).to.deep.equal(['th:r0c0', 'th:r0c1', 'th:r0c2']);
      expect(rows(el)[1]).to.deep.equal(['r1c0', 'r1c1', 'r1c2']);
      await openWithMouse(el, 'Row');
      expect(item(el, 'Header row').getAttribute('aria-checked')).to.equal('true');
      await click(item(el, 'Header row'));
      await until(() => rows(el)[0][0] === 'r0c0', 'the header is gone');
    });

    it('colours the row Blue and clears it with None', async () => {
      const el = await mount();
      await openWithMouse(el, 'Row');
      expect(item(el, 'Blue').getAttribute('role')).to.equal('menuitemradio');
      expect(item(el, 'None').getAttribute('aria-checked')).to.equal('true');
      await click(item(el, 'Blue'));
      await until(() => rowColours(el)[1] === '#d6e4fc', 'the row is blue');
      expect(rowColours(el)).to.deep.equal([null, '#d6e4fc', null]);
      expect(getComputedStyle(content(el).querySelectorAll('tr')[1]).backgroundColor).to.equal('rgb(214, 228, 252)');
      await openWithMouse(el, 'Row');
      expect(item(el, 'Blue').getAttribute('aria-checked')).to.equal('true');
      expect(item(el, 'None').getAttribute('aria-checked')).to.equal('false');
      await click(item(el, 'None'));
      await until(() => rowColours(el)[1] === null, 'the colour is cleared');
      expect(el.getHTML()).not.to.contain('data-background');
    });

    it('colours the hovered column', async () => {
      const el = await mount();
      await openWithMouse(el, 'Column', 0, 1);
      await click(item(el, 'Green'));
      await until(() => el.getHTML().includes('#d3f1dc'), 'the column is green');
      const parsed = new DOMParser().parseFromString(el.getHTML(), 'text/html');
      const colours = Array.from(parsed.querySelectorAll('tr')).map((tr) => Array.from(tr.children).map((c) => c.getAttribute('data-background')));
      expect(colours).to.deep.equal([
        [null, '#d3f1dc', null],
        [null, '#d3f1dc', null],
        [null, '#d3f1dc', null],
      ]);
    });

    it('deletes the table', async () => {
      const el = await mount();
      await openWithMouse(el, 'Column');
      await click(item(el, 'Delete table'));
      await until(() => !el.getHTML().includes('<table'), 'the table is gone');
      expect(el.getHTML()).to.equal('<p>After</p>');
      await until(() => handles(el, 'Row').length === 0, 'the handles go with it');
    });

    it('passes an axe check with a menu open', async () => {
      const el = await mount();
      await openWithMouse(el, 'Row');
      expect(await axeViolations(el), 'row menu').to.deep.equal([]);
      await sendKeys({ press: 'Escape' });
      await openWithMouse(el, 'Column');
      expect(await axeViolations(el), 'column menu').to.deep.equal([]);
    });
  });
});
