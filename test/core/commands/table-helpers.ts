/**
 * Helpers for table tests: table HTML from a grid of texts, the grid of the first
 * table of a document, and caret placement in a cell.
 */
import type { Node as PMNode } from 'prosemirror-model';
import { TextSelection, type Command } from 'prosemirror-state';
import { TableMap } from 'prosemirror-tables';
import type { EditorView } from 'prosemirror-view';

/** Table HTML whose cells hold one paragraph each with the given texts. */
export function tableHTML(rows: string[][]): string {
  const tr = (cells: string[]) => `<tr>${cells.map((text) => `<td><p>${text}</p></td>`).join('')}</tr>`;
  return `<table>${rows.map(tr).join('')}</table>`;
}

/** The first table of the document and the position just inside it. */
export function firstTable(doc: PMNode): { table: PMNode; start: number } {
  let found: { table: PMNode; start: number } | null = null;
  doc.descendants((node, pos) => {
    if (found) return false;
    if (node.type.name === 'table') found = { table: node, start: pos + 1 };
    return !found;
  });
  if (!found) throw new Error('The document has no table');
  return found;
}

/** The text of every cell of the first table, row by row. */
export function grid(doc: PMNode): string[][] {
  const rows: string[][] = [];
  firstTable(doc).table.forEach((row) => {
    const cells: string[] = [];
    row.forEach((cell) => cells.push(cell.textContent));
    rows.push(cells);
  });
  return rows;
}

/** The tag of every cell of the first table (`td` or `th`), row by row. */
export function cellTags(doc: PMNode): string[][] {
  const rows: string[][] = [];
  firstTable(doc).table.forEach((row) => {
    const cells: string[] = [];
    row.forEach((cell) => cells.push(cell.type.name === 'table_header' ? 'th' : 'td'));
    rows.push(cells);
  });
  return rows;
}

/** The document position of the cell at (row, column) of the first table. */
export function cellPos(doc: PMNode, row: number, column: number): number {
  const { table, start } = firstTable(doc);
  return start + TableMap.get(table).positionAt(row, column, table);
}

/** Puts the caret at the start (or end) of the text of the cell at (row, column). */
export function caretInCell(view: EditorView, row: number, column: number, at: 'start' | 'end' = 'start'): void {
  const pos = cellPos(view.state.doc, row, column);
  const cell = view.state.doc.nodeAt(pos)!;
  const $pos = view.state.doc.resolve(at === 'start' ? pos + 1 : pos + cell.nodeSize - 1);
  view.dispatch(view.state.tr.setSelection(TextSelection.near($pos, at === 'start' ? 1 : -1)));
}

/** The cell (row and column of the first table) holding the caret. */
export function caretCell(view: EditorView): [number, number] | null {
  const { table, start } = firstTable(view.state.doc);
  const $from = view.state.selection.$from;
  for (let d = $from.depth; d >= 2; d--) {
    if ($from.node(d - 2) !== table) continue;
    const rect = TableMap.get(table).findCell($from.before(d) - start);
    return [rect.top, rect.left];
  }
  return null;
}

/** Runs a command on the view, then checks that the document is still valid for the schema. */
export function run(view: EditorView, command: Command): boolean {
  const applied = command(view.state, view.dispatch, view);
  view.state.doc.check();
  return applied;
}
