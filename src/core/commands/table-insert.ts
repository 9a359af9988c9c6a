/**
 * Inserting a table. Apart from the other table commands (commands/table.ts), which are
 * prosemirror-tables' own: a table's slash entry and `run('table.insert')` belong to the
 * schema's table block, which the embed bundle's entry holds, while prosemirror-tables comes
 * with the on-demand table chunk.
 */
import type { Node as PMNode, NodeType, ResolvedPos, Schema } from 'prosemirror-model';
import { TextSelection, type Command, type Transaction } from 'prosemirror-state';

/** The schema's table, row and cell types, found by their `tableRole` (as prosemirror-tables' `tableNodeTypes` finds them). */
function tableTypes(schema: Schema): { table: NodeType; row: NodeType; cell: NodeType } {
  const byRole = (role: string) => Object.values(schema.nodes).find((type) => type.spec.tableRole === role)!;
  return { table: byRole('table'), row: byRole('row'), cell: byRole('cell') };
}

/** Rows of a new table (spec: "A new table is 3 rows by 3 columns with no header row"). */
export const NEW_TABLE_ROWS = 3;
/** Columns of a new table. */
export const NEW_TABLE_COLUMNS = 3;

/** A table of the schema's ordinary cells (no header row), each holding its smallest content (an empty paragraph). */
export function createTable(schema: Schema, rows: number = NEW_TABLE_ROWS, columns: number = NEW_TABLE_COLUMNS): PMNode {
  if (!Number.isInteger(rows) || !Number.isInteger(columns) || rows < 1 || columns < 1) {
    throw new RangeError(`A table needs at least one row and one column, not ${String(rows)} x ${String(columns)}`);
  }
  const types = tableTypes(schema);
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
  const tableType = tableTypes(tr.doc.type.schema).table;
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
    if (insideTable(state.selection.$head)) return false;
    const tr = insertTableAtSelection(state.tr, rows, columns);
    if (!tr.docChanged || !insideTable(tr.selection.$from)) return false;
    if (dispatch) dispatch(tr);
    return true;
  };
}

/** Inserts a 3 x 3 table without a header row, caret in the first cell; refused inside a table. */
export const insertTable: Command = insertTableOf();

