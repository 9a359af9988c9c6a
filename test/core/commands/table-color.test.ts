import { expect } from '@open-wc/testing';
import { CellSelection } from 'prosemirror-tables';
import { setColumnColor, setRowColor, tableColorAttrs } from '../../../src/core/commands/table.js';
import { serializeHTML } from '../../../src/core/serialize/html.js';
import { TABLE_COLORS } from '../../../src/core/url.js';
import { mountEditor, type TestEditor } from '../../helpers/editor.js';
import { caretInCell, cellPos, firstTable, run, tableHTML } from './table-helpers.js';

const BLUE = { background: '#d6e4fc', textColor: '#1f4fb4' };
const NONE = { background: null, textColor: null };

describe('table row and column colours', () => {
  let editor: TestEditor | null = null;
  afterEach(() => {
    editor?.destroy();
    editor = null;
  });

  const mount = (html: string) => (editor = mountEditor(html));
  const view = () => editor!.view;
  const doc = () => editor!.view.state.doc;
  const rowColors = () => {
    const colors: Array<{ background: unknown; textColor: unknown }> = [];
    firstTable(doc()).table.forEach((row) => colors.push({ background: row.attrs.background, textColor: row.attrs.textColor }));
    return colors;
  };
  const cellColors = (row: number, column: number) => {
    const { background, textColor } = doc().nodeAt(cellPos(doc(), row, column))!.attrs;
    return { background, textColor };
  };
  const threeByThree = tableHTML([
    ['a', 'b', 'c'],
    ['d', 'e', 'f'],
    ['g', 'h', 'i'],
  ]);

  it('setRowColor("Blue") gives the caret row the palette background and text colour', () => {
    mount(threeByThree);
    caretInCell(view(), 1, 2);
    expect(run(view(), setRowColor('Blue'))).to.equal(true);
    expect(rowColors()).to.deep.equal([NONE, BLUE, NONE]);
    expect(serializeHTML(doc())).to.contain('<tr data-background="#d6e4fc" data-text-color="#1f4fb4"');
  });

  it('setRowColor("None") clears the row colours', () => {
    mount(threeByThree);
    caretInCell(view(), 0, 0);
    run(view(), setRowColor('Blue'));
    expect(run(view(), setRowColor('None'))).to.equal(true);
    expect(rowColors()).to.deep.equal([NONE, NONE, NONE]);
    expect(serializeHTML(doc())).not.to.contain('data-background');
  });

  it('setRowColor colours every row of a cell selection', () => {
    mount(threeByThree);
    view().dispatch(view().state.tr.setSelection(CellSelection.create(doc(), cellPos(doc(), 1, 0), cellPos(doc(), 2, 1))));
    run(view(), setRowColor('Blue'));
    expect(rowColors()).to.deep.equal([NONE, BLUE, BLUE]);
  });

  it('setColumnColor("Blue") colours every cell of the caret column and no other', () => {
    mount(threeByThree);
    caretInCell(view(), 2, 1);
    expect(run(view(), setColumnColor('Blue'))).to.equal(true);
    for (let row = 0; row < 3; row++) {
      expect(cellColors(row, 0)).to.deep.equal(NONE);
      expect(cellColors(row, 1)).to.deep.equal(BLUE);
      expect(cellColors(row, 2)).to.deep.equal(NONE);
    }
    expect(rowColors()).to.deep.equal([NONE, NONE, NONE]);
  });

  it('setColumnColor("None") clears the column colours', () => {
    mount(threeByThree);
    caretInCell(view(), 0, 2);
    run(view(), setColumnColor('Blue'));
    expect(run(view(), setColumnColor('None'))).to.equal(true);
    for (let row = 0; row < 3; row++) expect(cellColors(row, 2)).to.deep.equal(NONE);
  });

  it('setColumnColor colours a cell spanning into the column', () => {
    mount('<table><tr><td colspan="2"><p>wide</p></td></tr><tr><td><p>a</p></td><td><p>b</p></td></tr></table>');
    caretInCell(view(), 1, 1);
    run(view(), setColumnColor('Blue'));
    expect(cellColors(0, 0)).to.deep.equal(BLUE);
    expect(cellColors(1, 0)).to.deep.equal(NONE);
    expect(cellColors(1, 1)).to.deep.equal(BLUE);
  });

  it('every palette colour is a safe hex pair, and None is empty', () => {
    for (const color of TABLE_COLORS) {
      const attrs = tableColorAttrs(color.name);
      if (color.name === 'None') expect(attrs).to.deep.equal(NONE);
      else {
        expect(attrs.background).to.match(/^#[0-9a-f]{6}$/);
        expect(attrs.textColor).to.match(/^#[0-9a-f]{6}$/);
      }
    }
  });

  it('a colour name outside the palette is a RangeError', () => {
    expect(() => setRowColor('Teal')).to.throw(RangeError, /Teal/);
    expect(() => setColumnColor('#ff0000')).to.throw(RangeError);
    expect(() => setColumnColor('blue')).to.throw(RangeError);
  });

  it('colours are refused outside a table', () => {
    mount(`<p>text</p>${threeByThree}`);
    expect(setRowColor('Blue')(view().state)).to.equal(true);
    editor!.destroy();
    mount('<p>text</p>');
    expect(run(view(), setRowColor('Blue'))).to.equal(false);
    expect(run(view(), setColumnColor('Blue'))).to.equal(false);
  });
});
