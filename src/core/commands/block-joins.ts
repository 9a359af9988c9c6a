/**
 * Backspace and Delete at the edges of lists, quotes and headings, as word processors do them:
 * text crosses the edge of a block that holds blocks and joins the text on the other side,
 * instead of the paragraph turning into a new list item or moving into the quote whole
 * (ProseMirror's default) or nothing happening.
 */
import { joinTextblockBackward, joinTextblockForward } from 'prosemirror-commands';
import type { Node as PMNode, ResolvedPos } from 'prosemirror-model';
import { TextSelection, type Command, type EditorState, type Transaction } from 'prosemirror-state';
import { liftTarget, Mapping } from 'prosemirror-transform';
import type { EditorView } from 'prosemirror-view';
import { keepLeavesAsText, setTextblockType } from './blocks.js';

/**
 * A block that holds blocks and whose edges text crosses: a list, a quote, a host's container.
 * Not a table (isolating: its cells keep their text), nor a text block, a leaf or an atom.
 */
function holdsBlocks(node: PMNode | null | undefined): boolean {
  return !!node && !node.isTextblock && !node.type.isAtom && !node.type.spec.isolating;
}

/** A text block whose text may join another's (not code, whose text is not prose). */
function isProse(node: PMNode | null | undefined): boolean {
  return !!node && node.isTextblock && !node.type.spec.code;
}

/** The caret when it is empty and at the start (or end) of its text block, as the view sees it. */
function caretAtEdge(state: EditorState, side: 'start' | 'end', view?: EditorView): ResolvedPos | null {
  const { selection } = state;
  if (!(selection instanceof TextSelection) || !selection.empty) return null;
  const $cursor = selection.$cursor!;
  if (view) return view.endOfTextblock(side === 'start' ? 'backward' : 'forward', state) ? $cursor : null;
  return (side === 'start' ? $cursor.parentOffset === 0 : $cursor.parentOffset === $cursor.parent.content.size) ? $cursor : null;
}

/** The position between the caret's block (or its outermost ancestor it starts or ends) and its neighbour. */
function cutBeside($cursor: ResolvedPos, dir: 1 | -1): ResolvedPos | null {
  for (let d = $cursor.depth - 1; d >= 0; d--) {
    const index = $cursor.index(d);
    if (dir < 0 ? index > 0 : index < $cursor.node(d).childCount - 1) {
      return $cursor.doc.resolve(dir < 0 ? $cursor.before(d + 1) : $cursor.after(d + 1));
    }
    if ($cursor.node(d).type.spec.isolating) return null;
  }
  return null;
}

/**
 * Backspace at the start of a paragraph that follows a list or a quote: its text joins the
 * last text there (the list's last item; the caret between the two texts). At the start of the
 * first text of a list or a quote that follows one of another type (a numbered list after a
 * bulleted one), that text leaves its list or quote, as the first Backspace in a word processor
 * takes its number away; ProseMirror's default poured one list's items into the other, or moved
 * the whole list into the quote.
 */
export const joinIntoBlocksBackward: Command = (state, dispatch, view) => {
  const $cursor = caretAtEdge(state, 'start', view);
  if (!$cursor || !isProse($cursor.parent)) return false;
  const $cut = cutBeside($cursor, -1);
  const before = $cut?.nodeBefore;
  const after = $cut?.nodeAfter;
  if (!$cut || !holdsBlocks(before)) return false;
  if (after === $cursor.parent) return joinTextblockBackward(state, dispatch, view);
  if (!holdsBlocks(after) || after!.type === before!.type) return false;
  const range = $cursor.blockRange();
  const target = range && liftTarget(range);
  if (target == null) return false;
  if (dispatch) dispatch(state.tr.lift(range!, target).scrollIntoView());
  return true;
};

/**
 * The first text block inside the block that starts at `pos` (where `node` starts), with the
 * range to delete to take it out: the text block, or the outermost container it is the only
 * content of; no range when what the container would keep is not valid without it (an item
 * whose text a nested list follows). Null when a leaf or code comes first.
 */
