/**
 * Table editing: cell selection and table repair (prosemirror-tables `tableEditing`),
 * column resizing, the table keys (Tab between cells and on into a new row, arrows out
 * of the table, Backspace and Delete from the place beside it back in) and selections across a table's edge that leave its cells
 * standing (table-edge.ts). Key handling errors are caught and logged (spec: table
 * key handling errors are only logged), so a bug in a key handler never escapes into the
 * page.
 */
import { chainCommands } from 'prosemirror-commands';
import { keymap } from 'prosemirror-keymap';
import type { Node as PMNode, ResolvedPos, Schema } from 'prosemirror-model';
import { EditorState, Plugin, Selection, TextSelection, type Command, type Transaction } from 'prosemirror-state';
import { CellSelection, columnResizing, fixTables, goToNextCell, isInTable, tableEditing, TableMap } from 'prosemirror-tables';
import type { EditorView } from 'prosemirror-view';
import { liftItem, sinkItem } from '../commands/lists.js';
import { addRowAtEnd } from '../commands/table.js';
import { log } from '../log.js';
import { SHARED_CHANGE_META } from '../transaction-meta.js';
import { GapCursor, selectionBeyond } from './gap-cursor.js';
import { tableAround } from './table-around.js';
import { tableEdgePlugin } from './table-edge.js';

/** prosemirror-tables' cell selection and plugin keys, for table controls that read their state. */
export { CellSelection, columnResizingPluginKey, tableEditingKey } from 'prosemirror-tables';

/** Narrowest a column can be dragged to, in pixels (spec: table cell minimum width is 100). */
export const TABLE_CELL_MIN_WIDTH = 100;
/** Width of the column resize handle, in pixels (spec: resize handle width is 5). */
export const TABLE_RESIZE_HANDLE_WIDTH = 5;

/** Runs a key command, logging (not throwing) whatever it throws; a failed key counts as handled. */
export function loggedKey(name: string, command: Command): Command {
  return (state, dispatch, view) => {
    try {
      return command(state, dispatch, view);
    } catch (error) {
      log.error(`Table key ${name} failed`, error);
      return true;
    }
  };
}

/**
 * Inside a table, Tab and Shift-Tab first belong to the block the caret is in: a code
 * block indents, a list item nests or lifts, as they do outside tables.
 */
function blockWantsTab(state: EditorState, direction: 1 | -1): boolean {
  if (state.selection instanceof CellSelection) return false;
  if (state.selection.$from.parent.type.spec.code) return true;
  return direction === 1 ? sinkItem(state) : liftItem(state);
}

/** The table around the selection's head (the innermost). */
const headTable = (state: EditorState) => tableAround(state.selection.$head);

/**
 * Moves the caret out of the table at `tablePos` over its `dir` edge (see
 * `selectionBeyond`); where there is nowhere to go and no gap to stop in, a paragraph
 * is created there. False when the table's container allows no paragraph there.
 */
function leaveTableAt(state: EditorState, tablePos: number, table: PMNode, dir: 1 | -1, dispatch?: (tr: Transaction) => void, view?: EditorView): boolean {
  const edge = dir > 0 ? tablePos + table.nodeSize : tablePos;
  const beyond = selectionBeyond(state, edge, dir, view);
  if (beyond) {
    if (dispatch) dispatch(state.tr.setSelection(beyond).scrollIntoView());
    return true;
  }
  const $edge = state.doc.resolve(edge);
  const paragraph = state.schema.nodes.paragraph;
  if (!paragraph || !$edge.parent.canReplaceWith($edge.index(), $edge.index(), paragraph)) return false;
  if (dispatch) {
    const tr = state.tr.insert(edge, paragraph.create());
    dispatch(tr.setSelection(TextSelection.create(tr.doc, edge + 1)).scrollIntoView());
  }
  return true;
}

/**
 * Tab in a table: the next cell; in the last cell a new row is added below and the caret
 * goes to its first cell, as in Word, Google Docs and Notion. (Arrow Down, or Escape then
 * Tab, leaves the table.)
 */
export const nextCellOrNewRow: Command = (state, dispatch) => {
  if (!isInTable(state) || blockWantsTab(state, 1)) return false;
  if (goToNextCell(1)(state, dispatch)) return true;
  const table = headTable(state);
  if (!table) return false;
  if (dispatch) {
    const tr = addRowAtEnd(state.tr, table.pos);
    if (tr) dispatch(tr.scrollIntoView());
  }
  return true;
};

