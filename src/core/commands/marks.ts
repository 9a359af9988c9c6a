import { toggleMark } from 'prosemirror-commands';
import type { MarkType, Node } from 'prosemirror-model';
import type { Command, EditorState, TextSelection } from 'prosemirror-state';
import { announceMark } from '../announce.js';
import { withMarkType } from '../per-schema.js';

/**
 * The toggle of a mark's button and shortcut, as word processors have it: a selection that has the
 * mark only in part gets it throughout, and only one that has it throughout loses it
 * (ProseMirror's default removes it when any of the text has it).
 */
export function toggleMarkType(type: MarkType, options?: ToggleOptions): Command {
  const toggle = toggleMark(type, null, { removeWhenPresent: false, ...options });
  // It removes the mark where `markActive` says it is on, and adds it elsewhere: the announcement says which.
  return (state, dispatch, view) => toggle(state, dispatch && ((tr) => dispatch(announceMark(tr, state, type, !markActive(state, type)))), view);
}

/** prosemirror-commands' options for `toggleMark`. */
type ToggleOptions = Parameters<typeof toggleMark>[2];

/** A toggle for the mark of this name in the state's schema (`toggleMarkType`'s); it does not apply where the schema has no such mark. */
export function toggleMarkNamed(name: string, options?: ToggleOptions): Command {
  return withMarkType(name, (type) => toggleMarkType(type, options));
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
export const toggleCode: Command = toggleMarkNamed('code');

/**
 * ArrowRight at the end of a text block that ends in inline code (ArrowLeft at the start of one
 * that starts with it) leaves the code without moving the caret: what is typed next is plain
 * text, and the code button is no longer pressed. The next press moves on as usual. Inline code
 * (a mark whose spec says `code`) otherwise goes on with what is typed after it, and at a text
 * block's edge there is no plain text beside it to move to. The edge is the view's (right and left
 * as the text runs), so without a view the command does nothing.
 */
export const leaveCodeAtEdge =
  (dir: 'left' | 'right'): Command =>
  (state, dispatch, view) => {
    const $cursor = (state.selection as TextSelection).$cursor;
    if (!$cursor?.parent.content.size) return false;
    const marks = state.storedMarks ?? $cursor.marks();
    const kept = marks.filter((mark) => !mark.type.spec.code);
    // The view's edge (which may read layout) is asked only with code in force: not on every arrow.
    if (kept.length === marks.length || !view?.endOfTextblock(dir)) return false;
    dispatch?.(state.tr.setStoredMarks(kept));
    return true;
  };

/**
 * Runs an Enter (`command`) so that a new empty text block it leaves the caret in goes on in the
 * marks the caret had, as word processors do: a bold line's Enter starts the next line bold.
 * Those are the stored marks, or the marks of the text before the caret (none at a block's start:
 * a link ends there, as it is not inclusive). Inline code stays behind (a mark whose spec says
 * `code`: a span of code, not a style of the line), and so does any mark the new block refuses.
 * ProseMirror's `splitBlockKeepMarks` does the first part for one command and keeps code too.
 */
export function keepingMarks(command: Command): Command {
  return (state, dispatch, view) => {
    const { $from, $to } = state.selection;
    const marks = state.storedMarks ?? ($to.parentOffset ? $from.marks() : null);
    if (!dispatch || !marks?.length) return command(state, dispatch, view);
    return command(
      state,
      (tr) => {
        const $cursor = (tr.selection as TextSelection).$cursor;
        if ($cursor?.parent.isTextblock && !$cursor.parent.content.size && !tr.storedMarks) {
          const kept = marks.filter((mark) => !mark.type.spec.code && $cursor.parent.type.allowsMarkType(mark.type));
          if (kept.length) tr.ensureMarks(kept);
        }
        dispatch(tr);
      },
      view,
    );
  };
}

/**
 * Whether a mark's button is pressed: what `toggleMarkType` reads before it removes the mark. At a
 * caret, the marks typing would get; over a selection, whether all of its text that could have the
 * mark has it (spaces at the edges aside), so a partly bold selection shows Bold not pressed.
 */
export function markActive(state: EditorState, type: MarkType): boolean {
  const { empty, $from, ranges } = state.selection;
  if (empty) return !!type.isInSet(state.storedMarks ?? $from.marks());
  return ranges.every((range) => wholeRangeHas(state.doc, range.$from.pos, range.$to.pos, type));
}

/** Whether every node from `from` to `to` that could have the mark has it; text of nothing but spaces is left out, as prosemirror-commands' `toggleMark` leaves it. */
function wholeRangeHas(doc: Node, from: number, to: number, type: MarkType): boolean {
  let missing = false;
  doc.nodesBetween(from, to, (node, pos, parent) => {
    if (missing) return false;
    missing =
      !type.isInSet(node.marks) &&
      !!parent?.type.allowsMarkType(type) &&
      !(node.isText && /^\s*$/.test(node.textBetween(Math.max(0, from - pos), Math.min(node.nodeSize, to - pos))));
    return true;
  });
  return !missing;
}
