/** The quote. */
import { wrappingInputRule } from 'prosemirror-inputrules';
import { leaveQuoteOnEmptyLine, toggleBlockquote } from '../commands/blocks.js';
import { BUILTIN_MENUS } from '../extensions/builtin-menus.js';
import type { NodeDefinition } from '../extensions/types.js';

export const blockquote: NodeDefinition = {
  name: 'blockquote',
  content: 'block+',
  group: 'block',
  defining: true,
  parseDOM: [{ tag: 'blockquote' }],
  rendersFromAttrs: true,
  toDOM: () => ['blockquote', 0],
  markdown: {
    serialize: (node, { blocks }) => {
      const lines = blocks(node);
      return lines.length ? lines.map((line) => (line ? `> ${line}` : '>')) : ['>'];
    },
    parse: { blockquote: { block: 'blockquote' } },
  },
  [BUILTIN_MENUS]: 'blockquote',
  inputRules: (type) => [wrappingInputRule(/^\s*>\s$/, type)],
  keys: () => ({ 'Mod-Shift-b': toggleBlockquote, Enter: leaveQuoteOnEmptyLine }),
  commands: { toggle: () => toggleBlockquote },
  styles: `
    .content > blockquote:not(.re-active) {
      contain-intrinsic-size: auto 3em;
    }
    .content blockquote {
      margin: 0.5em 0;
      padding-inline-start: 1em;
      border-inline-start: 3px solid var(--_quote);
    }`,
};
