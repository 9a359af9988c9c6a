/**
 * What the row and column menus offer, as data: each entry names a core table command
 * and, for the header toggles and the palette, how to read whether it is on. Running an
 * entry first selects the hovered cell's whole row or column (a CellSelection), so the
 * core commands act on that line whatever the caret was doing.
 */
import type { Node as PMNode } from 'prosemirror-model';
import { Selection, type Command, type EditorState, type Transaction } from 'prosemirror-state';
import { cellAround } from 'prosemirror-tables';
import type { EditorView } from 'prosemirror-view';
import {
  addColumnAfter,
  addColumnBefore,
  addRowAfter,
  addRowBefore,
  deleteColumn,
  deleteRow,
  deleteTable,
} from '../../core/commands/table.js';
import { setColumnColor, setRowColor, tableColorAttrs } from '../../core/commands/table-color.js';
import { toggleHeaderColumn, toggleHeaderRow } from '../../core/commands/table-header.js';
import { CellSelection } from '../../core/plugins/table.js';
import { ENGLISH, type Words } from '../../core/strings.js';
import { TABLE_COLORS } from '../../core/url.js';

/** Which line of the table a handle stands for. */
export type TableAxis = 'row' | 'column';

/** The hovered cell and the nodes around it. */
export interface CellContext {
  readonly table: PMNode;
  readonly row: PMNode;
  readonly cell: PMNode;
}

/** One entry of a table menu. */
export interface TableMenuEntry {
  /** Stable key, unique within its menu. */
  readonly key: string;
  /** What the entry shows and is announced as. */
  readonly label: string;
  /** `menuitem` runs once; `menuitemcheckbox` (header toggles) and `menuitemradio` (palette) have a state. */
  readonly role: 'menuitem' | 'menuitemcheckbox' | 'menuitemradio';
  /** The core command it runs. */
  readonly command: Command;
  /** Whether a checkbox or radio entry is on for this cell. */
  readonly checked?: (context: CellContext) => boolean;
  /** A palette entry's background colour (null for None). */
  readonly swatch?: string | null;
  /** Destructive entries (deleting) are drawn in the danger colour. */
  readonly danger?: boolean;
}

/** A table menu: its commands, its palette, and the closing "Delete table". */
export interface TableMenuModel {
  readonly label: string;
  /** The name of the palette's group ("Colour"). */
  readonly colourLabel: string;
  readonly actions: readonly TableMenuEntry[];
  readonly colours: readonly TableMenuEntry[];
  readonly end: readonly TableMenuEntry[];
}

const HEADER_ROLE = 'header_cell';

/** Whether every cell of the table's first row (or first column) is a header cell. */
function headerLineOn(table: PMNode, axis: TableAxis): boolean {
  if (axis === 'row') {
    const first = table.firstChild;
    return !!first && first.childCount > 0 && every(first, (cell) => cell.type.spec.tableRole === HEADER_ROLE);
  }
  return every(table, (row) => row.firstChild?.type.spec.tableRole === HEADER_ROLE);
}

function every(node: PMNode, test: (child: PMNode) => boolean): boolean {
  let ok = true;
  node.forEach((child) => {
    if (ok && !test(child)) ok = false;
  });
  return ok;
}

function colourEntries(axis: TableAxis, words: Words): TableMenuEntry[] {
  return TABLE_COLORS.map((colour) => {
    const { background } = tableColorAttrs(colour.name);
    return {
      key: `colour-${colour.name.toLowerCase()}`,
      label: words[`table.colour.${colour.name.toLowerCase()}`] ?? colour.name,
      role: 'menuitemradio' as const,
      command: axis === 'row' ? setRowColor(colour.name) : setColumnColor(colour.name),
      // A column has no node: its colour is the one on the cell's own attributes.
      checked: (context: CellContext) => ((axis === 'row' ? context.row : context.cell).attrs.background ?? null) === background,
      swatch: background,
    };
  });
}

