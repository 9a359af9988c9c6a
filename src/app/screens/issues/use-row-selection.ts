import { useState } from 'react';

/** The rows chosen in a list and the row a Shift-click extends from. */
export interface RowSelection {
  selected: ReadonlySet<string>;
  anchor: string | null;
}

/** Nothing chosen. */
export const NO_SELECTION: RowSelection = { selected: new Set(), anchor: null };

/**
 * The selection after a click on row `id`'s checkbox: a plain click toggles the row and makes it
 * the anchor; a Shift-click gives every row from the anchor to it (in `order`) the clicked row's new state.
 */
export function clickRow(selection: RowSelection, id: string, shift: boolean, order: readonly string[]): RowSelection {
  const on = !selection.selected.has(id);
  const next = new Set(selection.selected);
  const from = selection.anchor ? order.indexOf(selection.anchor) : -1;
  const to = order.indexOf(id);
  const range = shift && from >= 0 && to >= 0 ? order.slice(Math.min(from, to), Math.max(from, to) + 1) : [id];
  for (const row of range) {
    if (on) next.add(row);
    else next.delete(row);
  }
  return { selected: next, anchor: id };
}

/** The selected rows of a list shown in `order`: rows that leave the list leave the selection. */
export function useRowSelection(order: readonly string[]) {
  const [selection, setSelection] = useState<RowSelection>(NO_SELECTION);
  const selected = new Set([...selection.selected].filter((id) => order.includes(id)));
  return {
    selected: selected as ReadonlySet<string>,
    click: (id: string, shift: boolean) => setSelection((current) => clickRow(current, id, shift, order)),
    clear: () => setSelection(NO_SELECTION),
  };
}

/** What a list needs to show and change its rows' checkboxes. */
export type RowSelectionControls = Pick<ReturnType<typeof useRowSelection>, 'selected' | 'click'>;
