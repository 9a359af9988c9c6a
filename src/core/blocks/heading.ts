/** Headings, levels 1 to 3 (deeper levels are read as 3). */
import { setBlockType } from 'prosemirror-commands';
import { textblockTypeInputRule } from 'prosemirror-inputrules';
import type { Node as PMNode } from 'prosemirror-model';
import { toggleHeading } from '../commands/blocks.js';
import type { NodeDefinition } from '../extensions/types.js';
import { withNodeType } from '../per-schema.js';
import { inlineLines } from '../serialize/markdown-inline.js';
import { menuEntry, slashEntry } from './entries.js';

const LEVELS = [1, 2, 3] as const;

const isHeading = (level: number) => (node: PMNode) => node.type.name === 'heading' && node.attrs.level === level;
const setHeading = (level: 1 | 2 | 3) => withNodeType('heading', (type) => setBlockType(type, { level }));

function headingLines(node: PMNode): string[] {
  const level = node.attrs.level as number;
  const lines = inlineLines(node);
  // Only setext headings (levels 1 and 2) can span lines; elsewhere a break reads as a space.
  if (lines.length > 1 && level <= 2) return [...lines, level === 1 ? '===' : '---'];
  const [text] = inlineLines(node, true);
  return [text ? `${'#'.repeat(level)} ${text}` : '#'.repeat(level)];
}

const TERMS: Record<number, string[]> = { 1: ['h1', 'title', 'big', 'large'], 2: ['h2', 'subtitle', 'medium'], 3: ['h3', 'subtitle', 'small'] };

export const heading: NodeDefinition = {
  name: 'heading',
  content: 'inline*',
  group: 'block',
  defining: true,
  attrs: { level: { type: 'number', default: 1, min: 1, max: 3, integer: true } },
  parseDOM: [1, 2, 3, 4, 5, 6].map((level) => ({ tag: `h${level}`, attrs: { level } })),
  toDOM: (node) => [`h${node.attrs.level as number}`, 0],
  markdown: {
    serialize: headingLines,
    parse: { heading: { block: 'heading', getAttrs: (token) => ({ level: Number(token.tag.slice(1)) }) } },
  },
  slash: LEVELS.map((level) => slashEntry(`heading${level}`, `heading-${level}`, TERMS[level], setHeading(level))),
  blockMenu: LEVELS.map((level) => menuEntry(`heading${level}`, isHeading(level), setHeading(level))),
  inputRules: (type) => [textblockTypeInputRule(/^(#{1,3})\s$/, type, (match) => ({ level: match[1].length }))],
  keys: () => Object.fromEntries(LEVELS.map((level) => [`Mod-Alt-${level}`, toggleHeading(level)])),
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
