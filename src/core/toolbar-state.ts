import type { Node as PMNode, ResolvedPos } from 'prosemirror-model';
import { EditorState, NodeSelection, type Command, type Selection } from 'prosemirror-state';
import { selectedBlockKind, type BlockMenuEntry } from './commands/block-kind.js';
import { markActive } from './commands/marks.js';
import { schemaBlockMenu } from './extensions/collect-menus.js';
import { schema as builtinSchema } from './schema/index.js';

export { setTextBlock } from './block-menu.js';
export { markActive } from './commands/marks.js';
export type { BlockMenuEntry } from './commands/block-kind.js';

/** A kind of block the toolbar's dropdown shows: an entry id (the spec's `text` … `code`, or an extension's). */
export type BlockType = string;

/** The marks the toolbar toggles (spec: "bold, italic, strike, underline, code"). */
export type ToolbarMark = 'bold' | 'italic' | 'underline' | 'strike' | 'code';

/**
 * A button a host adds to the formatting toolbar (an extension's `toolbar`, or a mark
 * definition's). Its id places and hides it (`menus.toolbar`) and finds its label in the
 * strings table (`toolbar.<id>`).
 */
export interface ToolbarItem {
  readonly id: string;
  /** Its accessible name and tooltip (the English default). */
  readonly label: string;
  /** An icon of the editor's set by id; a plus sign otherwise. */
  readonly icon?: string;
  readonly command: Command;
  /** Whether it shows pressed (`aria-pressed`); without it the button is a plain action. */
  readonly active?: (state: EditorState) => boolean;
  /** The shortcut shown in its tooltip, in ProseMirror's key form (`Mod-Shift-h`). */
  readonly shortcut?: string;
}

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
  /** Per host item with an `active` test, by id: whether it shows pressed. */
  pressed: Record<string, boolean>;
}

/** The toolbar's inputs besides the state. */
export interface ToolbarContext {
  editable: boolean;
  /** The block-type menu's entries (the built-in ones by default). */
  blockMenu?: readonly BlockMenuEntry[];
  /** The host's toolbar items. */
  items?: readonly ToolbarItem[];
}

/** The toolbar's marks, by the names the schema gives them. */
const TOOLBAR_MARKS: readonly ToolbarMark[] = ['bold', 'italic', 'underline', 'strike', 'code'];

/** The position of the innermost table cell around `$pos`, or -1 outside tables. */
function cellAround($pos: ResolvedPos): number {
  for (let d = $pos.depth; d > 0; d--) {
    const role = $pos.node(d).type.spec.tableRole;
    if (role === 'cell' || role === 'header_cell') return $pos.before(d);
  }
  return -1;
}

/**
 * Whether the selection is prosemirror-tables' cell selection, known by its anchor cell: the
 * embed bundle's entry, which holds this module, leaves prosemirror-tables to the table chunk.
 */
function isCellSelection(selection: Selection): boolean {
  return '$anchorCell' in selection;
}

/**
 * Spec 4: shown only for a non-empty selection in an editable editor that is not an image,
 * a node selection or table-related. Table-related is a selection of cells, or text that
 * crosses a cell's edge (into a table, or from one cell to another); text selected inside
 * one cell is text like any other, and gets the toolbar.
 */
function isVisible(state: EditorState, editable: boolean): boolean {
  const { selection } = state;
  if (!editable || selection.empty) return false;
  if (selection instanceof NodeSelection || isCellSelection(selection)) return false;
  return cellAround(selection.$from) === cellAround(selection.$to);
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
  const pressed: Record<string, boolean> = {};
  for (const item of context.items ?? []) if (item.active) pressed[item.id] = item.active(state);
  return {
    visible: isVisible(state, context.editable),
    marks,
    blockType: selectedBlockKind(state, context.blockMenu ?? schemaBlockMenu(state.schema)),
    link: selectedLink(state),
    pressed,
  };
}

/**
 * The command behind each built-in entry of the block-type dropdown (and the slash menu's
 * block items), by id. Choosing the current type leaves the block unchanged;
 * `command(state)` tells whether an entry can apply here.
 */
export const blockTypeCommands: Readonly<Record<string, Command>> = Object.fromEntries(schemaBlockMenu(builtinSchema).map((entry) => [entry.id, entry.command]));
