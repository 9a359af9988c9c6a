/**
 * What an edit says to someone using a screen reader where the edit shows it only visually: a
 * mark turned on or off (the text looks bold; the caret and the focus stay where they were), a
 * block moved. A command puts the words on its transaction; a change of marks only that carries
 * none (an undo or redo of a mark, a host's own mark command) says which marks it turned on or
 * off, and a plugin may say what a change it knows of did (the block moves',
 * core/commands/move-block.ts). The element speaks them in a polite live region
 * (element/rich-editor/announcer.ts).
 * Others' edits and a value set by the host say nothing; the user's undo in a shared document
 * has its words put on by the collaboration binding (collab/marks-undone.ts).
 */
import type { MarkType } from 'prosemirror-model';
import type { EditorState, Transaction } from 'prosemirror-state';
import { AddMarkStep, AddNodeMarkStep, RemoveMarkStep, RemoveNodeMarkStep } from 'prosemirror-transform';
import { fill, wordsOf, type StringKey } from './strings.js';
import { REPLACE_CONTENT_META, SHARED_CHANGE_META } from './transaction-meta.js';

/** The transaction meta holding the words an edit says (a string, in the editor's language). */
export const ANNOUNCE_META = 'announce';

/** `tr` saying the word `key` (from the editor's strings, its `{name}`s filled in from `values`). */
export function announce(tr: Transaction, state: EditorState, key: StringKey, values: Readonly<Record<string, string>> = {}): Transaction {
  return tr.setMeta(ANNOUNCE_META, fill(wordsOf(state)[key], values));
}

/** What a mark turned `on` or off is called: "Bold on", with the mark's toolbar label. */
function markWords(state: EditorState, type: MarkType, on: boolean): string {
  const label = wordsOf(state)[`toolbar.${type.name}`] ?? (type.spec as { label?: string }).label ?? type.name;
  return fill(wordsOf(state)[on ? 'announce.markOn' : 'announce.markOff'], { mark: label });
}

/** `tr` saying that it turned the mark `type` on (`on`) or off: "Bold on", with the mark's toolbar label. */
export function announceMark(tr: Transaction, state: EditorState, type: MarkType, on: boolean): Transaction {
  return tr.setMeta(ANNOUNCE_META, markWords(state, type, on));
}

/** Which way each mark a change touched went: on, off, or both (a link given another address). */
export type MarksTurned = Map<MarkType, 'on' | 'off' | 'both'>;

/** Notes that `type` went `way`. */
export function turn(turned: MarksTurned, type: MarkType, way: 'on' | 'off'): void {
  const was = turned.get(type);
  turned.set(type, !was || was === way ? way : 'both');
}

/** The words for the marks a change turned on or off ("Bold off, Italic on", in the schema's order of marks), or null. */
export function marksSaid(state: EditorState, turned: MarksTurned | null): string | null {
  if (!turned) return null;
  const order = Object.keys(state.schema.marks);
  const words = [...turned]
    .filter(([, way]) => way !== 'both')
    .sort(([a], [b]) => order.indexOf(a.name) - order.indexOf(b.name))
    .map(([type, way]) => markWords(state, type, way === 'on'));
  return words.length ? words.join(', ') : null;
}

/** The marks a transaction's steps turned on and off, or null when it changed more than marks. */
function markSteps(tr: Transaction): MarksTurned | null {
  const turned: MarksTurned = new Map();
  for (const step of tr.steps) {
    if (step instanceof AddMarkStep || step instanceof AddNodeMarkStep) turn(turned, step.mark.type, 'on');
    else if (step instanceof RemoveMarkStep || step instanceof RemoveNodeMarkStep) turn(turned, step.mark.type, 'off');
    else return null;
  }
  return turned;
}

/** A plugin's spec may give the words for changes it knows of (`announce`): the keys that move blocks say which way an undone move went. */
export interface AnnouncingSpec {
  announce?: (tr: Transaction, state: EditorState) => string | null;
}

/**
 * The words a transaction applied to `state` says: those put on it, else, for a change that is
 * the user's or the host's (not others' in a shared document, not a value set), which marks it
 * turned on or off when it changed only marks ("Bold off" for an undone Ctrl+B), or what a plugin
 * says of it (`AnnouncingSpec`: an undone Alt+Shift+Arrow Up says "Block moved down"); or null.
 */
export function announcementOf(tr: Transaction, state: EditorState): string | null {
  const said = tr.getMeta(ANNOUNCE_META);
  if (typeof said === 'string' && said) return said;
  if (!tr.docChanged || tr.getMeta(REPLACE_CONTENT_META) || tr.getMeta(SHARED_CHANGE_META)) return null;
  return marksSaid(state, markSteps(tr)) ?? pluginsSay(tr, state);
}

/** What the first of the state's plugins with words for the change says of it (`AnnouncingSpec`), or null. */
export function pluginsSay(tr: Transaction, state: EditorState): string | null {
  for (const plugin of state.plugins) {
    const words = (plugin.spec as AnnouncingSpec).announce?.(tr, state);
    if (words) return words;
  }
  return null;
}
