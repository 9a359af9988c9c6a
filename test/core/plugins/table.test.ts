import { expect } from '@open-wc/testing';
import { sendKeys, sendMouse } from '@web/test-runner-commands';
import { keymap } from 'prosemirror-keymap';
import { CellSelection, tableEditingKey } from 'prosemirror-tables';
import type { EditorView } from 'prosemirror-view';
import { serializeHTML } from '../../../src/core/serialize/html.js';
import { schema } from '../../../src/core/schema/index.js';
import { loggedKey, tablePlugins } from '../../../src/core/plugins/table.js';
import { clipboardEvent } from '../../helpers/clipboard.js';
import { captureLog } from '../../helpers/log.js';
import { mountEditor, nextFrame, pressWith, type TestEditor } from '../../helpers/editor.js';
import { caretCell, caretInCell, cellPos, cellTags, grid, tableHTML } from '../commands/table-helpers.js';

describe('table keys', () => {
  let editor: TestEditor | null = null;
  afterEach(() => {
    // Whatever a key or drag did, the document must still be valid for the schema.
    editor?.view.state.doc.check();
    editor?.destroy();
    editor = null;
  });

  const mount = (html: string) => (editor = mountEditor(html));
  const view = () => editor!.view;
  const doc = () => editor!.view.state.doc;
  const html = () => serializeHTML(doc());
  const twoByTwo = tableHTML([
    ['a', 'b'],
    ['c', 'd'],
  ]);

  it('Tab moves to the next cell, across rows, and Shift-Tab back', async () => {
    mount(twoByTwo);
    caretInCell(view(), 0, 0);
    await sendKeys({ press: 'Tab' });
    expect(caretCell(view())).to.deep.equal([0, 1]);
    await sendKeys({ press: 'Tab' });
    expect(caretCell(view())).to.deep.equal([1, 0]);
    await pressWith('Tab', 'Shift');
    expect(caretCell(view())).to.deep.equal([0, 1]);
    await pressWith('Tab', 'Shift');
    expect(caretCell(view())).to.deep.equal([0, 0]);
    doc().check();
  });

  it('Tab selects the next cell text, so typing replaces it', async () => {
    mount(twoByTwo);
    caretInCell(view(), 0, 0);
    await sendKeys({ press: 'Tab' });
    await sendKeys({ type: 'X' });
    expect(grid(doc())).to.deep.equal([
      ['a', 'X'],
      ['c', 'd'],
    ]);
  });

  it('Tab in the last cell adds a row below and puts the caret in its first cell', async () => {
    mount(`${twoByTwo}<p>after</p>`);
    caretInCell(view(), 1, 1, 'end');
    await sendKeys({ press: 'Tab' });
    expect(caretCell(view())).to.deep.equal([2, 0]);
    await sendKeys({ type: 'new' });
    expect(grid(doc())).to.deep.equal([
      ['a', 'b'],
      ['c', 'd'],
      ['new', ''],
    ]);
    expect(doc().lastChild!.textContent).to.equal('after');
    expect(view().hasFocus()).to.equal(true);
  });

  it('Tab in the last cell under a header row adds a row of ordinary cells', async () => {
    mount('<table><tr><th><p>h1</p></th><th><p>h2</p></th></tr></table>');
    caretInCell(view(), 0, 1, 'end');
    await sendKeys({ press: 'Tab' });
    expect(cellTags(doc())).to.deep.equal([
      ['th', 'th'],
      ['td', 'td'],
    ]);
    expect(caretCell(view())).to.deep.equal([1, 0]);
  });

  it('Shift-Tab in the first cell leaves the table, the text and the caret as they are', async () => {
    mount(`<p>before</p>${twoByTwo}`);
    caretInCell(view(), 0, 0, 'end');
    const before = doc();
    await pressWith('Tab', 'Shift');
    expect(doc()).to.equal(before);
    expect(caretCell(view())).to.deep.equal([0, 0]);
    expect(view().hasFocus()).to.equal(true);
    await sendKeys({ type: '!' });
    expect(grid(doc())[0][0]).to.equal('a!');
    expect(doc().firstChild!.textContent).to.equal('before');
  });

  it('Tab in a list inside a cell nests the item instead of leaving the cell', async () => {
    mount('<table><tr><td><ul><li><p>one</p></li><li><p>two</p></li></ul></td><td><p>b</p></td></tr></table>');
    caretInCell(view(), 0, 0, 'end');
    await sendKeys({ press: 'Tab' });
    expect(caretCell(view())).to.deep.equal([0, 0]);
    expect(html()).to.contain('<ul><li><p>one</p><ul><li><p>two</p></li></ul></li></ul>');
  });

  it('Tab in a code block inside a cell inserts a tab', async () => {
    mount('<table><tr><td><pre><code>x</code></pre></td><td><p>b</p></td></tr></table>');
    caretInCell(view(), 0, 0, 'end');
    await sendKeys({ press: 'Tab' });
    expect(caretCell(view())).to.deep.equal([0, 0]);
    expect(grid(doc())[0][0]).to.equal('x\t');
  });

  it('Arrow Down in the last row of a table that ends the document creates a paragraph below', async () => {
    mount(`<p>top</p>${twoByTwo}`);
    caretInCell(view(), 1, 0, 'end');
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ type: 'below' });
    expect(doc().childCount).to.equal(3);
    expect(doc().lastChild!.type.name).to.equal('paragraph');
    expect(doc().lastChild!.textContent).to.equal('below');
    expect(grid(doc())).to.deep.equal([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    doc().check();
  });

  it('Arrow Down in the last row moves to the block after the table without adding one', async () => {
    mount(`${twoByTwo}<p>after</p>`);
    caretInCell(view(), 1, 1, 'end');
    await sendKeys({ press: 'ArrowDown' });
    await sendKeys({ type: '!' });
    expect(doc().childCount).to.equal(2);
    expect(doc().lastChild!.textContent).to.match(/^!after$|^after!$/);
  });

  it('Arrow Up in the first row of a table that starts the document creates a paragraph above', async () => {
    mount(`${twoByTwo}<p>bottom</p>`);
    caretInCell(view(), 0, 1);
    await sendKeys({ press: 'ArrowUp' });
    await sendKeys({ type: 'above' });
    expect(doc().firstChild!.type.name).to.equal('paragraph');
    expect(doc().firstChild!.textContent).to.equal('above');
    expect(doc().child(1).type.name).to.equal('table');
    doc().check();
  });

  it('Arrow Up in the first row moves to the block before the table', async () => {
    mount(`<p>before</p>${twoByTwo}`);
    caretInCell(view(), 0, 0);
    await sendKeys({ press: 'ArrowUp' });
    await sendKeys({ type: '!' });
    expect(doc().childCount).to.equal(2);
    expect(doc().firstChild!.textContent).to.match(/^!before$|^before!$/);
  });

  it('Arrow Down inside the table moves to the cell below and stays in the table', async () => {
    mount(twoByTwo);
    caretInCell(view(), 0, 1, 'end');
    await sendKeys({ press: 'ArrowDown' });
    expect(caretCell(view())).to.deep.equal([1, 1]);
    expect(doc().childCount).to.equal(1);
  });

  it('Backspace on a full cell selection clears the cells and keeps the table', async () => {
    mount(twoByTwo);
    view().dispatch(view().state.tr.setSelection(CellSelection.create(doc(), cellPos(doc(), 0, 0), cellPos(doc(), 1, 1))));
    await sendKeys({ press: 'Backspace' });
    expect(grid(doc())).to.deep.equal([
      ['', ''],
      ['', ''],
    ]);
    expect(cellTags(doc())).to.deep.equal([
      ['td', 'td'],
      ['td', 'td'],
    ]);
    doc().check();
  });

  it('Delete on a cell selection clears only the selected cells', async () => {
    mount(twoByTwo);
    view().dispatch(view().state.tr.setSelection(CellSelection.create(doc(), cellPos(doc(), 0, 1), cellPos(doc(), 1, 1))));
    await sendKeys({ press: 'Delete' });
    await nextFrame();
    expect(grid(doc())).to.deep.equal([
      ['a', ''],
      ['c', ''],
    ]);
  });

  it('typing over a cell selection clears the cells and types into the one the selection ended in', async () => {
    mount(twoByTwo);
    view().dispatch(view().state.tr.setSelection(CellSelection.create(doc(), cellPos(doc(), 0, 1), cellPos(doc(), 1, 1))));
    await sendKeys({ type: 'XY' });
    expect(grid(doc())).to.deep.equal([
      ['a', ''],
      ['c', 'XY'],
    ]);
    expect(caretCell(view())).to.deep.equal([1, 1]);
  });

  describe('a selection across a table\'s edge', () => {
    /** The viewport point at the start (or end) of the `index`th character of the text at `pos`. */
    function pointAt(pos: number, index: number, side: 'start' | 'end'): [number, number] {
      const text = view().domAtPos(pos).node.firstChild as Text;
      const range = document.createRange();
      range.setStart(text, index);
      range.setEnd(text, index + 1);
      const rect = range.getBoundingClientRect();
      return [Math.round(side === 'start' ? rect.left + 1 : rect.right - 1), Math.round(rect.top + rect.height / 2)];
    }

    /**
     * Selects from before the last letter of the paragraph before the table to the end of its
     * first cell's text by dragging the mouse, as a mouse makes such a selection (the keys take a
     * table whole: block-edges.test.ts). Each test's paragraph has a length of its own: a press
     * where the test before pressed reaches WebKit as a double click.
     */
    async function selectIntoFirstCell(): Promise<void> {
      const cell = cellPos(doc(), 0, 0);
      const cellText = doc().nodeAt(cell)!.textContent;
      const lead = doc().firstChild!.textContent.length;
      await sendMouse({ type: 'move', position: pointAt(1, lead - 1, 'start') });
      await sendMouse({ type: 'down' });
      await sendMouse({ type: 'move', position: pointAt(cell + 2, cellText.length - 1, 'end') });
      await sendMouse({ type: 'move', position: pointAt(cell + 2, cellText.length - 1, 'end').map((n, i) => (i === 0 ? n + 1 : n)) as [number, number] });
      await sendMouse({ type: 'up' });
      expect(view().state.selection.anchor, 'the selection starts before the paragraph\'s last letter').to.equal(lead);
      expect(view().state.selection.head, 'the selection ends at the end of the first cell\'s text').to.equal(cell + doc().nodeAt(cell)!.nodeSize - 2);
    }

    it('deleted, keeps every cell: a one-row table keeps its columns', async () => {
      mount(`<p>abc</p>${tableHTML([['xy', 'z']])}`);
      await selectIntoFirstCell();
      await sendKeys({ press: 'Backspace' });
      expect(doc().firstChild!.textContent).to.equal('ab');
      expect(grid(doc())).to.deep.equal([['', 'z']]);
      await sendKeys({ type: '#' });
      expect(doc().firstChild!.textContent).to.equal('ab#');
    });

    it('typed over, empties the cells it covers and types where it started', async () => {
      mount(`<p>abcdef</p>${tableHTML([['xy', 'z']])}`);
      await selectIntoFirstCell();
      await sendKeys({ type: '#' });
      expect(doc().firstChild!.textContent).to.equal('abcde#');
      expect(grid(doc())).to.deep.equal([['', 'z']]);
    });

    it('cut, puts what it covers on the clipboard and keeps every cell', async () => {
      mount(`<p>abcdefghi</p>${tableHTML([['xy', 'z']])}`);
      await selectIntoFirstCell();
      const clipboardData = new DataTransfer();
      const cut = clipboardEvent('cut', { clipboardData, bubbles: true, cancelable: true });
      view().dom.dispatchEvent(cut);
      expect(cut.defaultPrevented, 'the editor handled the cut').to.equal(true);
      expect(clipboardData.getData('text/plain')).to.include('i').and.include('xy');
      expect(doc().firstChild!.textContent).to.equal('abcdefgh');
      expect(grid(doc())).to.deep.equal([['', 'z']]);
    });
  });

  it('a table key that throws is logged and the editor keeps working', async () => {
    const failing = keymap({ 'Mod-q': loggedKey('Mod-q', () => { throw new Error('boom'); }) });
    editor = mountEditor(twoByTwo, { plugins: [failing] });
    caretInCell(view(), 0, 0, 'end');
    const { entries, restore } = captureLog();
    try {
      await pressWith('q', 'Control');
    } finally {
      restore();
    }
    expect(entries.map((e) => [e.level, e.message, (e.cause as Error).message])).to.deep.equal([['error', 'Table key Mod-q failed', 'boom']]);
    await sendKeys({ type: '!' });
    expect(grid(doc())[0][0]).to.equal('a!');
  });

  it('errors in the cell-selection key handler are logged, not thrown', () => {
    const editing = tablePlugins(schema).find((plugin) => plugin.spec.key === tableEditingKey)!;
    const broken = {
      get state(): never {
        throw new Error('broken view');
      },
    } as unknown as EditorView;
    const { entries, restore } = captureLog();
    let handled: boolean | void;
    try {
      handled = editing.props.handleKeyDown!.call(editing, broken, new KeyboardEvent('keydown', { key: 'ArrowLeft' }));
    } finally {
      restore();
    }
    expect(handled).to.equal(true);
    expect(entries.map((e) => [e.level, e.message])).to.deep.equal([['error', 'Table key ArrowLeft failed']]);
  });
});
