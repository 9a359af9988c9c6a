/**
 * Table commands: insert, add and delete rows and columns, header row and column,
 * colours, delete table. The row and column edits are prosemirror-tables' own
 * (they work with our schema through its `tableRole`s); the wrappers keep our rules:
 * a command answers `false` whenever it would do nothing, and existing cells only
 * become header cells through `setCellTypes`, which keeps header content to
 * paragraphs (new header cells, added beside a header row, start as one paragraph).
 */
import { Selection, type Command, type EditorState, type Transaction } from 'prosemirror-state';
import {
  addColumnAfter as pmAddColumnAfter,
  addColumnBefore as pmAddColumnBefore,
  addRow,
  addRowAfter as pmAddRowAfter,
  addRowBefore as pmAddRowBefore,
  deleteColumn as pmDeleteColumn,
  deleteRow as pmDeleteRow,
  deleteTable as pmDeleteTable,
  isInTable,
  selectedRect,
  TableMap,
} from 'prosemirror-tables';

export { createTable, insertTable, insertTableAtSelection, insertTableOf, NEW_TABLE_COLUMNS, NEW_TABLE_ROWS } from './table-insert.js';
export { paragraphsOf, setCellTypes, toggleHeaderColumn, toggleHeaderRow } from './table-header.js';
export { setColumnColor, setRowColor, tableColorAttrs, type TableColorAttrs } from './table-color.js';
/** Whether the selection is inside a table (prosemirror-tables' test, for toolbar and menu rules). */
export { isInTable };

/** Adds a row above the selected rows. */
export const addRowBefore: Command = pmAddRowBefore;
/** Adds a row below the selected rows. */
export const addRowAfter: Command = pmAddRowAfter;
/**
 * Adds a row at the end of the table at `tablePos`, shaped as prosemirror-tables adds one
 * below the last row (same cell kinds), and puts the caret in its first cell. Null when the
 * table is not there.
 */
export function addRowAtEnd(tr: Transaction, tablePos: number): Transaction | null {
  const table = tr.doc.nodeAt(tablePos);
  if (table?.type.spec.tableRole !== 'table') return null;
  const map = TableMap.get(table);
  addRow(tr, { map, tableStart: tablePos + 1, table, left: 0, top: 0, right: map.width, bottom: map.height }, map.height);
  const grown = tr.doc.nodeAt(tablePos)!;
  const rowPos = tablePos + grown.content.size - grown.lastChild!.nodeSize + 1;
  const first = Selection.findFrom(tr.doc.resolve(rowPos + 1), 1, true);
  return first ? tr.setSelection(first) : tr;
}

/** Adds a column left of the selected columns. */
export const addColumnBefore: Command = pmAddColumnBefore;
/** Adds a column right of the selected columns. */
export const addColumnAfter: Command = pmAddColumnAfter;

/** Whether the selection covers every row (`'row'`) or every column of its table. */
function selectsWholeTable(state: EditorState, axis: 'row' | 'column'): boolean {
  const { map, top, bottom, left, right } = selectedRect(state);
  return axis === 'row' ? top === 0 && bottom === map.height : left === 0 && right === map.width;
}

/**
 * Deletes the selected rows. Refused when they are all the table's rows (delete the
 * table instead); prosemirror-tables only notices that once it is dispatching.
 */
export const deleteRow: Command = (state, dispatch) =>
  isInTable(state) && !selectsWholeTable(state, 'row') && pmDeleteRow(state, dispatch);

/** Deletes the selected columns; refused when they are all the table's columns. */
export const deleteColumn: Command = (state, dispatch) =>
  isInTable(state) && !selectsWholeTable(state, 'column') && pmDeleteColumn(state, dispatch);

/** Deletes the table around the selection. */
export const deleteTable: Command = pmDeleteTable;
