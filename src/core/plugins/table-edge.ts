/**
 * A text selection that crosses a table's edge (from a paragraph before a table into one of its
 * cells, or from a cell out past the table) leaves the table's rows and columns standing when it
 * is deleted, typed or pasted over: what it covers outside the table goes as usual, and inside,
 * the cells it covers are emptied (the cell holding its end up to that end). ProseMirror's
 * replace of such a range took a cell's remaining text out of the table and dropped the cell, so
 * a one-row table lost a column (prosemirror-tables issue 291; Plate does the same as this).
 * The selection keeps its anchor and head, so it shows and copies as any text selection; only
 * its ranges, which every replace of a selection goes through, leave the table's structure out.
 */
import { Slice, type Node as PMNode, type ResolvedPos } from 'prosemirror-model';
import { Plugin, PluginKey, Selection, SelectionRange, TextSelection, type EditorState, type Transaction } from 'prosemirror-state';
import { tableAround } from './table-around.js';

/** The key of the plugin that gives a selection crossing a table's edge its ranges. */
export const tableEdgeKey = new PluginKey('tableEdge');

/** The first (`dir` 1) or last (-1) place for text inside the node at `pos`, or null. */
function textEdge(doc: PMNode, pos: number, node: PMNode, dir: 1 | -1): number | null {
  const found = Selection.findFrom(doc.resolve(dir > 0 ? pos + 1 : pos + node.nodeSize - 1), dir, true);
  return found && found.from > pos && found.from < pos + node.nodeSize ? found.from : null;
}

/**
 * The cells of the table at `tablePos` lying wholly between `from` and `to`, each as the range
 * from its first to its last place for text, and the cell holding `edge` (one end of the
 * selection) from that end to its own far text edge (`side` -1: from its start up to `edge`).
 */
function cellRanges(doc: PMNode, tablePos: number, table: PMNode, from: number, to: number, edge: number, side: 1 | -1): Array<[number, number]> {
  const ranges: Array<[number, number]> = [];
  table.descendants((node, offset) => {
    if (!node.type.spec.tableRole?.includes('cell')) return true;
    const pos = tablePos + 1 + offset;
    const end = pos + node.nodeSize;
    const start = textEdge(doc, pos, node, 1);
    const last = textEdge(doc, pos, node, -1);
    if (start === null || last === null) return false;
    if (pos < edge && edge < end) ranges.push(side < 0 ? [start, edge] : [edge, last]);
    else if (pos >= from && end <= to) ranges.push([start, last]);
    return false;
  });
  return ranges;
}

/**
 * The ranges of a text selection from `from` to `to` that leave the structure of a table it
 * crosses standing, in document order, or null when it crosses none. Outside the tables the
 * range runs to the table's edge (the blocks between go whole, as usual).
 */
function rangesAroundTables(doc: PMNode, from: number, to: number): Array<[number, number]> | null {
  const $from = doc.resolve(from);
  const $to = doc.resolve(to);
  const depth = $from.sharedDepth(to);
  const first = tableAround($from, depth);
  const last = tableAround($to, depth);
  if (!first && !last) return null;
  const ranges: Array<[number, number]> = [];
  const outsideFrom = first ? first.end : from;
  const outsideTo = last ? last.pos : to;
  if (first) ranges.push(...cellRanges(doc, first.pos, first.node, from, outsideFrom, from, 1));
  ranges.push([outsideFrom, outsideTo]);
  if (last) ranges.push(...cellRanges(doc, last.pos, last.node, outsideTo, to, to, -1));
  return ranges;
}

/** A text selection whose ranges leave the tables it crosses standing (rangesAroundTables). */
class TableEdgeSelection extends TextSelection {
  constructor($anchor: ResolvedPos, $head: ResolvedPos, ranges: Array<[number, number]>) {
    super($anchor, $head);
    const { doc } = $anchor;
    (this as { ranges: readonly SelectionRange[] }).ranges = ranges.map(([from, to]) => new SelectionRange(doc.resolve(from), doc.resolve(to)));
  }

  /** The selection's start: its whole extent, as the user sees it (copied, dragged, read by the toolbar), not its first range's. */
  override get $from(): ResolvedPos {
    return this.$anchor.pos < this.$head.pos ? this.$anchor : this.$head;
  }

  /** The selection's end (see `$from`). */
  override get $to(): ResolvedPos {
    return this.$anchor.pos < this.$head.pos ? this.$head : this.$anchor;
  }

  /**
   * Replaces each range (the content goes into the first). Deleted, the caret stays where the
   * selection started: ProseMirror's placement after the first range looks past the table's edge,
   * where that range ends, and finds the first cell.
   */
  override replace(tr: Transaction, content: Slice = Slice.empty): void {
    const start = tr.steps.length;
    super.replace(tr, content);
    if (!content.size) tr.setSelection(TextSelection.near(tr.doc.resolve(tr.mapping.slice(start).map(this.from, -1)), -1));
  }
}

/** Gives a text selection that crosses a table's edge the ranges that leave the table standing. */
export function tableEdgePlugin(): Plugin {
  return new Plugin({
    key: tableEdgeKey,
    appendTransaction(_transactions, _old, state: EditorState) {
      const { selection } = state;
      if (!(selection instanceof TextSelection) || selection instanceof TableEdgeSelection || selection.empty) return null;
      const ranges = rangesAroundTables(state.doc, selection.from, selection.to);
      if (!ranges) return null;
      return state.tr.setSelection(new TableEdgeSelection(selection.$anchor, selection.$head, ranges));
    },
  });
}
