/**
 * How a host arranges the editor's menus (the element's `menus` property): per menu,
 * the ids to show first and in what order, and the ids to hide. Items are added by
 * extensions (`slash`, `blockMenu`, `toolbar`); this only orders and hides, so a host's
 * layout keeps working when a later version adds an entry (it lands after the listed ones).
 */

/** One menu's arrangement by item id. */
export interface MenuLayout {
  /** These ids first, in this order; the others follow in their default order. */
  readonly order?: readonly string[];
  /** These ids are not shown. */
  readonly hide?: readonly string[];
}

/** The arrangement of each menu: the slash menu, the toolbar's block-type menu and the toolbar's buttons. */
export interface Menus {
  readonly slash?: MenuLayout;
  readonly blockMenu?: MenuLayout;
  readonly toolbar?: MenuLayout;
}

/**
 * The order of the built-in entries in the slash menu and the block-type menu (spec 9);
 * a host's entries follow, and the element's `menus` rearranges both.
 */
export const BUILTIN_MENU_ORDER: MenuLayout = {
  order: ['text', 'heading1', 'heading2', 'heading3', 'todo', 'bullet', 'numbered', 'table', 'quote', 'code', 'image', 'divider'],
};

/** `items` arranged by `layout`: hidden ids removed, ordered ids first (in the layout's order), the rest after in their order. */
export function arrange<T>(items: readonly T[], layout: MenuLayout | undefined, idOf: (item: T) => string | undefined): T[] {
  if (!layout || (!layout.order?.length && !layout.hide?.length)) return [...items];
  const hidden = new Set(layout.hide ?? []);
  const rank = new Map((layout.order ?? []).map((id, index) => [id, index]));
  const shown = items.filter((item) => {
    const id = idOf(item);
    return id === undefined || !hidden.has(id);
  });
  const rankOf = (item: T) => {
    const id = idOf(item);
    return id !== undefined && rank.has(id) ? rank.get(id)! : rank.size;
  };
  // A stable sort: unlisted items keep their order after the listed ones.
  return shown.map((item, index) => ({ item, index })).sort((a, b) => rankOf(a.item) - rankOf(b.item) || a.index - b.index).map(({ item }) => item);
}