/** Shift-Tab in a table: the previous cell; in the first cell nothing happens (the key is still taken, so focus stays). */
export const previousCell: Command = (state, dispatch) => {
  if (!isInTable(state) || blockWantsTab(state, -1)) return false;
  goToNextCell(-1)(state, dispatch);
  return true;
};

/** The depth of the cell whose edge the caret is at, in the given direction, or -1. */
function cellDepthAtEdge($head: ResolvedPos, dir: 1 | -1): number {
  for (let d = $head.depth - 1; d > 0; d--) {
    const index = dir < 0 ? $head.index(d) : $head.indexAfter(d);
    if (index !== (dir < 0 ? 0 : $head.node(d).childCount)) return -1;
    const role = $head.node(d).type.spec.tableRole;
    if (role === 'cell' || role === 'header_cell') return d;
  }
  return -1;
}

/**
 * Arrow Down in the table's last row (or Up in its first) leaves the table: the caret
 * goes to the block after (before) it, or stops in the gap after (before) a table that
 * ends (starts) the document, so a table at either end never traps the caret.
 */
export function leaveTable(direction: 'up' | 'down'): Command {
  const dir = direction === 'down' ? 1 : -1;
  return (state, dispatch, view) => {
    const { selection } = state;
    if (!(selection instanceof TextSelection) || !selection.empty) return false;
    const $head = selection.$head;
    const cellDepth = cellDepthAtEdge($head, dir);
    if (cellDepth < 0) return false;
    const atEdge = view ? view.endOfTextblock(direction) : dir > 0 ? $head.parentOffset === $head.parent.content.size : $head.parentOffset === 0;
    if (!atEdge) return false;
    const tableDepth = cellDepth - 2;
    const table = $head.node(tableDepth);
    const map = TableMap.get(table);
    const cell = map.findCell($head.before(cellDepth) - $head.start(tableDepth));
    if (dir > 0 ? cell.bottom !== map.height : cell.top !== 0) return false;
    return leaveTableAt(state, $head.before(tableDepth), table, dir, dispatch, view);
  };
}

/**
 * Arrow Down on the last line of a block right before a table (Up on the first line of one
 * right after it) enters the table's first (last) row, in the cell under the caret: Firefox's
 * own move went to the end of the table's last cell, so the table was skipped.
 */
export function enterTable(direction: 'up' | 'down'): Command {
  const dir = direction === 'down' ? 1 : -1;
  return (state, dispatch, view) => {
    const { selection } = state;
    if (!view || !(selection instanceof TextSelection) || !selection.empty || !selection.$head.parent.isTextblock) return false;
    const $head = selection.$head;
    const edge = dir > 0 ? $head.after() : $head.before();
    const $edge = state.doc.resolve(edge);
    const table = dir > 0 ? $edge.nodeAfter : $edge.nodeBefore;
    if (table?.type.spec.tableRole !== 'table' || !view.endOfTextblock(direction)) return false;
    const start = (dir > 0 ? edge : edge - table.nodeSize) + 1;
    const map = TableMap.get(table);
    const row = dir > 0 ? 0 : map.height - 1;
    const x = view.coordsAtPos($head.pos).left;
    let cell = start + map.map[row * map.width]!;
    for (let column = 1; column < map.width; column++) {
      const pos = start + map.map[row * map.width + column]!;
      const dom = view.nodeDOM(pos);
      if (dom instanceof HTMLElement && dom.getBoundingClientRect().left <= x) cell = pos;
    }
    if (dispatch) dispatch(state.tr.setSelection(TextSelection.near(state.doc.resolve(cell + 1))).scrollIntoView());
    return true;
  };
}

/**
 * Backspace in the place after a table (the gap cursor there) puts the caret at the end of
 * its last cell; Delete in the place before one, at the start of its first cell. That is what
 * Backspace in an empty paragraph after a table does (prosemirror-commands' `joinBackward`),
 * and what Word and Google Docs do; the gap stands where that paragraph would be.
 * ProseMirror's fallback, `selectNodeBackward`, would select the table, which
 * prosemirror-tables turns into a selection of every cell: the next key typed would empty
 * them all and land in a cell.
 */
export function enterTableFromGap(direction: 'backward' | 'forward'): Command {
  const dir = direction === 'backward' ? -1 : 1;
  return (state, dispatch) => {
    const { selection } = state;
    if (!(selection instanceof GapCursor)) return false;
    const { pos } = selection.$head;
    const table = dir < 0 ? selection.$head.nodeBefore : selection.$head.nodeAfter;
    if (table?.type.spec.tableRole !== 'table') return false;
    const inside = Selection.findFrom(state.doc.resolve(pos + dir), dir, true);
    if (!inside) return false;
    if (dispatch) dispatch(state.tr.setSelection(inside).scrollIntoView());
    return true;
  };
}

