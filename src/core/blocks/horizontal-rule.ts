/** The horizontal rule ("Divider" in the slash menu). */
import { InputRule } from 'prosemirror-inputrules';
import { insertHorizontalRule } from '../commands/blocks.js';
import { BUILTIN_MENUS } from '../extensions/builtin-menus.js';
import type { NodeDefinition } from '../extensions/types.js';

export const horizontalRule: NodeDefinition = {
  name: 'horizontal_rule',
  group: 'block',
  parseDOM: [{ tag: 'hr' }],
  rendersFromAttrs: true,
  toDOM: () => ['hr'],
  markdown: { serialize: () => ['---'], parse: { hr: { node: 'horizontal_rule' } } },
  [BUILTIN_MENUS]: 'horizontal_rule',
  commands: { insert: () => insertHorizontalRule },
  // `---` or `___` alone in a paragraph (`—-` once typography turned `--` into a dash).
  inputRules: (rule) => [
    new InputRule(/^(?:---|—-|___)$/, (state, _match, start, end) => {
      const paragraph = state.schema.nodes.paragraph;
      const $start = state.doc.resolve(start);
      if (!paragraph || $start.parent.type !== paragraph) return null;
      const blockStart = $start.before();
      return state.tr.replaceWith(blockStart, end + 1, [rule.create(), paragraph.create()]).scrollIntoView();
    }),
  ],
  styles: `
    /* A rule has nothing to skip, and an estimate would only move the text after it once drawn. */
    .content > hr {
      content-visibility: visible;
    }
    .content hr {
      border: 0;
      border-top: 1px solid var(--_border);
      margin: 1em 0;
    }`,
};
