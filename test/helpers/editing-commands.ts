/**
 * The editing commands the randomised tests draw from: marks, block types, lists, the
 * base keys' joins and ours. Each is a plain command, run on a state (fuzz.test.ts) or
 * on a live view (command-sequence.test.ts).
 */
import { deleteSelection, joinBackward, joinForward } from 'prosemirror-commands';
import type { Command } from 'prosemirror-state';
import { headingToParagraphAtStart, joinAcrossBlocksForward, joinIntoBlocksBackward } from '../../src/core/commands/block-joins.js';
import { insertHardBreak, insertHorizontalRule, setParagraph, toggleBlockquote, toggleCodeBlock, toggleHeading } from '../../src/core/commands/blocks.js';
import { liftItem, sinkItem, splitItem, toggleBulletList, toggleOrderedList, toggleTaskList } from '../../src/core/commands/lists.js';
import { toggleBold, toggleCode, toggleItalic, toggleStrike, toggleUnderline } from '../../src/core/commands/marks.js';
import { selectBlockThenAll } from '../../src/core/plugins/keymap.js';

/** A random number source in [0, 1). */
export type Rng = () => number;

/** One item of a list, chosen by `rng`. */
export const pick = <T,>(rng: Rng, list: readonly T[]): T => list[Math.floor(rng() * list.length)];

/** The commands, each with the name a failing trail prints. */
export const EDITING_COMMANDS: ReadonlyArray<readonly [string, Command]> = [
  ['bold', toggleBold],
  ['italic', toggleItalic],
  ['underline', toggleUnderline],
  ['strike', toggleStrike],
  ['code', toggleCode],
  ['heading1', toggleHeading(1)],
  ['heading3', toggleHeading(3)],
  ['paragraph', setParagraph],
  ['quote', toggleBlockquote],
  ['codeBlock', toggleCodeBlock],
  ['rule', insertHorizontalRule],
  ['hardBreak', insertHardBreak],
  ['bulletList', toggleBulletList],
  ['orderedList', toggleOrderedList],
  ['taskList', toggleTaskList],
  ['sink', sinkItem],
  ['lift', liftItem],
  ['enter', splitItem],
  ['deleteSelection', deleteSelection],
  ['joinBackward', joinBackward],
  ['joinForward', joinForward],
  ['joinIntoBlocks', joinIntoBlocksBackward],
  ['joinAcrossBlocks', joinAcrossBlocksForward],
  ['headingToParagraph', headingToParagraphAtStart],
  ['selectBlock', selectBlockThenAll],
];
