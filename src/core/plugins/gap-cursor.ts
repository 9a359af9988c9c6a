/**
 * The places between blocks where no text can go: before a table, rule, image or code
 * block that starts the document, after one that ends it, between two of them. The gap
 * cursor (prosemirror-gapcursor) lets the arrows and a click stop there; typing there
 * starts a paragraph. Code blocks ask for a gap cursor beside them (`createGapCursor`
 * in their spec): their text is code, so the place beside one is not in it. Shift and an arrow
 * at a text block's edge extend a selection over such a block (`extendOverBlock`). What the rest of
 * the editor asks of it without loading it is in gap-places.ts; the embed bundle fetches this
 * module when an editor first draws a block a gap can stand beside (element/gaps.ts).
 */
import { gapCursor, GapCursor } from 'prosemirror-gapcursor';
import { Plugin, Selection, TextSelection, type EditorState } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
import { gapCursorAt } from './gap-places.js';
import { tableAround } from './table-around.js';

export { GapCursor };

const ARROW_DIRECTIONS: Readonly<Record<string, 1 | -1>> = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 };

/**
 * An arrow from a gap cursor toward a document edge with nothing beyond it (before a
 * table that starts the document, after an image that ends it) goes nowhere: the key is
 * taken so the browser does not move its own caret from the gap's. Firefox would move it
 * into the table's first cell, or into the image's non-editable frame, where typed text
 * is lost; WebKit cannot re-set ProseMirror's range inside the shadow root for its caret
 * motion, and extending it throws an InvalidStateError.
 */
function stayAtDocumentEdge(view: EditorView, event: KeyboardEvent): boolean {
  const dir = ARROW_DIRECTIONS[event.key];
  const { selection } = view.state;
  if (!dir || event.shiftKey || !(selection instanceof GapCursor)) return false;
  return !Selection.findFrom(selection.$head, dir);
}

/** Sets the selection's head at the first place for text from `pos` on in `dir`; false when there is none. */
function extendTo(view: EditorView, pos: number, dir: 1 | -1): boolean {
  const { doc, selection } = view.state;
  const beyond = Selection.findFrom(doc.resolve(pos), dir, true);
  if (!beyond) return false;
  view.dispatch(view.state.tr.setSelection(TextSelection.create(doc, selection.anchor, beyond.head)).scrollIntoView());
  return true;
}

/**
 * Shift and an arrow at the edge of a text block beside a table, an image or a rule extend the
 * selection over that block to the text beyond it: Right and Left (by a letter or, with Ctrl or
 * Alt, by a word) over any of the three, Down and Up over a table. The browser's own extension
 * stopped at the text block's edge there, its next place holding no text (Chromium and WebKit
 * before each of them, Firefox before a table), so the keyboard could not select across; and
 * Down into a table, prosemirror-tables turned the selection into one of cells from the row
 * reached, dropping where it started. A table is taken whole, as it is when Down or Up meets a
 * selection that reaches into it from outside: a selection ending at the start of a cell is
 * one prosemirror-tables reads as a triple click's and narrows to the paragraph.
 */
function extendOverBlock(view: EditorView, event: KeyboardEvent): boolean {
  const dir = ARROW_DIRECTIONS[event.key];
  const vertical = event.key === 'ArrowDown' || event.key === 'ArrowUp';
  const { selection } = view.state;
  if (!dir || !event.shiftKey || event.metaKey || !(selection instanceof TextSelection)) return false;
  const { $head } = selection;
  const table = vertical ? tableAround($head, 0) : null;
  if (table) return table.pos < selection.anchor && selection.anchor < table.end ? false : extendTo(view, dir > 0 ? table.end : table.pos, dir) || true;
  if (vertical ? !view.endOfTextblock(dir > 0 ? 'down' : 'up') : $head.parentOffset !== (dir > 0 ? $head.parent.content.size : 0)) return false;
  for (let d = $head.depth; d > 0; d--) {
    const parent = $head.node(d - 1);
    const index = $head.index(d - 1);
    if (dir > 0 ? index < parent.childCount - 1 : index > 0) {
      const next = parent.child(index + dir);
      const over = next.type.spec.isolating || (!vertical && next.isAtom);
      return !!over && extendTo(view, (dir > 0 ? $head.after(d) : $head.before(d)) + dir * next.nodeSize, dir);
    }
    if (parent.type.spec.isolating) return false;
  }
  return false;
}

/** The gap cursor: arrows and clicks stop between blocks that hold no caret of their own. */
export function gapCursorPlugin(): Plugin {
  const plugin = gapCursor();
  const handleKeyDown = plugin.spec.props?.handleKeyDown;
  return new Plugin({
    ...plugin.spec,
    props: {
      ...plugin.spec.props,
      handleKeyDown(this: Plugin, view: EditorView, event: KeyboardEvent) {
        return !!handleKeyDown?.call(this, view, event) || stayAtDocumentEdge(view, event) || extendOverBlock(view, event);
      },
    },
  });
}

/**
 * Where the caret goes when it leaves a block (a table) over its edge at `edge`, moving
 * in `dir`: the text just beyond, the gap there when the block is the document's first
 * or last (or stands beside another block without text), or the nearest place beyond.
 * Null when there is no such place (and no view to ask about gaps).
 */
export function selectionBeyond(state: EditorState, edge: number, dir: 1 | -1, view?: EditorView): Selection | null {
  const $edge = state.doc.resolve(edge);
  const next = dir > 0 ? $edge.nodeAfter : $edge.nodeBefore;
  if (next?.isTextblock) return TextSelection.near(state.doc.resolve(dir > 0 ? edge + 1 : edge - 1), dir);
  return gapCursorAt(view, $edge) ?? Selection.findFrom($edge, dir);
}
