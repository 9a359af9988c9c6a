/**
 * The toolbar's block-type menu as data: each entry has an id, an English label (the
 * strings table can replace it), the command that makes the selected blocks that kind
 * of block, and how to recognise such a block. Each node definition brings its entries
 * (src/core/blocks for the spec's: "Text, headings, to-do, bullet list, numbered list,
 * quote, code"). The menu's current kind and its "Multiple" come from `selectedBlockKind`.
 */
import { lift } from 'prosemirror-commands';
import type { Command } from 'prosemirror-state';
import { isInside, setParagraph } from './commands/blocks.js';
import { appendCommand, scratch } from './commands/chain.js';
import { findList, liftItem } from './commands/lists.js';
import { schemaBlockMenu } from './extensions/collect.js';
import { kindCommand, selectedBlockKind, TEXT_BLOCK_ID } from './commands/block-kind.js';

/** An entry's command: true without change when the selected blocks already are its kind (among the schema's entries). */
export function blockKindCommand(id: string, apply: Command): Command {
  return kindCommand(id, apply, schemaBlockMenu);
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
