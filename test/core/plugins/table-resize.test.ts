import { expect } from '@open-wc/testing';
import { resetMouse, sendMouse } from '@web/test-runner-commands';
import { columnResizingPluginKey } from 'prosemirror-tables';
import { TABLE_CELL_MIN_WIDTH } from '../../../src/core/plugins/table.js';
import { mountEditor, nextFrame, type TestEditor } from '../../helpers/editor.js';
import { cellPos, tableHTML } from '../commands/table-helpers.js';

describe('table column resizing', () => {
  let editor: TestEditor | null = null;
  afterEach(async () => {
    await resetMouse();
    // Whatever a key or drag did, the document must still be valid for the schema.
    editor?.view.state.doc.check();
    editor?.destroy();
    editor = null;
  });

  const view = () => editor!.view;
  const doc = () => editor!.view.state.doc;
  const colwidths = (column: number) => [0, 1].map((row) => doc().nodeAt(cellPos(doc(), row, column))!.attrs.colwidth as number[] | null);

  /** The on-screen box of the cell at (row, column). */
  function cellBox(row: number, column: number): DOMRect {
    const dom = view().nodeDOM(cellPos(doc(), row, column)) as HTMLElement;
    return dom.getBoundingClientRect();
  }

  /** Drags the right border of the first column horizontally by `dx` pixels, as a user would. */
  async function dragFirstColumnBorder(dx: number): Promise<void> {
    const box = cellBox(0, 0);
    const x = Math.round(box.right) - 2;
    const y = Math.round(box.top + box.height / 2);
    await sendMouse({ type: 'move', position: [x - 20, y] });
    await sendMouse({ type: 'move', position: [x, y] });
    await nextFrame();
    expect(columnResizingPluginKey.getState(view().state)?.activeHandle).to.equal(cellPos(doc(), 0, 0));
    await sendMouse({ type: 'down' });
    await sendMouse({ type: 'move', position: [x + Math.round(dx / 2), y] });
    await sendMouse({ type: 'move', position: [x + dx, y] });
    await sendMouse({ type: 'up' });
    await nextFrame();
  }

  it('dragging a column border sets the width of every cell in the column', async () => {
    editor = mountEditor(tableHTML([['a', 'b', 'c'], ['d', 'e', 'f']]));
    const start = cellBox(0, 0).width;
    await dragFirstColumnBorder(80);
    const [top, bottom] = colwidths(0);
    expect(top).to.have.length(1);
    expect(top![0]).to.be.closeTo(start + 80, 3);
    expect(bottom).to.deep.equal(top);
    expect(colwidths(1)).to.deep.equal([null, null]);
    doc().check();
    await nextFrame();
    expect(cellBox(0, 0).width).to.be.closeTo(top![0], 3);
  });

  it('a column never gets narrower than 100 pixels', async () => {
    editor = mountEditor(tableHTML([['a', 'b', 'c'], ['d', 'e', 'f']]));
    // To the column's own left edge, which asks for a width of about one pixel (WebDriver
    // refuses a point outside the window, so not further).
    const box = cellBox(0, 0);
    await dragFirstColumnBorder(Math.ceil(box.left) + 1 - (Math.round(box.right) - 2));
    expect(colwidths(0)).to.deep.equal([[TABLE_CELL_MIN_WIDTH], [TABLE_CELL_MIN_WIDTH]]);
    expect(TABLE_CELL_MIN_WIDTH).to.equal(100);
  });

  it('the resize handle shows only within 5 pixels of a border', async () => {
    editor = mountEditor(tableHTML([['a', 'b'], ['c', 'd']]));
    const box = cellBox(0, 0);
    const y = Math.round(box.top + box.height / 2);
    await sendMouse({ type: 'move', position: [Math.round(box.right) - 9, y] });
    await nextFrame();
    expect(columnResizingPluginKey.getState(view().state)?.activeHandle).to.equal(-1);
    expect(view().dom.querySelector('.column-resize-handle')).to.equal(null);
    await sendMouse({ type: 'move', position: [Math.round(box.right) - 3, y] });
    await nextFrame();
    expect(columnResizingPluginKey.getState(view().state)?.activeHandle).to.equal(cellPos(doc(), 0, 0));
    expect(view().dom.querySelector('.column-resize-handle')).not.to.equal(null);
  });
});
