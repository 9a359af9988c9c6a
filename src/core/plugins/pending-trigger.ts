/**
 * The "/" or "@" typed before its menu's plugin arrived (menu-triggers.ts notes it), as the
 * menu's plugin reads it when it starts; apart so that it comes with the menus.
 */
import type { EditorState } from 'prosemirror-state';
import { triggersKey, type Trigger } from './menu-triggers.js';

/**
 * Where `trigger` was typed before its menu's plugin arrived, when it is still there, the
 * selection is a caret after it in the same textblock, and the editor has focus; null otherwise.
 */
export function pendingTrigger(state: EditorState, trigger: Trigger): number | null {
  const from = triggersKey.getState(state)?.[trigger];
  if (from === undefined) return null;
  const { selection, doc } = state;
  if (!selection.empty || selection.from <= from || doc.textBetween(from, from + 1, '', '\ufffc') !== trigger) return null;
  return selection.$from.start() <= from ? from : null;
}