function firstTextOf(node: PMNode, pos: number): { text: PMNode; range: { from: number; to: number } | null } | null {
  const chain: Array<[PMNode, number]> = [];
  let text = node;
  while (!text.isTextblock) {
    if (!holdsBlocks(text) || !text.firstChild) return null;
    chain.push([text, pos++]);
    text = text.firstChild;
  }
  if (!isProse(text)) return null;
  let range: { from: number; to: number } | null = { from: pos, to: pos + text.nodeSize };
  for (const [container, at] of chain.reverse()) {
    if (container.childCount > 1) {
      if (!container.canReplace(0, 1)) range = null;
      break;
    }
    range = { from: at, to: at + container.nodeSize };
  }
  return { text, range };
}

/**
 * Delete at the end of a paragraph before a list or a quote pulls its first text in (the first
 * item's); Delete at the end of a list's last item or a quote's last paragraph pulls in the
 * paragraph after it; Delete at the end of a list item before the next item (or of a quote
 * before another) joins the next one's first text to this one, and what else it held follows
 * (Google Docs and TipTap do it in one press; ProseMirror's default made the next item a second
 * paragraph of this one). Before a block of another type (a numbered list after a bulleted
 * one, a list after a quote) only the first text comes over: the rest keeps its type, where
 * the default poured one list's items into the other.
 */
export const joinAcrossBlocksForward: Command = (state, dispatch, view) => {
  const $cursor = caretAtEdge(state, 'end', view);
  if (!$cursor || !isProse($cursor.parent)) return false;
  const $cut = cutBeside($cursor, 1);
  if (!$cut) return false;
  const before = $cut.nodeBefore;
  const after = $cut.nodeAfter;
  if (!before || !after) return false;
  const into = before === $cursor.parent && holdsBlocks(after);
  const outOf = holdsBlocks(before) && isProse(after);
  if (into || outOf) return joinTextblockForward(state, dispatch, view);
  const first = holdsBlocks(before) && holdsBlocks(after) ? firstTextOf(after, $cut.pos) : null;
  if (first && after.type === before.type) return joinTextblockForward(state, dispatch, view);
  const range = first?.range;
  // A host's text block may not take the other's marks or inline nodes: then the usual keys.
  if (!range || !$cursor.parent.canReplace($cursor.parent.childCount, $cursor.parent.childCount, first.text.content)) return false;
  if (dispatch) {
    const tr = state.tr.delete(range.from, range.to).insert($cursor.pos, first.text.content);
    dispatch(tr.setSelection(TextSelection.create(tr.doc, $cursor.pos)).scrollIntoView());
  }
  return true;
};

/**
 * Backspace at the start of a heading that starts the document (nothing before it to
 * join) turns it into a paragraph, the way it would lose a list's bullet.
 */
export const headingToParagraphAtStart: Command = (state, dispatch, view) => {
  const $cursor = caretAtEdge(state, 'start', view);
  const paragraph = state.schema.nodes.paragraph;
  if (!$cursor || !paragraph || $cursor.depth !== 1 || $cursor.index(0) !== 0) return false;
  if ($cursor.parent.type === paragraph || $cursor.parent.type.spec.code || !$cursor.parent.isTextblock) return false;
  return setTextblockType(paragraph)(state, dispatch);
};

/**
 * `join` (Backspace's or Delete's joining of blocks) where the caret's text block and its
 * sibling are text blocks of two types, such as a paragraph after a code block: what the block
 * after holds that the one before cannot (a mention) goes in as its text, as a change of type
 * keeps it, instead of being dropped; then the blocks join as they would. Otherwise nothing.
 */
export function joinKeepingText(dir: 1 | -1, join: Command): Command {
  return (state, dispatch, view) => {
    const $cursor = caretAtEdge(state, dir < 0 ? 'start' : 'end', view);
    const $cut = $cursor && cutBeside($cursor, dir);
    const before = $cut?.nodeBefore;
    const after = $cut?.nodeAfter;
    if (!$cut || !before?.isTextblock || !after?.isTextblock || before.type === after.type) return false;
    const tr = state.tr;
    keepLeavesAsText(tr, $cut.pos + 1, $cut.pos + after.nodeSize - 1, before.type);
    let joined: Transaction | null = null;
    if (!tr.docChanged || !join(state.apply(tr), (inner) => (joined = inner), view)) return false;
    if (dispatch) {
      for (const step of joined!.steps) tr.step(step);
      dispatch(tr.setSelection(joined!.selection.map(tr.doc, new Mapping())).scrollIntoView());
    }
    return true;
  };
}
