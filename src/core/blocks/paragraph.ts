/** The paragraph ("Text" in the menus) and the hard line break inside text blocks. */
import { insertHardBreak, setParagraph } from '../commands/blocks.js';
import { BUILTIN_MENUS } from '../extensions/builtin-menus.js';
import type { NodeDefinition } from '../extensions/types.js';

export const paragraph: NodeDefinition = {
  name: 'paragraph',
  content: 'inline*',
  group: 'block',
  parseDOM: [{ tag: 'p' }],
  rendersFromAttrs: true,
  toDOM: () => ['p', 0],
  markdown: {
    serialize: (node, { inline }) => inline(node),
    parse: { paragraph: { block: 'paragraph' } },
  },
  [BUILTIN_MENUS]: 'paragraph',
  keys: () => ({ 'Mod-Alt-0': setParagraph }),
  commands: { set: () => setParagraph },
  styles: `
    .content p {
      margin: 0.25em 0;
    }`,
};

export const hardBreak: NodeDefinition = {
  name: 'hard_break',
  inline: true,
  group: 'inline',
  selectable: false,
  // A line break in plain text: what copying gives a plain text field, and what `textContent` reads.
  spec: { linebreakReplacement: true, leafText: () => '\n' },
  parseDOM: [{ tag: 'br' }],
  rendersFromAttrs: true,
  toDOM: () => ['br'],
  markdown: { parse: { hardbreak: { node: 'hard_break' } } },
  // Mod-Enter leaves a code block first (the code block's key), then breaks the line.
  keys: () => ({ 'Shift-Enter': insertHardBreak, 'Mod-Enter': insertHardBreak }),
};
