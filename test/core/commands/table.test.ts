import { expect } from '@open-wc/testing';
import { CellSelection } from 'prosemirror-tables';
import {
  addColumnAfter,
  addColumnBefore,
  addRowAfter,
  addRowBefore,
  deleteColumn,
  deleteRow,
  deleteTable,
  insertTable,
} from '../../../src/core/commands/table.js';
import { serializeHTML } from '../../../src/core/serialize/html.js';
import { mountEditor, type TestEditor } from '../../helpers/editor.js';
import { caretCell, caretInCell, cellPos, cellTags, firstTable, grid, run, tableHTML } from './table-helpers.js';

describe('table commands: insert, rows, columns, delete', () => {
  let editor: TestEditor | null = null;
  afterEach(() => {
    editor?.destroy();
    editor = null;
  });

  const mount = (html: string, caret?: number) => (editor = mountEditor(html, { caret }));
  const view = () => editor!.view;
  const doc = () => editor!.view.state.doc;
  const twoByTwo = tableHTML([
    ['a', 'b'],
    ['c', 'd'],
  ]);

  it('insertTable puts a 3 x 3 table without header row in an empty paragraph, caret in the first cell', () => {
    mount('<p></p>', 1);
    expect(run(view(), insertTable)).to.equal(true);
    expect(doc().childCount).to.equal(1);
    expect(cellTags(doc())).to.deep.equal([
      ['td', 'td', 'td'],
      ['td', 'td', 'td'],
      ['td', 'td', 'td'],
    ]);
    firstTable(doc()).table.forEach((row) =>
      row.forEach((cell) => {
        expect(cell.childCount).to.equal(1);
        expect(cell.firstChild!.type.name).to.equal('paragraph');
        expect(cell.firstChild!.childCount).to.equal(0);
      }),
    );
    expect(caretCell(view())).to.deep.equal([0, 0]);
    expect(view().state.selection.empty).to.equal(true);
  });

  it('insertTable in the middle of a paragraph splits it around the table', () => {
    mount('<p>abcd</p>', 3);
    expect(run(view(), insertTable)).to.equal(true);
    expect(doc().child(0).textContent).to.equal('ab');
    expect(doc().child(1).type.name).to.equal('table');
    expect(doc().child(2).textContent).to.equal('cd');
    expect(caretCell(view())).to.deep.equal([0, 0]);
  });

  it('insertTable at the start of a paragraph still puts the caret in the new table', () => {
    mount('<p>abcd</p>', 1);
    expect(run(view(), insertTable)).to.equal(true);
    expect(grid(doc())).to.have.length(3);
    expect(caretCell(view())).to.deep.equal([0, 0]);
    expect(doc().textContent).to.equal('abcd');
  });

  it('insertTable is refused inside a table, with or without dispatch', () => {
    mount(twoByTwo);
    caretInCell(view(), 1, 1);
    const before = doc();
    expect(insertTable(view().state)).to.equal(false);
    expect(run(view(), insertTable)).to.equal(false);
    expect(doc().eq(before)).to.equal(true);
  });

  it('insertTable is refused over a cell selection and inside a code block', () => {
    mount(twoByTwo);
    view().dispatch(view().state.tr.setSelection(CellSelection.create(doc(), cellPos(doc(), 0, 0), cellPos(doc(), 1, 1))));
    expect(run(view(), insertTable)).to.equal(false);
    editor!.destroy();
    mount('<pre><code>x</code></pre>', 2);
    expect(insertTable(view().state)).to.equal(false);
  });

  it('addRowBefore adds an empty row above the caret row', () => {
    mount(twoByTwo);
    caretInCell(view(), 1, 0);
    expect(run(view(), addRowBefore)).to.equal(true);
    expect(grid(doc())).to.deep.equal([
      ['a', 'b'],
      ['', ''],
      ['c', 'd'],
    ]);
  });

  it('addRowAfter adds an empty row below the caret row', () => {
    mount(twoByTwo);
    caretInCell(view(), 0, 1);
    expect(run(view(), addRowAfter)).to.equal(true);
    expect(grid(doc())).to.deep.equal([
      ['a', 'b'],
      ['', ''],
      ['c', 'd'],
    ]);
  });

  it('deleteRow removes the caret row', () => {
    mount(twoByTwo);
    caretInCell(view(), 0, 1);
    expect(run(view(), deleteRow)).to.equal(true);
    expect(grid(doc())).to.deep.equal([['c', 'd']]);
  });

  it('deleteRow is refused when every row is selected, before dispatching too', () => {
    mount(twoByTwo);
    view().dispatch(view().state.tr.setSelection(CellSelection.create(doc(), cellPos(doc(), 0, 0), cellPos(doc(), 1, 0))));
    expect(deleteRow(view().state)).to.equal(false);
    expect(run(view(), deleteRow)).to.equal(false);
    expect(grid(doc())).to.have.length(2);
  });

  it('addColumnBefore adds an empty column left of the caret column', () => {
    mount(twoByTwo);
    caretInCell(view(), 0, 1);
    expect(run(view(), addColumnBefore)).to.equal(true);
    expect(grid(doc())).to.deep.equal([
      ['a', '', 'b'],
      ['c', '', 'd'],
    ]);
  });

  it('addColumnAfter adds an empty column right of the caret column', () => {
    mount(twoByTwo);
    caretInCell(view(), 1, 1);
    expect(run(view(), addColumnAfter)).to.equal(true);
    expect(grid(doc())).to.deep.equal([
      ['a', 'b', ''],
      ['c', 'd', ''],
    ]);
  });

  it('deleteColumn removes the caret column', () => {
    mount(twoByTwo);
    caretInCell(view(), 1, 0);
    expect(run(view(), deleteColumn)).to.equal(true);
    expect(grid(doc())).to.deep.equal([['b'], ['d']]);
  });

  it('deleteColumn is refused when every column is selected, before dispatching too', () => {
    mount(twoByTwo);
    view().dispatch(view().state.tr.setSelection(CellSelection.create(doc(), cellPos(doc(), 0, 0), cellPos(doc(), 0, 1))));
    expect(deleteColumn(view().state)).to.equal(false);
    expect(run(view(), deleteColumn)).to.equal(false);
    expect(grid(doc())).to.deep.equal([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });

  it('deleteTable removes the whole table and keeps the blocks around it', () => {
    mount(`<p>before</p>${twoByTwo}<p>after</p>`);
    caretInCell(view(), 1, 1);
    expect(run(view(), deleteTable)).to.equal(true);
    expect(serializeHTML(doc())).to.equal('<p>before</p><p>after</p>');
  });

  it('every table command is refused outside a table', () => {
    mount(`<p>text</p>${twoByTwo}`, 2);
    for (const command of [addRowBefore, addRowAfter, deleteRow, addColumnBefore, addColumnAfter, deleteColumn, deleteTable]) {
      expect(command(view().state)).to.equal(false);
      expect(run(view(), command)).to.equal(false);
    }
    expect(grid(doc())).to.deep.equal([
      ['a', 'b'],
      ['c', 'd'],
    ]);
  });
});
