/**
 * The toolbar's block-type menu as data: each entry has an id, an English label (the
 * strings table can replace it), the command that makes the selected blocks that kind
 * of block, and how to recognise such a block. Each node definition brings its entries
 * (blocks/menus.ts for the spec's: "Text, headings, to-do, bullet list, numbered list,
 * quote, code"). The menu's current kind and its "Multiple" come from `selectedBlockKind`.
 */
import type { Command } from 'prosemirror-state';
import { schemaBlockMenu } from './extensions/collect-menus.js';
import { kindCommand, textBlockCommand } from './commands/block-kind.js';

/** An entry's command: true without change when the selected blocks already are its kind (among the schema's entries). */
export function blockKindCommand(id: string, apply: Command): Command {
  return kindCommand(id, apply, schemaBlockMenu);
}

/**
 * Makes the selected blocks plain paragraphs: lifts them out of lists and quotes (all
 * levels, one undo step), then turns headings and code into paragraphs.
 */
export const setTextBlock: Command = textBlockCommand(schemaBlockMenu);
