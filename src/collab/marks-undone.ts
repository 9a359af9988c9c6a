/**
 * The user's undo or redo of a mark in a shared document comes back from it as a change of the
 * document like a colleague's (the binding rewrites what the shared document says, narrowed to
 * one replace step: editor-plugins.ts `narrowRemote`), not as the mark steps a local undo has. So
 * that a screen reader still hears "Bold off" (core/announce.ts), the words are read from the
 * step: the stretch it replaces holds the same nodes and text, with other marks. An undone block
 * move is read from the document before and after ("Block moved down").
 */
import type { Fragment, Mark, Node as PMNode } from 'prosemirror-model';
import type { EditorState, Transaction } from 'prosemirror-state';
import { ReplaceStep } from 'prosemirror-transform';
import { ANNOUNCE_META, marksSaid, pluginsSay, turn, type MarksTurned } from '../core/announce.js';

/** The largest replaced stretch read (a step beyond it is taken as more than a change of marks). */
const READ_AT_MOST = 20_000;

/**
 * `tr` (the user's undo or redo, applied to `state`) with the words of the marks it turned on or
 * off, when that is all it changed, or what a plugin says of it (core/announce.ts `pluginsSay`:
 * the way the selection's block went, when it moved a block).
 */
export function sayMarksUndone(tr: Transaction, state: EditorState): Transaction {
  const turned: MarksTurned = new Map();
  const marksOnly = tr.steps.length > 0 && tr.steps.every((step, index) => step instanceof ReplaceStep && sameButMarks(tr.docs[index]!, step, turned));
  const words = marksOnly ? marksSaid(state, turned) : pluginsSay(tr, state);
  return words ? tr.setMeta(ANNOUNCE_META, words) : tr;
}

/** Whether a replace step puts back the stretch it replaces with other marks only (noting which went on and off). */
function sameButMarks(before: PMNode, step: ReplaceStep, turned: MarksTurned): boolean {
  const { from, to, slice } = step;
  if (from === to || to - from !== slice.size || slice.size > READ_AT_MOST) return false;
  const old = before.slice(from, to);
  return old.openStart === slice.openStart && old.openEnd === slice.openEnd && sameContent(old.content, slice.content, turned);
}

/** Whether two fragments hold the same nodes and text, marks aside (noting how the marks differ). */
function sameContent(a: Fragment, b: Fragment, turned: MarksTurned): boolean {
  const left = children(a);
  const right = children(b);
  let [i, j] = [0, 0];
  // Offsets into the text nodes at i and j: the same text may be split otherwise by its marks.
  let [at, bt] = [0, 0];
  while (i < left.length && j < right.length) {
    const x = left[i]!;
    const y = right[j]!;
    if (x.isText && y.isText) {
      const length = Math.min(x.text!.length - at, y.text!.length - bt);
      if (x.text!.slice(at, at + length) !== y.text!.slice(bt, bt + length)) return false;
      compareMarks(x.marks, y.marks, turned);
      at += length;
      bt += length;
      if (at === x.text!.length) [i, at] = [i + 1, 0];
      if (bt === y.text!.length) [j, bt] = [j + 1, 0];
    } else if (!x.isText && !y.isText && x.hasMarkup(y.type, y.attrs, x.marks) && sameContent(x.content, y.content, turned)) {
      compareMarks(x.marks, y.marks, turned);
      i++;
      j++;
    } else return false;
  }
  return i === left.length && j === right.length;
}

/** A fragment's children. */
function children(fragment: Fragment): PMNode[] {
  const nodes: PMNode[] = [];
  fragment.forEach((node) => nodes.push(node));
  return nodes;
}

/** Notes the marks `after` has that `before` lacks (on), and the other way (off). */
function compareMarks(before: readonly Mark[], after: readonly Mark[], turned: MarksTurned): void {
  if (before === after) return;
  for (const mark of after) if (!mark.isInSet(before)) turn(turned, mark.type, 'on');
  for (const mark of before) if (!mark.isInSet(after)) turn(turned, mark.type, 'off');
}