/** How many more passes a table repair may take (each finds what the one before left). */
const MORE_REPAIRS = 3;

/**
 * A table repair (prosemirror-tables `fixTables`) carried on until the tables it touched need no
 * more. A repair fixes the problems it found and may leave one it made: the cells it adds to a
 * short row have no column width where the column has one. ProseMirror does not show a plugin its
 * own appended change, so that mismatch waited for the next change in the table, whose own
 * transaction then carried an unrelated width change (and an undo, redone, differed from the
 * change it redid).
 */
function repairedFully(tr: Transaction | null | undefined, before: EditorState): Transaction | null {
  if (!tr) return null;
  for (let pass = 0; pass < MORE_REPAIRS; pass++) {
    const again = fixTables(EditorState.create({ doc: tr.doc, schema: before.schema }), before);
    if (!again) break;
    for (const step of again.steps) tr.step(step);
  }
  return tr;
}

/**
 * Whether `event` is Shift and an arrow extending a text selection whose head is in a table and
 * whose anchor is outside it. prosemirror-tables turns Shift and an arrow at a cell's edge into
 * a selection of cells starting at the head's cell, which dropped the start of a selection made
 * from the paragraph before the table; the browser's own extension goes on from it instead.
 */
function extendsFromOutside(state: EditorState, event: KeyboardEvent): boolean {
  const { selection } = state;
  if (!event.shiftKey || !event.key.startsWith('Arrow') || !(selection instanceof TextSelection)) return false;
  const head = tableAround(selection.$head);
  return !!head && tableAround(selection.$anchor)?.pos !== head.pos;
}

/**
 * `tableEditing` with its key handler (arrows, Backspace and Delete on cells) guarded by the
 * logger, and its table repair (missing cells filled in) left out of a shared document's changes
 * (SHARED_CHANGE_META): two colleagues adding a column and a row at once leave the new row a
 * cell short, and each editor repairing the merge on arrival wrote a cell of its own, a spurious
 * column. The table is repaired by the first change made in it.
 */
function guardedTableEditing(): Plugin {
  const plugin = tableEditing();
  const handleKeyDown = plugin.spec.props?.handleKeyDown;
  const repair = plugin.spec.appendTransaction;
  if (!handleKeyDown || !repair) return plugin;
  return new Plugin({
    ...plugin.spec,
    appendTransaction(this: Plugin, transactions, oldState, newState) {
      if (transactions.every((tr) => tr.getMeta(SHARED_CHANGE_META))) return null;
      return repairedFully(repair.call(this, transactions, oldState, newState), newState);
    },
    props: {
      ...plugin.spec.props,
      handleKeyDown(this: Plugin, view: EditorView, event: KeyboardEvent) {
        try {
          return !extendsFromOutside(view.state, event) && (handleKeyDown.call(this, view, event) ?? false);
        } catch (error) {
          log.error(`Table key ${event.key} failed`, error);
          return true;
        }
      },
    },
  });
}

/**
 * The table plugins, in the order they must see events: column resizing first (a
 * press on a resize handle is a drag, not a cell selection), then the table keys,
 * then cell selection and table repair (copied cells' HTML and text: clipboard.ts). The schema is
 * the parts' contract (core/editing-slots.ts); these find the table types by their roles.
 */
export function tablePlugins(_schema: Schema): Plugin[] {
  return [
    columnResizing({ cellMinWidth: TABLE_CELL_MIN_WIDTH, defaultCellMinWidth: TABLE_CELL_MIN_WIDTH, handleWidth: TABLE_RESIZE_HANDLE_WIDTH }),
    keymap({
      Tab: loggedKey('Tab', nextCellOrNewRow),
      'Shift-Tab': loggedKey('Shift-Tab', previousCell),
      ArrowDown: loggedKey('ArrowDown', chainCommands(leaveTable('down'), enterTable('down'))),
      ArrowUp: loggedKey('ArrowUp', chainCommands(leaveTable('up'), enterTable('up'))),
      Backspace: loggedKey('Backspace', enterTableFromGap('backward')),
      Delete: loggedKey('Delete', enterTableFromGap('forward')),
    }),
    guardedTableEditing(),
    tableEdgePlugin(),
  ];
}
