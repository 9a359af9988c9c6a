import { toggleMark } from 'prosemirror-commands';
import type { MarkType } from 'prosemirror-model';
import type { Command, EditorState } from 'prosemirror-state';
import { withMarkType } from '../per-schema.js';

/** A toggle for the mark of this name in the state's schema; it does not apply where the schema has no such mark. */
export function toggleMarkNamed(name: string, options?: Parameters<typeof toggleMark>[2]): Command {
  return withMarkType(name, (type) => toggleMark(type, null, options));
}

/** Toggles bold on the selection (Mod-b). */
export const toggleBold: Command = toggleMarkNamed('bold');
/** Toggles italic on the selection (Mod-i). */
export const toggleItalic: Command = toggleMarkNamed('italic');
/** Toggles underline on the selection (Mod-u). */
export const toggleUnderline: Command = toggleMarkNamed('underline');
/** Toggles strike-through on the selection (Mod-Shift-s). */
export const toggleStrike: Command = toggleMarkNamed('strike');
/** Toggles inline code on the selection (Mod-e); code excludes every other mark. */
export const toggleCode: Command = toggleMarkNamed('code', { removeWhenPresent: false });

/**
 * Whether a mark's button is pressed. It follows what the toggle commands do: bold,
 * italic, underline and strike are removed when any selected text has them, inline
 * code (toggled with `removeWhenPresent: false`) only when all of it has.
 */
export function markActive(state: EditorState, type: MarkType): boolean {
  const { empty, from, to, $from } = state.selection;
  if (empty) return !!type.isInSet(state.storedMarks ?? $from.marks());
  if (!type.spec.code) return state.doc.rangeHasMark(from, to, type);
  let sawText = false;
  let all = true;
  state.doc.nodesBetween(from, to, (node) => {
    if (!all) return false;
    if (node.isText) {
      sawText = true;
      if (!type.isInSet(node.marks)) all = false;
    }
    return true;
  });
  return sawText && all;
}
