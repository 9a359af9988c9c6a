/**
 * Row and column colours from the spec's palette (Blue, Orange, Grey, Yellow, Green,
 * Red, Pink, Purple, None). A row's colours live on the row; a column has no node of
 * its own, so its colours go on the cells of the column. A cell's own colours are
 * drawn over its row's.
 */
import type { Command } from 'prosemirror-state';
import { isInTable, selectedRect } from 'prosemirror-tables';
import { safeColor, TABLE_COLORS, type PaletteColor } from '../url.js';

/** The background and text colour a palette entry puts on a row or cell (both `null` for None). */
export interface TableColorAttrs {
  background: string | null;
  textColor: string | null;
}

/** The attributes for a palette colour; throws a RangeError for a name outside the palette. */
export function tableColorAttrs(name: string): TableColorAttrs {
  const color: PaletteColor | undefined = TABLE_COLORS.find((c) => c.name === name);
  if (!color) {
    throw new RangeError(`Unknown table colour "${name}"; expected one of ${TABLE_COLORS.map((c) => c.name).join(', ')}`);
  }
  return { background: safeColor(color.background, 'background'), textColor: safeColor(color.textColor, 'textColor') };
}

/** Colours the selected rows with a palette colour (`None` clears them). */
export function setRowColor(name: string): Command {
  const colors = tableColorAttrs(name);
  return (state, dispatch) => {
    if (!isInTable(state)) return false;
    if (dispatch) {
      const { table, tableStart, top, bottom } = selectedRect(state);
      const tr = state.tr;
      table.forEach((row, offset, index) => {
        if (index < top || index >= bottom) return;
        if (row.attrs.background === colors.background && row.attrs.textColor === colors.textColor) return;
        tr.setNodeMarkup(tableStart + offset, null, { ...row.attrs, ...colors });
      });
      dispatch(tr);
    }
    return true;
  };
}

/** Colours every cell of the selected columns with a palette colour (`None` clears them). */
export function setColumnColor(name: string): Command {
  const colors = tableColorAttrs(name);
  return (state, dispatch) => {
    if (!isInTable(state)) return false;
    if (dispatch) {
      const { map, table, tableStart, left, right } = selectedRect(state);
      const tr = state.tr;
      // Every cell covering the columns, merged cells starting in another column included.
      const cells = new Set<number>();
      for (let row = 0; row < map.height; row++) for (let col = left; col < right; col++) cells.add(map.map[row * map.width + col]);
      for (const pos of cells) {
        const cell = table.nodeAt(pos);
        if (!cell || (cell.attrs.background === colors.background && cell.attrs.textColor === colors.textColor)) continue;
        // Attribute-only steps keep positions, so the table's own offsets stay valid.
        tr.setNodeMarkup(tableStart + pos, null, { ...cell.attrs, ...colors });
      }
      dispatch(tr);
    }
    return true;
  };
}