/** The entries of the row menu or the column menu, in the editor's words. */
export function tableMenu(axis: TableAxis, words: Words = ENGLISH): TableMenuModel {
  const deleteTableEntry: TableMenuEntry = { key: 'delete-table', label: words['table.deleteTable'], role: 'menuitem', command: deleteTable, danger: true };
  if (axis === 'row') {
    return {
      label: words['table.rowOptions'],
      colourLabel: words['table.colour'],
      actions: [
        { key: 'insert-before', label: words['table.insertRowAbove'], role: 'menuitem', command: addRowBefore },
        { key: 'insert-after', label: words['table.insertRowBelow'], role: 'menuitem', command: addRowAfter },
        { key: 'delete', label: words['table.deleteRow'], role: 'menuitem', command: deleteRow, danger: true },
        { key: 'header', label: words['table.headerRow'], role: 'menuitemcheckbox', command: toggleHeaderRow, checked: ({ table }) => headerLineOn(table, 'row') },
      ],
      colours: colourEntries('row', words),
      end: [deleteTableEntry],
    };
  }
  return {
    label: words['table.columnOptions'],
    colourLabel: words['table.colour'],
    actions: [
      { key: 'insert-before', label: words['table.insertColumnLeft'], role: 'menuitem', command: addColumnBefore },
      { key: 'insert-after', label: words['table.insertColumnRight'], role: 'menuitem', command: addColumnAfter },
      { key: 'delete', label: words['table.deleteColumn'], role: 'menuitem', command: deleteColumn, danger: true },
      { key: 'header', label: words['table.headerColumn'], role: 'menuitemcheckbox', command: toggleHeaderColumn, checked: ({ table }) => headerLineOn(table, 'column') },
    ],
    colours: colourEntries('column', words),
    end: [deleteTableEntry],
  };
}

/** The cell at `cellPos` (the position before it) and its row and table, or null when it is no cell. */
export function cellContext(doc: PMNode, cellPos: number): CellContext | null {
  if (cellPos < 0 || cellPos >= doc.content.size) return null;
  const $cell = doc.resolve(cellPos);
  const cell = $cell.nodeAfter;
  const role = cell?.type.spec.tableRole;
  if (!cell || (role !== 'cell' && role !== HEADER_ROLE) || $cell.depth < 2) return null;
  return { cell, row: $cell.parent, table: $cell.node(-1) };
}

/** The position before the table cell whose DOM is `cellDom`, or null when it is not one of the view's cells. */
export function cellPosOf(view: EditorView, cellDom: Element): number | null {
  let inside: number;
  try {
    inside = view.posAtDOM(cellDom, 0);
  } catch {
    return null;
  }
  const $pos = view.state.doc.resolve(inside);
  for (let d = $pos.depth; d > 0; d--) {
    const role = $pos.node(d).type.spec.tableRole;
    if (role === 'cell' || role === HEADER_ROLE) return $pos.before(d);
  }
  return null;
}

/** The editor state with the cell's whole row or column selected, or null when the cell is gone. */
export function lineSelected(state: EditorState, cellPos: number, axis: TableAxis): EditorState | null {
  if (!cellContext(state.doc, cellPos)) return null;
  const $cell = state.doc.resolve(cellPos);
  const selection = axis === 'row' ? CellSelection.rowSelection($cell) : CellSelection.colSelection($cell);
  return state.apply(state.tr.setSelection(selection));
}

/** How an entry shows for the cell now: whether it can run and, for toggles and colours, whether it is on. */
export interface EntryState {
  readonly enabled: boolean;
  readonly checked: boolean;
}

/** The state of every entry of a menu for the cell's line (one dry run of each command, no dispatch). */
export function entryStates(state: EditorState, cellPos: number, axis: TableAxis, entries: readonly TableMenuEntry[]): Map<string, EntryState> {
  const states = new Map<string, EntryState>();
  const selected = lineSelected(state, cellPos, axis);
  const context = cellContext(state.doc, cellPos);
  for (const entry of entries) {
    states.set(entry.key, {
      enabled: !!selected && entry.command(selected),
      checked: !!context && !!entry.checked?.(context),
    });
  }
  return states;
}

/**
 * Runs an entry on the cell's row or column, then puts the caret back in that cell (or
 * as near as it survived), so no line stays selected over the colour just applied.
 * One transaction: one undo step.
 */
export function runEntry(view: EditorView, cellPos: number, axis: TableAxis, entry: TableMenuEntry): boolean {
  const selected = lineSelected(view.state, cellPos, axis);
  if (!selected) return false;
  return entry.command(selected, (tr: Transaction) => {
    const $caret = tr.doc.resolve(Math.min(tr.mapping.map(cellPos + 1), tr.doc.content.size));
    // A deleted last row or column leaves the caret past it: it stays in the table, before.
    const inCell = ({ $from }: Selection) => cellAround($from) !== null;
    const after = Selection.near($caret);
    const before = Selection.near($caret, -1);
    view.dispatch(tr.setSelection(inCell(after) || !inCell(before) ? after : before));
  }, view);
}
