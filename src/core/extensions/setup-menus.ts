/**
 * What the element's menus (the toolbar, its block-type menu) read of an editor's setup. Apart
 * from extensions/setup.ts, which the editor needs to start, so that the menus' readers (and the
 * built-in block-type menu, made when this module loads) come with the menus.
 */
import type { EditorState } from 'prosemirror-state';
import type { BlockMenuEntry } from '../commands/block-kind.js';
import { arrange, BUILTIN_MENU_ORDER, type Menus } from '../menus.js';
import type { ToolbarItem } from '../toolbar-state.js';
import { schemaBlockMenu } from './collect.js';
import { editorSetup, editorSetupKey } from './setup.js';

/** The block-type menu of an editor's state (its schema's, in the spec's order, where no setup is held). */
export function blockMenuOf(state: EditorState): readonly BlockMenuEntry[] {
  return editorSetupKey.getState(state)?.blockMenu ?? arrange(schemaBlockMenu(state.schema), BUILTIN_MENU_ORDER, (entry) => entry.id);
}

/** The built-in block-type menu (spec 9), in its order. */
export const BUILTIN_BLOCK_MENU: readonly BlockMenuEntry[] = editorSetup().blockMenu();

/** The extensions' toolbar buttons in an editor's state. */
export function toolbarItemsOf(state: EditorState): readonly ToolbarItem[] {
  return editorSetupKey.getState(state)?.toolbar ?? [];
}

/** The host's menu layout in an editor's state. */
export function menusOf(state: EditorState): Menus {
  return editorSetupKey.getState(state)?.menus ?? {};
}
