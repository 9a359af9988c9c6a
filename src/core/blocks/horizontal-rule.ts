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
  // `---` or `___` typed at the start of a paragraph (`—-` once typography turned `--` into a
  // dash): a rule before it, the paragraph keeping what followed the caret (an empty one stays
  // for the caret). Not where a rule cannot stand before it (a list item's first paragraph).
  inputRules: (rule) => [
    new InputRule(/^(?:---|—-|___)$/, (state, _match, start, end) => {
      const $start = state.doc.resolve(start);
      const index = $start.index(-1);
      if ($start.parent.type !== state.schema.nodes.paragraph || !$start.node(-1).canReplaceWith(index, index, rule)) return null;
      return state.tr.delete(start, end).insert($start.before(), rule.create()).scrollIntoView();
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
