/**
 * What a copy or cut puts on the clipboard as plain text (clipboard.ts makes it the editor's
 * `clipboardTextSerializer`). A plain-text field, a chat or a terminal gets what Google Docs and
 * Notion give them: list items with their markers (`- `, `1. `, `- [ ] `), nested items
 * indented under their parent's text, numbered lists counted from their start; copied table
 * cells as rows of tab-separated fields, as spreadsheets read them; any other block as its
 * text (a heading's words), blocks apart by a blank line as in ProseMirror's default.
 */
import type { Fragment, Node as PMNode, Slice } from 'prosemirror-model';

/** The plain text of a cell, its blocks joined by spaces so it stays one tab-separated field. */
function cellText(cell: PMNode): string {
  return cell.textBetween(0, cell.content.size, ' ', ' ').replace(/[\t\r\n]+/g, ' ');
}

/** Table rows as lines of tab-separated fields: a spanning cell fills its first slot, and the slots it covers stay empty, so the columns keep lining up. */
function rowsText(rows: readonly PMNode[]): string[] {
  // For each column, how many rows below a cell above still covers it.
  const covered: number[] = [];
  const table = rows.map((row) => {
    const fields: string[] = [];
    const skipCovered = () => {
      while (covered[fields.length] > 0) fields.push('');
    };
    row.forEach((cell) => {
      skipCovered();
      for (let i = 0; i < ((cell.attrs.colspan as number) || 1); i++) {
        covered[fields.length] = (cell.attrs.rowspan as number) || 1;
        fields.push(i ? '' : cellText(cell));
      }
    });
    skipCovered();
    covered.forEach((rows, column) => (covered[column] = rows - 1));
    return fields;
  });
  const width = Math.max(...table.map((fields) => fields.length));
  return table.map((fields) => [...fields, ...Array(width - fields.length).fill('')].join('\t'));
}

/** Copied table cells (rows, or a whole table) as tab-separated text; null for a slice of anything else. */
export function cellsToText(slice: Slice): string | null {
  const first = slice.content.firstChild;
  if (!first) return null;
  const rows: PMNode[] = [];
  (slice.content.childCount === 1 && first.type.spec.tableRole === 'table' ? first.content : slice.content).forEach((row) => rows.push(row));
  return rows.every((row) => row.type.spec.tableRole === 'row') ? rowsText(rows).join('\n') : null;
}

/**
 * A list's lines: each item's marker (`1.` counted from the list's start for a numbered list,
 * `- [x]` or `- [ ]` for a to-do, `-` otherwise) before its first line, its further lines and
 * nested lists indented to its text.
 */
function listLines(list: PMNode): string[] {
  const start = list.attrs.start;
  const lines: string[] = [];
  list.forEach((item, _, index) => {
    const checked = item.attrs.checked;
    const marker = typeof start === 'number' ? `${start + index}.` : typeof checked === 'boolean' ? `- [${checked ? 'x' : ' '}]` : '-';
    const indent = ' '.repeat(typeof checked === 'boolean' ? 2 : marker.length + 1);
    const body: string[] = [];
    item.forEach((block) => body.push(...(blockLines(block) ?? [])));
    body.forEach((line, i) => lines.push(i ? (line && indent + line) : line ? `${marker} ${line}` : marker));
  });
  return lines;
}

/** A block's lines of text, or null for a block with no text (an image, a rule). */
function blockLines(node: PMNode): string[] | null {
  if (node.isTextblock) return node.textContent.split('\n');
  if (node.type.spec.listRole === 'list') return listLines(node);
  if (node.type.spec.tableRole === 'table') return rowsText(node.children);
  if (node.isLeaf) return node.textContent ? [node.textContent] : null;
  return blocksLines(node.content);
}

/** Blocks' lines, a blank line between two blocks. */
function blocksLines(blocks: Fragment): string[] {
  const lines: string[] = [];
  blocks.forEach((block) => {
    const own = blockLines(block);
    if (own) lines.push(...(lines.length ? ['', ...own] : own));
  });
  return lines;
}

/** A copied slice as plain text (see the file's comment). */
export function clipboardText(slice: Slice): string {
  const cells = cellsToText(slice);
  if (cells !== null) return cells;
  // Words copied from inside one block (an item, a quote) are those words: the blocks around them add no marker.
  let inner = slice.content;
  for (let depth = Math.min(slice.openStart, slice.openEnd); depth > 0 && inner.childCount === 1 && !inner.firstChild!.isTextblock; depth--) inner = inner.firstChild!.content;
  return inner.childCount === 1 && inner.firstChild!.isTextblock ? inner.firstChild!.textContent : blocksLines(slice.content).join('\n');
}
