/**
 * Header cells hold paragraphs only (spec: "Table header cells allow only paragraph
 * content"), while ordinary cells hold any block. Turning cells into header cells
 * therefore rewrites their content; prosemirror-tables' own toggles would throw
 * ("Invalid content for node type table_header") on a cell holding a list.
 */
import { Fragment, type Node as PMNode, type NodeType } from 'prosemirror-model';
import type { Command, Transaction } from 'prosemirror-state';
import { isInTable, selectedRect, tableNodeTypes, type TableRect } from 'prosemirror-tables';
import { textWithBreaks } from '../schema/line-breaks.js';

/**
 * Cell content flattened into paragraphs: every text block (heading, list item text,
 * quote, code, cells of a nested table) becomes one paragraph with the same inline
 * content. Blocks without text (images, rules) cannot live in a paragraph and are dropped.
 */
export function paragraphsOf(content: Fragment, paragraph: NodeType): Fragment {
  const paragraphs: PMNode[] = [];
  content.descendants((node) => {
    if (!node.isTextblock) return true;
    if (node.type === paragraph) paragraphs.push(node);
    else paragraphs.push(paragraph.create(null, node.type.spec.code ? textWithBreaks(node.type.schema, node.textContent) : node.content));
    return false;
  });
  return Fragment.from(paragraphs.length ? paragraphs : [paragraph.create()]);
}

/**
 * Changes the type of the cells at `positions` (positions in `tr.doc`) to `type`,
 * keeping their attributes. Content a header cell may not hold is first turned into
 * paragraphs (text kept), so the result is always a valid document.
 */
export function setCellTypes(tr: Transaction, positions: readonly number[], type: NodeType): Transaction {
  // Later cells first: rewriting a cell's content never moves the cells before it.
  for (const pos of [...positions].sort((a, b) => b - a)) {
    const cell = tr.doc.nodeAt(pos);
    if (!cell || cell.type === type) continue;
    if (!type.validContent(cell.content)) {
      tr.replaceWith(pos + 1, pos + cell.nodeSize - 1, paragraphsOf(cell.content, type.contentMatch.defaultType ?? type.schema.nodes.paragraph));
    }
    tr.setNodeMarkup(pos, type, cell.attrs, cell.marks);
  }
  return tr;
}

/** Whether the whole first row (or first column) of the table is made of header cells. */
function headerEnabled(axis: 'row' | 'column', rect: TableRect): boolean {
  const { map, table } = rect;
  const cells = map.cellsInRect({ left: 0, top: 0, right: axis === 'row' ? map.width : 1, bottom: axis === 'column' ? map.height : 1 });
  const headerType = tableNodeTypes(table.type.schema).header_cell;
  return cells.every((pos) => table.nodeAt(pos)?.type === headerType);
}

/**
 * Toggles the table's first row or first column between header and ordinary cells,
 * wherever the selection is in the table. The corner cell stays a header while the
 * other header line is on (prosemirror-tables' `toggleHeader` rules).
 */
function toggleHeaderLine(axis: 'row' | 'column'): Command {
  return (state, dispatch) => {
    if (!isInTable(state)) return false;
    if (dispatch) {
      const rect = selectedRect(state);
      const { map, tableStart } = rect;
      const on = headerEnabled(axis, rect);
      const skipCorner = headerEnabled(axis === 'row' ? 'column' : 'row', rect) ? 1 : 0;
      const cells =
        axis === 'row'
          ? map.cellsInRect({ left: skipCorner, top: 0, right: map.width, bottom: 1 })
          : map.cellsInRect({ left: 0, top: skipCorner, right: 1, bottom: map.height });
      const types = tableNodeTypes(state.schema);
      const tr = setCellTypes(
        state.tr,
        cells.map((pos) => tableStart + pos),
        on ? types.cell : types.header_cell,
      );
      dispatch(tr);
    }
    return true;
  };
}

/** Makes the table's first row header cells, or ordinary cells again. */
export const toggleHeaderRow: Command = toggleHeaderLine('row');

/** Makes the table's first column header cells, or ordinary cells again. */
export const toggleHeaderColumn: Command = toggleHeaderLine('column');
