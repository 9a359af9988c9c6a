/**
 * What kind of block the selection is in, by the block-type menu's entries (each claims the nodes
 * its `matches` accepts; the innermost claimed node decides), and the command wrapper that makes
 * choosing the kind the blocks already are change nothing, and the "Text" entry's command. The
 * menu's entries come in as arguments, so the modules that build them (extensions/collect-menus.ts,
 * blocks/menus.ts) can use it.
 */
import { lift } from 'prosemirror-commands';
import type { Node as PMNode, ResolvedPos, Schema } from 'prosemirror-model';
import type { Command, EditorState } from 'prosemirror-state';
import { isInside, setParagraph } from './blocks.js';
import { appendCommand, scratch } from './chain.js';
import { findList, liftItem } from './lists.js';

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

/** An entry's command: true without change when the selected blocks already are its kind among `menuOf(schema)`'s entries. */
export function kindCommand(id: string, apply: Command, menuOf: (schema: Schema) => readonly BlockMenuEntry[]): Command {
  return (state, dispatch, view) => selectedBlockKind(state, menuOf(state.schema)) === id || apply(state, dispatch, view);
}

/** More lifts than any real nesting needs; stops a lift that applies without making progress from looping. */
const MAX_LIFTS = 32;

/** Lifts the selected blocks out of lists and quotes (all levels, one undo step), then turns headings and code into paragraphs. */
const toParagraphs: Command = (state, dispatch) => {
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

/** Makes the selected blocks plain paragraphs ("Text"); true without change when they already are Text among `menuOf(schema)`'s entries. */
export function textBlockCommand(menuOf: (schema: Schema) => readonly BlockMenuEntry[]): Command {
  return kindCommand(TEXT_BLOCK_ID, toParagraphs, menuOf);
}
