/**
 * What an edit says to someone using a screen reader where the edit shows it only visually: a
 * mark turned on or off (the text looks bold; the caret and the focus stay where they were), a
 * block moved. A command puts the words on its transaction; the element speaks them in a polite
 * live region (element/rich-editor/announcer.ts). Others' edits and undo carry none.
 */
import type { MarkType } from 'prosemirror-model';
import type { EditorState, Transaction } from 'prosemirror-state';
import { fill, wordsOf, type StringKey } from './strings.js';

/** The transaction meta holding the words an edit says (a string, in the editor's language). */
export const ANNOUNCE_META = 'announce';

/** `tr` saying the word `key` (from the editor's strings, its `{name}`s filled in from `values`). */
export function announce(tr: Transaction, state: EditorState, key: StringKey, values: Readonly<Record<string, string>> = {}): Transaction {
  return tr.setMeta(ANNOUNCE_META, fill(wordsOf(state)[key], values));
}

/** `tr` saying that it turned the mark `type` on (`on`) or off: "Bold on", with the mark's toolbar label. */
export function announceMark(tr: Transaction, state: EditorState, type: MarkType, on: boolean): Transaction {
  const label = wordsOf(state)[`toolbar.${type.name}`] ?? (type.spec as { label?: string }).label ?? type.name;
  return announce(tr, state, on ? 'announce.markOn' : 'announce.markOff', { mark: label });
}

/** The words a transaction says, or null. */
export function announcementOf(tr: Transaction): string | null {
  const said = tr.getMeta(ANNOUNCE_META);
  return typeof said === 'string' && said ? said : null;
}
