import { expect } from '@open-wc/testing';
import { Fragment, type Node as PMNode } from 'prosemirror-model';
import { EditorState, TextSelection } from 'prosemirror-state';
import { CellSelection } from 'prosemirror-tables';
import { paragraphsOf, setCellTypes, toggleHeaderColumn, toggleHeaderRow } from '../../../src/core/commands/table.js';
import { schema } from '../../../src/core/schema/index.js';
import { parseHTML } from '../../../src/core/serialize/html.js';
import { mountEditor, type TestEditor } from '../../helpers/editor.js';
import { caretCell, caretInCell, cellPos, cellTags, firstTable, grid, run, tableHTML } from './table-helpers.js';

/** The block types inside the cell at (row, column) of the first table. */
function blockTypes(doc: PMNode, row: number, column: number): string[] {
  const cell = doc.nodeAt(cellPos(doc, row, column))!;
  const types: string[] = [];
  cell.forEach((block) => types.push(block.type.name));
  return types;
}

describe('table header row and column', () => {
  let editor: TestEditor | null = null;
  afterEach(() => {
    editor?.destroy();
    editor = null;
  });

  const mount = (html: string) => (editor = mountEditor(html));
  const view = () => editor!.view;
  const doc = () => editor!.view.state.doc;

  it('toggleHeaderRow turns the first row into header cells and back', () => {
    mount(tableHTML([['a', 'b'], ['c', 'd']]));
    caretInCell(view(), 0, 0);
    expect(run(view(), toggleHeaderRow)).to.equal(true);
    expect(cellTags(doc())).to.deep.equal([['th', 'th'], ['td', 'td']]);
    expect(run(view(), toggleHeaderRow)).to.equal(true);
    expect(cellTags(doc())).to.deep.equal([['td', 'td'], ['td', 'td']]);
    expect(grid(doc())).to.deep.equal([['a', 'b'], ['c', 'd']]);
  });

  it('toggleHeaderRow works on the first row wherever the caret is in the table', () => {
    mount(tableHTML([['a', 'b'], ['c', 'd']]));
    caretInCell(view(), 1, 1);
    expect(run(view(), toggleHeaderRow)).to.equal(true);
    expect(cellTags(doc())).to.deep.equal([['th', 'th'], ['td', 'td']]);
    expect(caretCell(view())).to.deep.equal([1, 1]);
  });

  it('toggleHeaderRow over a cell holding a list keeps its text in paragraphs', () => {
    mount('<table><tr><td><ul><li><p>one</p></li><li><p>two</p><ul><li><p>three</p></li></ul></li></ul></td><td><p>b</p></td></tr><tr><td><p>c</p></td><td><p>d</p></td></tr></table>');
    caretInCell(view(), 0, 1);
    expect(run(view(), toggleHeaderRow)).to.equal(true);
    expect(cellTags(doc())).to.deep.equal([['th', 'th'], ['td', 'td']]);
    expect(blockTypes(doc(), 0, 0)).to.deep.equal(['paragraph', 'paragraph', 'paragraph']);
    const cell = doc().nodeAt(cellPos(doc(), 0, 0))!;
    expect(cell.textBetween(0, cell.content.size, '|')).to.equal('one|two|three');
    expect(grid(doc())[0][1]).to.equal('b');
  });

  it('toggleHeaderColumn over quotes, code, headings, images and nested tables keeps every text', () => {
    // A local image: the editor renders it, and a made-up address would be a failed request.
    const src = URL.createObjectURL(new Blob(['<svg xmlns="http://www.w3.org/2000/svg"/>'], { type: 'image/svg+xml' }));
    mount(
      '<table>' +
        '<tr><td><blockquote><p>quoted</p></blockquote></td><td><p>x</p></td></tr>' +
        '<tr><td><pre><code>line 1\nline 2</code></pre></td><td><p>y</p></td></tr>' +
        `<tr><td><h2>title <strong>bold</strong></h2><img src="${src}"><hr></td><td><p>z</p></td></tr>` +
        `<tr><td>${tableHTML([['n1', 'n2']])}</td><td><p>w</p></td></tr>` +
        '</table>',
    );
    expect(blockTypes(doc(), 2, 0)).to.deep.equal(['heading', 'image', 'horizontal_rule']);
    caretInCell(view(), 0, 1);
    expect(run(view(), toggleHeaderColumn)).to.equal(true);
    expect(cellTags(doc()).map((row) => row[0])).to.deep.equal(['th', 'th', 'th', 'th']);
    expect(blockTypes(doc(), 0, 0)).to.deep.equal(['paragraph']);
    expect(grid(doc()).map((row) => row[0])).to.deep.equal(['quoted', 'line 1\nline 2', 'title bold', 'n1n2']);
    const code = doc().nodeAt(cellPos(doc(), 1, 0))!.firstChild!;
    expect(code.child(1).type.name).to.equal('hard_break');
    const heading = doc().nodeAt(cellPos(doc(), 2, 0))!;
    expect(blockTypes(doc(), 2, 0)).to.deep.equal(['paragraph']);
    expect(heading.firstChild!.lastChild!.marks.map((m) => m.type.name)).to.deep.equal(['bold']);
    expect(blockTypes(doc(), 3, 0)).to.deep.equal(['paragraph', 'paragraph']);
    expect(grid(doc()).map((row) => row[1])).to.deep.equal(['x', 'y', 'z', 'w']);
  });

  it('toggleHeaderColumn keeps the header row corner while the header row is on', () => {
    mount(tableHTML([['a', 'b'], ['c', 'd']]));
    caretInCell(view(), 1, 1);
    run(view(), toggleHeaderRow);
    run(view(), toggleHeaderColumn);
    expect(cellTags(doc())).to.deep.equal([['th', 'th'], ['th', 'td']]);
    run(view(), toggleHeaderColumn);
    expect(cellTags(doc())).to.deep.equal([['th', 'th'], ['td', 'td']]);
  });

  it('toggleHeaderRow keeps cell attributes (colours, widths, spans)', () => {
    mount('<table><tr><td colspan="2" data-colwidth="120,130" data-background="#d6e4fc"><p>a</p></td></tr><tr><td><p>b</p></td><td><p>c</p></td></tr></table>');
    caretInCell(view(), 0, 0);
    run(view(), toggleHeaderRow);
    const cell = doc().nodeAt(cellPos(doc(), 0, 0))!;
    expect(cell.type.name).to.equal('table_header');
    expect(cell.attrs).to.deep.include({ colspan: 2, colwidth: [120, 130], background: '#d6e4fc' });
  });

  it('header toggles keep a cell selection on the same cells', () => {
    mount(tableHTML([['a', 'b'], ['c', 'd']]));
    view().dispatch(view().state.tr.setSelection(CellSelection.create(doc(), cellPos(doc(), 0, 0), cellPos(doc(), 1, 1))));
    run(view(), toggleHeaderColumn);
    expect(view().state.selection).to.be.instanceOf(CellSelection);
    expect(cellTags(doc())).to.deep.equal([['th', 'td'], ['th', 'td']]);
  });

  it('header toggles are refused outside a table', () => {
    mount(`<p>text</p>${tableHTML([['a']])}`);
    caretInCell(view(), 0, 0);
    view().dispatch(view().state.tr.setSelection(TextSelection.create(doc(), 1)));
    expect(toggleHeaderRow(view().state)).to.equal(false);
    expect(toggleHeaderColumn(view().state)).to.equal(false);
  });

  it('setCellTypes turns header cells back into ordinary cells without touching their paragraphs', () => {
    const tr = EditorState.create({ doc: parseHTML('<table><tr><th><p>a</p><p>b</p></th></tr></table>') }).tr;
    const pos = cellPos(tr.doc, 0, 0);
    setCellTypes(tr, [pos], schema.nodes.table_cell);
    tr.doc.check();
    const cell = tr.doc.nodeAt(pos)!;
    expect(cell.type.name).to.equal('table_cell');
    expect(cell.childCount).to.equal(2);
    expect(firstTable(tr.doc).table.textContent).to.equal('ab');
  });

  it('paragraphsOf gives one empty paragraph for content without text blocks', () => {
    const image = schema.nodes.image.create({ src: '/a.png' });
    const result = paragraphsOf(Fragment.from([image, schema.nodes.horizontal_rule.create()]), schema.nodes.paragraph);
    expect(result.childCount).to.equal(1);
    expect(result.firstChild!.type.name).to.equal('paragraph');
    expect(result.firstChild!.childCount).to.equal(0);
  });
});
