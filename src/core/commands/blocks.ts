import { lift, setBlockType, wrapIn } from 'prosemirror-commands';
import { InputRule } from 'prosemirror-inputrules';
import type { Attrs, Node as PMNode, NodeType } from 'prosemirror-model';
import { TextSelection, type Command, type EditorState, type Transaction } from 'prosemirror-state';
import { liftTarget } from 'prosemirror-transform';
import { withNodeType } from '../per-schema.js';

/** Whether the selection's text block has the given type (and attributes, when given). */
export function isBlockActive(state: EditorState, type: NodeType, attrs?: Record<string, unknown>): boolean {
  const { $from, to } = state.selection;
  if (to > $from.end()) return false;
  const parent = $from.parent;
  if (parent.type !== type) return false;
  return !attrs || Object.entries(attrs).every(([key, value]) => parent.attrs[key] === value);
}

/** Whether the selection sits inside a node of the given type. */
export function isInside(state: EditorState, type: NodeType): boolean {
  const { $from } = state.selection;
  for (let d = $from.depth; d > 0; d--) if ($from.node(d).type === type) return true;
  return false;
}

/**
 * In the text blocks between `from` and `to` that turn into `type`, each inline node `type`
 * cannot hold (a mention in a code block) written as its text (`leafText`), which the change of
 * type would otherwise delete. Line breaks are left to the change of type, which writes them as
 * `\n` where the new type keeps white space.
 */
export function keepLeavesAsText(tr: Transaction, from: number, to: number, type: NodeType): void {
  const { schema } = type;
  const leaves: Array<[number, PMNode, string]> = [];
  tr.doc.nodesBetween(from, to, (block, pos) => {
    if (!block.isTextblock) return true;
    // Only where the type changes: a list item's first paragraph, for one, stays a paragraph.
    const $block = tr.doc.resolve(pos);
    if (block.type !== type && $block.parent.canReplaceWith($block.index(), $block.index() + 1, type)) {
      block.forEach((child, offset) => {
        const text = !child.isText && child.type !== schema.linebreakReplacement && !type.contentMatch.matchType(child.type) && child.type.spec.leafText?.(child);
        // Last first, so the positions before each stay as they were.
        if (text) leaves.unshift([pos + 1 + offset, child, text]);
      });
    }
    return false;
  });
  for (const [pos, node, text] of leaves) tr.replaceWith(pos, pos + node.nodeSize, schema.text(text, node.marks));
}

/**
 * Turns the selection's text blocks into `type` (with `attrs`), as prosemirror-commands'
 * `setBlockType` does, except that what the new type cannot hold but reads as text (a mention
 * turned into a code block) stays as that text instead of going.
 */
export function setTextblockType(type: NodeType, attrs: Attrs | null = null): Command {
  const applies = setBlockType(type, attrs);
  return (state, dispatch) => {
    if (!applies(state)) return false;
    if (dispatch) {
      const tr = state.tr;
      for (const { $from, $to } of state.selection.ranges) {
        const steps = tr.mapping.maps.length;
        const from = tr.mapping.map($from.pos);
        const to = tr.mapping.map($to.pos);
        keepLeavesAsText(tr, from, to, type);
        const since = tr.mapping.slice(steps);
        tr.setBlockType(since.map(from), since.map(to), type, attrs);
      }
      dispatch(tr.scrollIntoView());
    }
    return true;
  };
}

/**
 * A markdown shortcut that turns the text block it is typed at the start of into `type` (`# `, a
 * code fence), as prosemirror-inputrules' `textblockTypeInputRule` does, except that what the new
 * type cannot hold but reads as text (a mention further on, turned into code) stays as that text.
 */
export function textblockTypeRule(pattern: RegExp, type: NodeType, getAttrs?: (match: RegExpMatchArray) => Attrs | null): InputRule {
  return new InputRule(pattern, (state, match, start, end) => {
    const $start = state.doc.resolve(start);
    if (!$start.node(-1).canReplaceWith($start.index(-1), $start.indexAfter(-1), type)) return null;
    const tr = state.tr.delete(start, end);
    keepLeavesAsText(tr, start, start, type);
    return tr.setBlockType(start, start, type, getAttrs?.(match) ?? null);
  });
}

