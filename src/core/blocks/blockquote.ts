/** The quote. */
import { wrapIn } from 'prosemirror-commands';
import { wrappingInputRule } from 'prosemirror-inputrules';
import { toggleBlockquote } from '../commands/blocks.js';
import type { NodeDefinition } from '../extensions/types.js';
import { withNodeType } from '../per-schema.js';
import { isNamed, menuEntry, slashEntry } from './entries.js';

const quote = withNodeType('blockquote', (type) => wrapIn(type));

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
  slash: slashEntry('quote', 'quote', ['blockquote'], quote),
  blockMenu: [menuEntry('quote', isNamed('blockquote'), quote)],
  inputRules: (type) => [wrappingInputRule(/^\s*>\s$/, type)],
  keys: () => ({ 'Mod-Shift-b': toggleBlockquote }),
  commands: { toggle: () => toggleBlockquote },
  styles: `
    .content > blockquote:not(.re-active) {
      contain-intrinsic-size: auto 3em;
    }
    .content blockquote {
      margin: 0.5em 0;
      padding-left: 1em;
      border-left: 3px solid var(--_quote);
    }`,
};
