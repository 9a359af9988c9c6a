/**
 * Table commands: insert, add and delete rows and columns, header row and column,
 * colours, delete table. The row and column edits are prosemirror-tables' own
 * (they work with our schema through its `tableRole`s); the wrappers keep our rules:
 * a command answers `false` whenever it would do nothing, and existing cells only
 * become header cells through `setCellTypes`, which keeps header content to
 * paragraphs (new header cells, added beside a header row, start as one paragraph).
 */
import type { Node as PMNode, ResolvedPos, Schema } from 'prosemirror-model';
import { Selection, TextSelection, type Command, type EditorState, type Transaction } from 'prosemirror-state';
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
  tableNodeTypes,
} from 'prosemirror-tables';

export { paragraphsOf, setCellTypes, toggleHeaderColumn, toggleHeaderRow } from './table-header.js';
export { setColumnColor, setRowColor, tableColorAttrs, type TableColorAttrs } from './table-color.js';
/** Whether the selection is inside a table (prosemirror-tables' test, for toolbar and menu rules). */
export { isInTable };

/** Rows of a new table (spec: "A new table is 3 rows by 3 columns with no header row"). */
export const NEW_TABLE_ROWS = 3;
/** Columns of a new table. */
export const NEW_TABLE_COLUMNS = 3;

/** A table of the schema's ordinary cells (no header row), each holding its smallest content (an empty paragraph). */
export function createTable(schema: Schema, rows: number = NEW_TABLE_ROWS, columns: number = NEW_TABLE_COLUMNS): PMNode {
  if (!Number.isInteger(rows) || !Number.isInteger(columns) || rows < 1 || columns < 1) {
    throw new RangeError(`A table needs at least one row and one column, not ${String(rows)} x ${String(columns)}`);
  }
  const types = tableNodeTypes(schema);
  const row = () => types.row.create(null, Array.from({ length: columns }, () => types.cell.createAndFill()!));
  return types.table.create(null, Array.from({ length: rows }, row));
}

/** Whether a position is inside a table's row (prosemirror-tables' `isInTable`, for any position). */
function insideTable($pos: ResolvedPos): boolean {
  for (let d = $pos.depth; d > 0; d--) if ($pos.node(d).type.spec.tableRole === 'row') return true;
  return false;
}

/**
 * Replaces the selection with a new table and puts the caret in its first cell.
 * The transaction is left unchanged where no table can go (a code block, a table).
 */
export function insertTableAtSelection(tr: Transaction, rows?: number, columns?: number): Transaction {
  const { selection } = tr;
  const { $from } = selection;
  if ($from.parent.type.spec.code || insideTable($from)) return tr;
  const steps = tr.steps.length;
  const tableType = tableNodeTypes(tr.doc.type.schema).table;
  tr.replaceSelectionWith(createTable(tr.doc.type.schema, rows, columns));
  if (tr.steps.length === steps) return tr;
  // The last step's new range holds the table (ProseMirror may place it before or after the caret's block).
  let start = 0;
  let end = 0;
  tr.mapping.maps[tr.mapping.maps.length - 1].forEach((_oldStart, _oldEnd, newStart, newEnd) => {
    start = newStart;
    end = newEnd;
  });
  let tablePos = -1;
  tr.doc.nodesBetween(start, end, (node, pos) => {
    if (tablePos >= 0) return false;
    if (node.type === tableType) tablePos = pos;
    return node.type !== tableType;
  });
  // Table, row, cell and paragraph openings put the first cell's text at tablePos + 4.
  if (tablePos >= 0) tr.setSelection(TextSelection.create(tr.doc, tablePos + 4));
  return tr.scrollIntoView();
}

/** Inserts a table of `rows` by `columns` (3 x 3) without a header row, caret in the first cell; refused inside a table. */
export function insertTableOf(rows?: number, columns?: number): Command {
  return (state, dispatch) => {
    if (isInTable(state)) return false;
    const tr = insertTableAtSelection(state.tr, rows, columns);
    if (!tr.docChanged || !insideTable(tr.selection.$from)) return false;
    if (dispatch) dispatch(tr);
    return true;
  };
}

/** Inserts a 3 x 3 table without a header row, caret in the first cell; refused inside a table. */
export const insertTable: Command = insertTableOf();

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
