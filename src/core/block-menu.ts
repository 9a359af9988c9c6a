/**
 * The toolbar's block-type menu as data: each entry has an id, an English label (the
 * strings table can replace it), the command that makes the selected blocks that kind
 * of block, and how to recognise such a block. Each node definition brings its entries
 * (src/core/blocks for the spec's: "Text, headings, to-do, bullet list, numbered list,
 * quote, code"). The menu's current kind and its "Multiple" come from `selectedBlockKind`.
 */
import { lift } from 'prosemirror-commands';
import type { Node as PMNode, ResolvedPos } from 'prosemirror-model';
import type { Command, EditorState } from 'prosemirror-state';
import { isInside, setParagraph } from './commands/blocks.js';
import { appendCommand, scratch } from './commands/chain.js';
import { findList, liftItem } from './commands/lists.js';
import { schemaBlockMenu } from './extensions/collect.js';

/** An entry of the toolbar's block-type menu. */
export interface BlockMenuEntry {
  /** A stable id (`text`, `heading1`, `callout`); its label comes from the strings table under `blockMenu.<id>`. */
  readonly id: string;
  /** The label (the English default). */
  readonly label: string;
  /** Makes the selected blocks this kind of block; true without change when they already are one. */
  readonly command: Command;
  /**
   * Whether a node around a text block makes it this kind of block (a heading of level
   * 2, a bullet list). The innermost such node decides; an entry without it (Text) is
   * what a block is when no entry claims it.
   */
  readonly matches?: (node: PMNode) => boolean;
}

/** The id of the menu entry every block is when no other claims it. */
export const TEXT_BLOCK_ID = 'text';

/** The kind of one text block: the innermost node around it that an entry claims, up to the table cell it is in. */
function kindAt($inside: ResolvedPos, entries: readonly BlockMenuEntry[]): string {
  for (let d = $inside.depth; d > 0; d--) {
    const node = $inside.node(d);
    const entry = entries.find((candidate) => candidate.matches?.(node));
    if (entry) return entry.id;
    if (node.type.spec.tableRole) break;
  }
  return entries.find((entry) => !entry.matches)?.id ?? TEXT_BLOCK_ID;
}

/** The selected text blocks' common kind (an entry id), or `multiple`; stops looking once two kinds are seen. */
export function selectedBlockKind(state: EditorState, entries: readonly BlockMenuEntry[]): string {
  const { from, to, $from } = state.selection;
  if (!$from.parent.isTextblock && from === to) return TEXT_BLOCK_ID;
  let found: string | null = null;
  state.doc.nodesBetween(from, to, (node, pos) => {
    if (found === 'multiple') return false;
    if (!node.isTextblock) return true;
    const kind = kindAt(state.doc.resolve(pos + 1), entries);
    found = found === null || found === kind ? kind : 'multiple';
    return false;
  });
  return found ?? TEXT_BLOCK_ID;
}

/** An entry's command: true without change when the selected blocks already are its kind (among the schema's entries). */
export function blockKindCommand(id: string, apply: Command): Command {
  return (state, dispatch, view) => selectedBlockKind(state, schemaBlockMenu(state.schema)) === id || apply(state, dispatch, view);
}

/** More lifts than any real nesting needs; stops a lift that applies without making progress from looping. */
const MAX_LIFTS = 32;

/**
 * Makes the selected blocks plain paragraphs: lifts them out of lists and quotes (all
 * levels, one undo step), then turns headings and code into paragraphs.
 */
export const setTextBlock: Command = (state, dispatch) => {
  if (selectedBlockKind(state, schemaBlockMenu(state.schema)) === TEXT_BLOCK_ID) return true;
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
