import { toggleMark } from 'prosemirror-commands';
import type { MarkType } from 'prosemirror-model';
import type { Command, EditorState, TextSelection } from 'prosemirror-state';
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