/** Turns the selected blocks into paragraphs. */
export const setParagraph: Command = withNodeType('paragraph', (paragraph) => setTextblockType(paragraph));

/** Turns the selected blocks into headings of a level from 1 to 3; a second use turns them back into paragraphs. */
export function toggleHeading(level: 1 | 2 | 3): Command {
  if (level < 1 || level > 3) throw new RangeError(`Heading level must be 1, 2 or 3, not ${String(level)}`);
  return withNodeType('heading', (heading) => (state, dispatch) =>
    isBlockActive(state, heading, { level }) ? setParagraph(state, dispatch) : setTextblockType(heading, { level })(state, dispatch),
  );
}

/** Wraps the selection in a quote, or lifts it out when it is in one. */
export const toggleBlockquote: Command = withNodeType('blockquote', (blockquote) => (state, dispatch) =>
  isInside(state, blockquote) ? lift(state, dispatch) : wrapIn(blockquote)(state, dispatch),
);

/**
 * Enter on an empty line of a quote takes that line out of it, also from the quote's middle,
 * which it splits in two (ProseMirror's `liftEmptyBlock` split the quote there first and took
 * the line out only on a second Enter). An empty code block in a quote keeps its Enter.
 */
export const leaveQuoteOnEmptyLine: Command = withNodeType('blockquote', (blockquote) => (state, dispatch) => {
  const { $cursor } = state.selection as TextSelection;
  if (!$cursor || $cursor.parent.content.size || $cursor.parent.type.spec.code || $cursor.node(-1).type !== blockquote) return false;
  const range = $cursor.blockRange();
  const target = range && liftTarget(range);
  if (target == null) return false;
  dispatch?.(state.tr.lift(range!, target).scrollIntoView());
  return true;
});

/** Turns the selected blocks into a code block (default language), or back into paragraphs. */
export const toggleCodeBlock: Command = withNodeType('code_block', (codeBlock) => (state, dispatch) =>
  isBlockActive(state, codeBlock) ? setParagraph(state, dispatch) : setTextblockType(codeBlock)(state, dispatch),
);

/** Whether a node of the type can be inserted at the selection (at some depth around it). */
export function canInsert(state: EditorState, type: NodeType): boolean {
  const { $from } = state.selection;
  for (let d = $from.depth; d >= 0; d--) {
    const index = $from.index(d);
    if ($from.node(d).canReplaceWith(index, index, type)) return true;
  }
  return false;
}

/** Inserts a horizontal rule at the selection and puts the cursor in a paragraph after it. */
export const insertHorizontalRule: Command = withNodeType('horizontal_rule', (rule) => (state, dispatch) => {
  if (state.selection.$from.parent.type.spec.code || !canInsert(state, rule)) return false;
  if (dispatch) {
    const paragraph = state.schema.nodes.paragraph;
    const tr = state.tr.replaceSelectionWith(rule.create());
    // The end of what was inserted: right after the rule, or at the start of the text
    // that followed the caret when the rule split a paragraph.
    let end = tr.selection.to;
    tr.mapping.maps[tr.mapping.maps.length - 1].forEach((_from, _to, _newFrom, newTo) => (end = newTo));
    const $end = tr.doc.resolve(end);
    if ($end.parent.isTextblock) {
      tr.setSelection(TextSelection.create(tr.doc, end));
    } else if ($end.nodeAfter?.isTextblock) {
      tr.setSelection(TextSelection.create(tr.doc, end + 1));
    } else if (paragraph && $end.parent.canReplaceWith($end.index(), $end.index(), paragraph)) {
      tr.insert(end, paragraph.create());
      tr.setSelection(TextSelection.create(tr.doc, end + 1));
    }
    dispatch(tr.scrollIntoView());
  }
  return true;
});

/** Inserts a hard line break (Shift-Enter). */
export const insertHardBreak: Command = withNodeType('hard_break', (hardBreak) => (state, dispatch) => {
  const { $from } = state.selection;
  if (!$from.parent.type.contentMatch.matchType(hardBreak) && !$from.parent.inlineContent) return false;
  if ($from.parent.type.spec.code) {
    if (dispatch) dispatch(state.tr.insertText('\n').scrollIntoView());
    return true;
  }
  if (dispatch) dispatch(state.tr.replaceSelectionWith(hardBreak.create()).scrollIntoView());
  return true;
});
