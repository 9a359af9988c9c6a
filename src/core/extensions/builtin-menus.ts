/**
 * The mark a built-in block's definition carries in place of its menu entries: the name of its
 * entries in blocks/menus.ts, under a symbol, so a copy made by spreading the definition keeps it
 * (JSON leaves it out). The menus' collector (collect-menus.ts) makes the entries from it for the
 * definition it is on (a heading's for the levels it was configured with) when the definition
 * has no `slash` or `blockMenu` of its own; the entries' words, search terms and menu-only
 * commands so come with the menus, not with the definitions.
 */

/** The key of a built-in block's menu mark (see `BuiltinMenusName`). */
export const BUILTIN_MENUS: unique symbol = Symbol('builtinMenus');

/** The built-in blocks whose menu entries blocks/menus.ts makes, by the name their definitions mark. */
export type BuiltinMenusName =
  | 'paragraph'
  | 'heading'
  | 'blockquote'
  | 'horizontal_rule'
  | 'code_block'
  | 'bullet_list'
  | 'ordered_list'
  | 'task_list'
  | 'table'
  | 'image';
