/**
 * The menus an editor's setup gives (the slash menu's entries, the block-type menu, the
 * toolbar's buttons) and what the element's menus read of them. Apart from extensions/setup.ts,
 * which the editor needs to start, so that they come with the menus: each menu is made on its
 * first read, once per editor setup.
 */
import type { EditorState } from 'prosemirror-state';
import type { BlockMenuEntry } from '../commands/block-kind.js';
import { markActive, toggleMarkType } from '../commands/marks.js';
import { featureOn, type Features } from '../features.js';
import { arrange, BUILTIN_MENU_ORDER, type Menus } from '../menus.js';
import type { SlashItem } from '../plugins/slash-items.js';
import type { ToolbarItem } from '../toolbar-state.js';
import { schemaBlockMenu } from './collect-menus.js';
import { editorSetup, editorSetupKey, type EditorSetup, type SetupState } from './setup.js';
import type { EditorExtension } from './types.js';

const on = (ext: EditorExtension, features?: Features) => featureOn(features, ext.feature);

/** The slash menu's entries the extensions add besides their nodes' (which the schema's node types carry). */
export function setupSlashItems(setup: EditorSetup, features?: Features): SlashItem[] {
  const items: SlashItem[] = [];
  for (const ext of setup.extensions) {
    if (!on(ext, features)) continue;
    for (const entry of ext.slash ?? []) {
      items.push({ id: entry.id, title: entry.title, description: entry.description ?? '', searchTerms: entry.terms ?? [], icon: entry.icon, command: entry.command ?? (() => false) });
    }
  }
  return items;
}

/** The block-type menu: the schema's nodes' entries (the built-in ones first, in the spec's order), then the extensions' own. */
export function setupBlockMenu(setup: EditorSetup, features?: Features): BlockMenuEntry[] {
  const own = setup.extensions.filter((ext) => on(ext, features)).flatMap((ext) => ext.blockMenu ?? []);
  return arrange([...schemaBlockMenu(setup.schema, features), ...own], BUILTIN_MENU_ORDER, (entry) => entry.id);
}

/** The toolbar buttons the extensions add (their marks' toggles, then their own). */
export function setupToolbarItems(setup: EditorSetup, features?: Features): ToolbarItem[] {
  const items: ToolbarItem[] = [];
  for (const ext of setup.extensions) {
    if (!on(ext, features)) continue;
    for (const def of ext.marks ?? []) {
      if (!def.toolbar) continue;
      const type = setup.schema.marks[def.name];
      items.push({ id: def.name, ...def.toolbar, command: toggleMarkType(type), active: (state) => markActive(state, type) });
    }
    items.push(...(ext.toolbar ?? []));
  }
  return items;
}

/** The menus made of a held setup: the block-type menu arranged by the host's layout, and the extensions' toolbar buttons. */
interface SetupMenus {
  readonly blockMenu: readonly BlockMenuEntry[];
  readonly toolbar: readonly ToolbarItem[];
}

const made = new WeakMap<SetupState, SetupMenus>();

function menusMade(held: SetupState): SetupMenus {
  let menus = made.get(held);
  if (!menus) {
    menus = { blockMenu: arrange(setupBlockMenu(held.setup, held.features), held.menus.blockMenu, (entry) => entry.id), toolbar: setupToolbarItems(held.setup, held.features) };
    made.set(held, menus);
  }
  return menus;
}

/** The block-type menu of an editor's state (its schema's, in the spec's order, where no setup is held). */
export function blockMenuOf(state: EditorState): readonly BlockMenuEntry[] {
  const held = editorSetupKey.getState(state);
  return held ? menusMade(held).blockMenu : arrange(schemaBlockMenu(state.schema), BUILTIN_MENU_ORDER, (entry) => entry.id);
}

/** The built-in block-type menu (spec 9), in its order. */
export const BUILTIN_BLOCK_MENU: readonly BlockMenuEntry[] = setupBlockMenu(editorSetup());

/** The extensions' toolbar buttons in an editor's state. */
export function toolbarItemsOf(state: EditorState): readonly ToolbarItem[] {
  const held = editorSetupKey.getState(state);
  return held ? menusMade(held).toolbar : [];
}

/** The host's menu layout in an editor's state. */
export function menusOf(state: EditorState): Menus {
  return editorSetupKey.getState(state)?.menus ?? {};
}
