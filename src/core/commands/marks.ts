import { toggleMark } from 'prosemirror-commands';
import type { Command } from 'prosemirror-state';
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
