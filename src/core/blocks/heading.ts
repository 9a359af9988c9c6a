/**
 * Headings, levels 1 to 3 (deeper levels are read as 3). `heading.configure({ levels: [1, 2] })`
 * makes the block with fewer levels: menus, keys, markdown shortcuts and reading all follow.
 */
import type { Node as PMNode } from 'prosemirror-model';
import type { Command } from 'prosemirror-state';
import { headingToParagraphAtStart } from '../commands/block-joins.js';
import { setTextblockType, textblockTypeRule, toggleHeading } from '../commands/blocks.js';
import { BUILTIN_MENUS } from '../extensions/builtin-menus.js';
import type { NodeDefinition } from '../extensions/types.js';
import { withNodeType } from '../per-schema.js';
import { inlineLines } from '../serialize/markdown-inline.js';

/** A heading level the block can offer. */
export type HeadingLevel = 1 | 2 | 3;

/** Options of the heading block. */
export interface HeadingOptions {
  /** The levels offered (1, 2 and 3 by default); a heading read at another level takes the nearest deeper one offered, or the deepest. */
  levels?: readonly HeadingLevel[];
}

/** The heading block's definition, which can be made again with other options. */
export interface HeadingDefinition extends NodeDefinition {
  /** The options it was made with. */
  readonly options: Required<HeadingOptions>;
  /** The heading block with these options (the others as they are). */
  configure(options: HeadingOptions): HeadingDefinition;
}

/** Makes the selected text blocks headings of this level. */
export const setHeading = (level: HeadingLevel): Command => withNodeType('heading', (type) => setTextblockType(type, { level }));

function headingLines(node: PMNode): string[] {
  const level = node.attrs.level as number;
  const lines = inlineLines(node);
  // Only setext headings (levels 1 and 2) can span lines; elsewhere a break reads as a space.
  if (lines.length > 1 && level <= 2) return [...lines, level === 1 ? '===' : '---'];
  const [text] = inlineLines(node, true);
  return [text ? `${'#'.repeat(level)} ${text}` : '#'.repeat(level)];
}

/** The heading block offering `options.levels` (its menu entries, one per level, are made from them: blocks/menus.ts). */
export function headingBlock(options: HeadingOptions = {}): HeadingDefinition {
  const levels = [...new Set(options.levels ?? [1, 2, 3])].sort() as HeadingLevel[];
  if (!levels.length || levels.some((level) => ![1, 2, 3].includes(level))) throw new RangeError(`Heading levels are some of 1, 2 and 3, not ${JSON.stringify(options.levels)}`);
  const deepest = levels[levels.length - 1];
  /** The level offered for a heading read at `level`: itself, the nearest deeper one offered, or the deepest. */
  const offered = (level: number): HeadingLevel => levels.find((l) => l >= level) ?? deepest;
  // `#` marks for the levels offered, longest first (`##` is not read as `#` then `#`).
  const marks = levels.map((level) => '#'.repeat(level)).reverse();
  return {
    name: 'heading',
    content: 'inline*',
    group: 'block',
    defining: true,
    attrs: { level: { type: 'number', default: levels[0], min: levels[0], max: deepest, integer: true } },
    parseDOM: [1, 2, 3, 4, 5, 6].map((level) => ({ tag: `h${level}`, attrs: { level: offered(level) } })),
    rendersFromAttrs: true,
    toDOM: (node) => [`h${node.attrs.level as number}`, 0],
    markdown: {
      serialize: headingLines,
      parse: { heading: { block: 'heading', getAttrs: (token) => ({ level: offered(Number(token.tag.slice(1))) }) } },
    },
    [BUILTIN_MENUS]: 'heading',
    inputRules: (type) => [textblockTypeRule(new RegExp(`^(${marks.join('|')})\\s$`), type, (match) => ({ level: match[1].length }))],
    keys: () => Object.fromEntries(levels.map((level) => [`Mod-Alt-${level}`, toggleHeading(level)])),
    // With nothing before it to join, Backspace takes its level away, as it would a list's bullet.
    edges: { backspaceAtStart: (state, dispatch, _at, view) => headingToParagraphAtStart(state, dispatch, view) },
    commands: { set: (level: HeadingLevel) => setHeading(offered(level)), toggle: (level: HeadingLevel) => toggleHeading(offered(level)) },
    options: { levels },
    configure: (next) => headingBlock({ levels, ...next }),
  styles: `
    .content h1 {
      font-size: 1.75em;
      line-height: 1.25;
      margin: 0.8em 0 0.3em;
    }
    .content h2 {
      font-size: 1.4em;
      line-height: 1.3;
      margin: 0.7em 0 0.3em;
    }
    .content h3 {
      font-size: 1.15em;
      line-height: 1.35;
      margin: 0.6em 0 0.25em;
    }`,
  };
}

/** The heading block as the editor has it: levels 1, 2 and 3. */
export const heading: HeadingDefinition = headingBlock();
