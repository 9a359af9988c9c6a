import { lift, setBlockType, wrapIn } from 'prosemirror-commands';
import type { MarkType, Node as PMNode, ResolvedPos } from 'prosemirror-model';
import { EditorState, NodeSelection, type Command } from 'prosemirror-state';
import { CellSelection } from 'prosemirror-tables';
import { isInside, setParagraph } from './commands/blocks.js';
import { appendCommand, scratch } from './commands/chain.js';
import { findList, liftItem, toggleList } from './commands/lists.js';
import { withNodeType } from './per-schema.js';

/** A block type the toolbar's dropdown shows (spec: "Text, headings, to-do, bullet list, numbered list, quote, code"). */
export type BlockType = 'text' | 'heading1' | 'heading2' | 'heading3' | 'todo' | 'bullet' | 'numbered' | 'quote' | 'code';

/** The marks the toolbar toggles (spec: "bold, italic, strike, underline, code"). */
export type ToolbarMark = 'bold' | 'italic' | 'underline' | 'strike' | 'code';

/** What the formatting toolbar shows for a state; the element only renders it. */
export interface ToolbarState {
  /** Whether the toolbar shows at all. */
  visible: boolean;
  /** Per mark: whether its button is pressed (pressing it again would remove the mark). */
  marks: Record<ToolbarMark, boolean>;
  /** The selected blocks' type, or `multiple` when they differ (the dropdown's "Multiple" label). */
  blockType: BlockType | 'multiple';
  /** The link under the selection, if any. */
  link: { href: string } | null;
}

/** The toolbar's inputs besides the state. */
export interface ToolbarContext {
  editable: boolean;
}

/** The toolbar's marks, by the names the schema gives them. */
const TOOLBAR_MARKS: readonly ToolbarMark[] = ['bold', 'italic', 'underline', 'strike', 'code'];

function inTable($pos: ResolvedPos): boolean {
  for (let d = $pos.depth; d > 0; d--) if ($pos.node(d).type.spec.tableRole === 'table') return true;
  return false;
}

/** Spec 4: shown only for a non-empty selection in an editable editor that is not an image, a node selection or table-related. */
function isVisible(state: EditorState, editable: boolean): boolean {
  const { selection } = state;
  if (!editable || selection.empty) return false;
  if (selection instanceof NodeSelection || selection instanceof CellSelection) return false;
  return !inTable(selection.$from) && !inTable(selection.$to);
}

/**
 * Whether a mark's button is pressed. It follows what the toggle commands do: bold,
 * italic, underline and strike are removed when any selected text has them, inline
 * code (toggled with `removeWhenPresent: false`) only when all of it has.
 */
function markActive(state: EditorState, type: MarkType): boolean {
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

/** The block type of one text block, decided by the nearest block that gives it meaning. */
function blockTypeAt($inside: ResolvedPos): BlockType {
  const block = $inside.parent;
  if (block.type.name === 'heading') return `heading${String(block.attrs.level as number)}` as BlockType;
  if (block.type.name === 'code_block') return 'code';
  for (let d = $inside.depth - 1; d > 0; d--) {
    const type = $inside.node(d).type;
    if (type.name === 'task_list') return 'todo';
    if (type.name === 'bullet_list') return 'bullet';
    if (type.name === 'ordered_list') return 'numbered';
    if (type.name === 'blockquote') return 'quote';
    if (type.spec.tableRole) break;
  }
  return 'text';
}

/** The selected text blocks' common type; stops looking once two types are seen. */
function selectedBlockType(state: EditorState): BlockType | 'multiple' {
  const { from, to, $from } = state.selection;
  if (!$from.parent.isTextblock && from === to) return 'text';
  let found: BlockType | 'multiple' | null = null;
  state.doc.nodesBetween(from, to, (node, pos) => {
    if (found === 'multiple') return false;
    if (!node.isTextblock) return true;
    const type = blockTypeAt(state.doc.resolve(pos + 1));
    found = found === null || found === type ? type : 'multiple';
    return false;
  });
  return found ?? 'text';
}

/** The first link mark in the selection (or at the caret). */
function selectedLink(state: EditorState): { href: string } | null {
  const { empty, from, to, $from } = state.selection;
  const type = state.schema.marks.link;
  if (!type) return null;
  if (empty) {
    const mark = type.isInSet(state.storedMarks ?? $from.marks());
    return mark ? { href: mark.attrs.href as string } : null;
  }
  let href: string | null = null;
  state.doc.nodesBetween(from, to, (node: PMNode) => {
    if (href !== null) return false;
    const mark = node.isText ? type.isInSet(node.marks) : undefined;
    if (mark) href = mark.attrs.href as string;
    return true;
  });
  return href === null ? null : { href };
}

/** The formatting toolbar's state: a pure function of the editor state (spec section 4). */
export function toolbarState(state: EditorState, context: ToolbarContext): ToolbarState {
  const marks = {} as Record<ToolbarMark, boolean>;
  for (const name of TOOLBAR_MARKS) {
    const type = state.schema.marks[name];
    marks[name] = !!type && markActive(state, type);
  }
  return {
    visible: isVisible(state, context.editable),
    marks,
    blockType: selectedBlockType(state),
    link: selectedLink(state),
  };
}

/** More lifts than any real nesting needs; stops a lift that applies without making progress from looping. */
const MAX_LIFTS = 32;

/**
 * Makes the selected blocks plain paragraphs: lifts them out of lists and quotes (all
 * levels, one undo step), then turns headings and code into paragraphs.
 */
export const setTextBlock: Command = (state, dispatch) => {
  if (selectedBlockType(state) === 'text') return true;
  const tr = state.tr;
  let changed = false;
  for (let i = 0; i < MAX_LIFTS; i++) {
    const current = scratch(tr);
    const quote = current.schema.nodes.blockquote;
    const outOf = findList(current) ? liftItem : quote && isInside(current, quote) ? lift : null;
    if (!outOf || !appendCommand(tr, outOf)) break;
    changed = true;
  }
  if (appendCommand(tr, setParagraph)) changed = true;
  if (!changed) return false;
  if (dispatch) dispatch(tr.scrollIntoView());
  return true;
};

/** A command that sets a block type: true without change when the selection already has it. */
function setType(type: BlockType, command: Command): Command {
  return (state, dispatch, view) => selectedBlockType(state) === type || command(state, dispatch, view);
}

/** Makes the selection a list of the given type, converting another list rather than lifting out of it. */
function setList(type: BlockType, listName: string): Command {
  return setType(type, withNodeType(listName, (list) => (state, dispatch) => findList(state)?.node.type === list || toggleList(list)(state, dispatch)));
}

/**
 * The command behind each entry of the block-type dropdown (and the slash menu's block
 * items). Choosing the current type leaves the block unchanged; `command(state)` tells
 * whether an entry can apply here.
 */
export const blockTypeCommands: Readonly<Record<BlockType, Command>> = {
  text: setTextBlock,
  heading1: setType('heading1', withNodeType('heading', (heading) => setBlockType(heading, { level: 1 }))),
  heading2: setType('heading2', withNodeType('heading', (heading) => setBlockType(heading, { level: 2 }))),
  heading3: setType('heading3', withNodeType('heading', (heading) => setBlockType(heading, { level: 3 }))),
  todo: setList('todo', 'task_list'),
  bullet: setList('bullet', 'bullet_list'),
  numbered: setList('numbered', 'ordered_list'),
  quote: setType('quote', withNodeType('blockquote', (quote) => wrapIn(quote))),
  code: setType('code', withNodeType('code_block', (code) => setBlockType(code))),
};
