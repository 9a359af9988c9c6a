/**
 * What copied table cells put on the clipboard. ProseMirror writes the schema's HTML
 * (no node views, decorations or selection classes) and, by default, the cells' text
 * separated by blank lines; spreadsheets and plain-text editors expect rows on lines
 * and cells separated by tabs instead.
 */
import { DOMSerializer, type Fragment, type Node as PMNode, type Schema, type Slice } from 'prosemirror-model';
import { Plugin } from 'prosemirror-state';
import { TableMap, tableNodeTypes } from 'prosemirror-tables';

/** The plain text of a cell, its blocks joined by spaces so it stays one TSV field. */
function cellText(cell: PMNode): string {
  return cell.textBetween(0, cell.content.size, ' ', ' ').replace(/[\t\r\n]+/g, ' ');
}

/**
 * Copied cells as plain text: one line per row, cells separated by tabs (what
 * spreadsheets read). A spanning cell fills its first slot; the slots it covers stay
 * empty, so the columns keep lining up. Returns null for slices that are not table rows.
 */
export function cellsToText(slice: Slice): string | null {
  const rows: PMNode[] = [];
  const first = slice.content.firstChild;
  if (!first) return null;
  const { table: tableType, row: rowType } = tableNodeTypes(first.type.schema);
  // A cell selection copies rows, or the whole table when every cell is selected.
  const only = slice.content.childCount === 1 ? first : null;
  (only?.type === tableType ? only : slice.content).forEach((node) => rows.push(node));
  if (!rows.length || rows.some((row) => row.type !== rowType)) return null;
  const table = tableType.create(null, rows);
  const map = TableMap.get(table);
  const seen = new Set<number>();
  const lines: string[] = [];
  for (let row = 0; row < map.height; row++) {
    const fields: string[] = [];
    for (let col = 0; col < map.width; col++) {
      const pos = map.map[row * map.width + col];
      fields.push(seen.has(pos) ? '' : cellText(table.nodeAt(pos)!));
      seen.add(pos);
    }
    lines.push(fields.join('\t'));
  }
  return lines.join('\n');
}

/**
 * The clipboard's HTML serialiser: the schema's own, minus `contenteditable`, which
 * only makes sense inside the editor (the schema puts it on to-do checkboxes, and
 * cells can hold to-do lists).
 */
class ClipboardSerializer extends DOMSerializer {
  override serializeFragment(fragment: Fragment, options: { document?: Document } = {}, target?: HTMLElement | DocumentFragment): HTMLElement | DocumentFragment {
    const dom = super.serializeFragment(fragment, options, target);
    for (const el of dom.querySelectorAll('[contenteditable]')) el.removeAttribute('contenteditable');
    return dom;
  }
}

/** A clipboard serialiser over the editor's schema. */
function clipboardSerializer(schema: Schema): DOMSerializer {
  const { nodes, marks } = DOMSerializer.fromSchema(schema);
  return new ClipboardSerializer(nodes, marks);
}

/** Clipboard props for copied cells: tab-separated text and HTML without editor-only attributes. */
export function tableClipboard(schema: Schema): Plugin {
  return new Plugin({
    props: {
      clipboardSerializer: clipboardSerializer(schema),
      // An empty answer is falsy, so other slices get ProseMirror's default text.
      clipboardTextSerializer: (slice) => cellsToText(slice) ?? '',
    },
  });
}
