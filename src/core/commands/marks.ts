import { toggleMark } from 'prosemirror-commands';
import type { Command } from 'prosemirror-state';
import { schema } from '../schema/index.js';

/** Toggles bold on the selection (Mod-b). */
export const toggleBold: Command = toggleMark(schema.marks.bold);
/** Toggles italic on the selection (Mod-i). */
export const toggleItalic: Command = toggleMark(schema.marks.italic);
/** Toggles underline on the selection (Mod-u). */
export const toggleUnderline: Command = toggleMark(schema.marks.underline);
/** Toggles strike-through on the selection (Mod-Shift-s). */
export const toggleStrike: Command = toggleMark(schema.marks.strike);
/** Toggles inline code on the selection (Mod-e); code excludes every other mark. */
export const toggleCode: Command = toggleMark(schema.marks.code, null, { removeWhenPresent: false });
