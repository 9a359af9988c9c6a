import { expect } from '@open-wc/testing';
import { Slice } from 'prosemirror-model';
import { TextSelection } from 'prosemirror-state';
import { CellSelection } from 'prosemirror-tables';
import { cellsToText } from '../../../src/core/plugins/clipboard-text.js';
import { parseHTML } from '../../../src/core/serialize/html.js';
import { mountEditor, type TestEditor } from '../../helpers/editor.js';
import { caretInCell, cellPos, firstTable, grid } from '../commands/table-helpers.js';
import { clipboardEvent, copyFrom, type Copied } from '../../helpers/clipboard.js';

/** Fires a real `copy` event on the editor and returns what it put on the clipboard. */
function copy(editor: TestEditor): Copied {
  const copied = copyFrom(editor.view.dom);
  expect(copied.handled, 'the editor handled the copy').to.equal(true);
  return copied;
}

/** Fires a real `paste` event carrying the given HTML and text. */
function paste(editor: TestEditor, html: string, text: string): void {
  const clipboardData = new DataTransfer();
  clipboardData.setData('text/html', html);
  clipboardData.setData('text/plain', text);
  editor.view.dom.dispatchEvent(clipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
}

const TABLE =
  '<table>' +
  '<tr><td><p>a</p></td><td data-background="#d6e4fc" data-colwidth="150"><p>b</p><p>b2</p></td><td><p>c</p></td></tr>' +
  '<tr><td colspan="2"><ul data-type="taskList"><li data-type="taskItem" data-checked="true"><p>wide</p></li></ul></td><td><p>f</p></td></tr>' +
  '<tr><td><p>g</p></td><td><p>h</p></td><td><p>i</p></td></tr>' +
  '</table><p>after</p>';

describe('copying table cells', () => {
  const editors: TestEditor[] = [];
  afterEach(() => editors.splice(0).forEach((editor) => editor.destroy()));

  function mount(html: string): TestEditor {
    const editor = mountEditor(html);
    editors.push(editor);
    return editor;
  }

  function selectCells(editor: TestEditor, from: [number, number], to: [number, number]): void {
    const { view } = editor;
    const doc = view.state.doc;
    view.dispatch(view.state.tr.setSelection(CellSelection.create(doc, cellPos(doc, ...from), cellPos(doc, ...to))));
  }

  it('puts tab-separated rows on the clipboard as text, a merged cell keeping its columns', () => {
    const editor = mount(TABLE);
    selectCells(editor, [0, 0], [1, 2]);
    expect(copy(editor).text).to.equal('a\tb b2\tc\nwide\t\tf');
  });

  it('copying every cell gives the whole table as text', () => {
    const editor = mount(TABLE);
    selectCells(editor, [0, 0], [2, 2]);
    expect(copy(editor).text).to.equal('a\tb b2\tc\nwide\t\tf\ng\th\ti');
  });

  it('puts clean HTML on the clipboard: no editable flags, handles, selection classes or wrapper', () => {
    const editor = mount(TABLE);
    selectCells(editor, [0, 0], [1, 2]);
    expect(editor.view.dom.innerHTML, 'the editor itself shows a selection and a to-do checkbox').to.contain('selectedCell');
    const { html } = copy(editor);
    expect(html).to.contain('<table');
    expect(html).not.to.match(/contenteditable|column-resize|selectedCell|tableWrapper|<colgroup|ProseMirror/);
    expect(html).to.contain('data-background="#d6e4fc"');
    expect(html).to.contain('data-colwidth="150"');
  });

  it('the copied HTML parses back into the same cells', () => {
    const editor = mount(TABLE);
    selectCells(editor, [0, 0], [2, 2]);
    const { html } = copy(editor);
    const original = firstTable(editor.view.state.doc).table;
    expect(firstTable(parseHTML(html)).table.toJSON()).to.deep.equal(original.toJSON());
  });

  it('pasting the copied cells into another table rebuilds them there', () => {
    const source = mount(TABLE);
    selectCells(source, [0, 0], [0, 1]);
    const { html, text } = copy(source);
    const target = mount('<table><tr><td><p>1</p></td><td><p>2</p></td></tr><tr><td><p>3</p></td><td><p>4</p></td></tr></table>');
    caretInCell(target.view, 0, 0);
    paste(target, html, text);
    const doc = target.view.state.doc;
    doc.check();
    expect(grid(doc)).to.deep.equal([
      ['a', 'bb2'],
      ['3', '4'],
    ]);
    const pasted = doc.nodeAt(cellPos(doc, 0, 1))!;
    expect(pasted.childCount).to.equal(2);
    expect(pasted.attrs).to.deep.include({ background: '#d6e4fc', colwidth: [150] });
  });

  it('text outside tables keeps ProseMirror’s own clipboard text', () => {
    const editor = mount('<p>one</p><p>two</p>');
    const { view } = editor;
    view.dispatch(view.state.tr.setSelection(TextSelection.create(view.state.doc, 1, 9)));
    expect(copy(editor).text).to.equal('one\n\ntwo');
    expect(cellsToText(view.state.doc.slice(1, 9))).to.equal(null);
    expect(cellsToText(Slice.empty)).to.equal(null);
  });
});
