/**
 * The table a position stands in: one walk over a position's ancestors for the table keys
 * (table.ts), the extension of a selection over a table (gap-cursor.ts) and selections across
 * a table's edge (table-edge.ts).
 */
import type { Node as PMNode, ResolvedPos } from 'prosemirror-model';

/** A table holding a position: its node, and the positions before and after it. */
export interface TableAround {
  node: PMNode;
  pos: number;
  end: number;
}

/**
 * The table holding `$pos`: the innermost one, or with `outermostBelow` the outermost one deeper
 * than that depth (for a range whose ends share the ancestors down to it); null outside tables.
 */
export function tableAround($pos: ResolvedPos, outermostBelow?: number): TableAround | null {
  const isTable = (d: number) => $pos.node(d).type.spec.tableRole === 'table';
  const around = (d: number): TableAround => ({ node: $pos.node(d), pos: $pos.before(d), end: $pos.after(d) });
  if (outermostBelow === undefined) {
    for (let d = $pos.depth; d > 0; d--) if (isTable(d)) return around(d);
  } else {
    for (let d = outermostBelow + 1; d <= $pos.depth; d++) if (isTable(d)) return around(d);
  }
  return null;
}
