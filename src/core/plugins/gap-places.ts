/**
 * What the rest of the editor asks of the gap cursor (plugins/gap-cursor.ts) without loading it:
 * whether a selection is one, where one may stand, and typing beside a block. The embed bundle
 * fetches the gap cursor when an editor first draws a block that can have one beside it (a
 * table, an image, a code block, a rule: element/node-views/index.ts); until then no selection
 * is a gap cursor and `gapCursorAt` finds none.
 */
import type { GapCursor } from 'prosemirror-gapcursor';
import type { ResolvedPos } from 'prosemirror-model';
import { NodeSelection, TextSelection, type EditorState, type Selection, type Transaction } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';

/** Whether a selection is a gap cursor, told by the JSON name prosemirror-gapcursor gives it (the class may not be loaded). */
export function isGapCursor(selection: Selection | null | undefined): boolean {
  return !!selection && !(selection instanceof TextSelection) && !(selection instanceof NodeSelection) && (selection.toJSON() as { type?: string }).type === 'gapcursor';
}

/**
 * The gap cursor at `$pos` when one may stand there, asked of the view's gap cursor plugin
 * (its `createSelectionBetween` answers one for a collapsed selection at a valid gap).
 */
export function gapCursorAt(view: EditorView | undefined, $pos: ResolvedPos): GapCursor | null {
  if (!view) return null;
  const found = view.someProp('createSelectionBetween', (create) => create(view, $pos, $pos));
  return isGapCursor(found) ? (found as GapCursor) : null;
}

/** The text block a container would create at `$pos` (a paragraph, as a rule), or null. */
function textblockAt($pos: ResolvedPos) {
  const type = $pos.parent.contentMatchAt($pos.index()).defaultType;
  return type?.isTextblock ? type : null;
}

/**
 * Typing with the caret between blocks (a gap cursor) or with a whole block selected
 * (an image, a rule, a block chosen with its handle) starts a new paragraph there with
 * the text, instead of replacing the block: a stray key never deletes a block. With no
 * text, the paragraph is empty, the caret in it with the marks stored. Answers null for
 * other selections.
 */
export function typeBesideBlock(state: EditorState, text: string): Transaction | null {
  const { selection } = state;
  let pos: number;
  if (isGapCursor(selection)) pos = selection.head;
  else if (selection instanceof NodeSelection && selection.node.isBlock) pos = selection.to;
  else return null;
  const $pos = state.doc.resolve(pos);
  const type = textblockAt($pos);
  if (!type) return null;
  const marks = state.storedMarks ?? [];
  const block = type.createAndFill(null, text ? state.schema.text(text, marks) : null);
  if (!block) return null;
  const tr = state.tr.insert(pos, block);
  return tr.setSelection(TextSelection.create(tr.doc, pos + 1 + text.length)).setStoredMarks(text ? null : state.storedMarks).scrollIntoView();
}
