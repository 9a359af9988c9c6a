import { Plugin, PluginKey } from 'prosemirror-state';
import { Decoration, DecorationSet } from 'prosemirror-view';

/** The class on the top-level block that holds the selection. */
export const ACTIVE_BLOCK_CLASS = 're-active';

/** The key of the active-block plugin. */
export const activeBlockKey = new PluginKey('active-block');

/**
 * Marks the top-level block holding the caret. Top-level blocks use
 * `content-visibility: auto` so long documents lay out only what is on screen, but
 * Chromium mis-places the caret when typing into a block under that containment (the
 * first character typed into a fresh paragraph ends up after the next ones), so the
 * block being edited is exempted. Constant work per update: one decoration.
 */
export function activeBlockPlugin(): Plugin {
  return new Plugin({
    key: activeBlockKey,
    props: {
      decorations(state) {
        const { $head } = state.selection;
        let from: number;
        let node = $head.depth > 0 ? $head.node(1) : $head.nodeAfter;
        if ($head.depth > 0) from = $head.before(1);
        else if (node) from = $head.pos;
        else {
          node = $head.nodeBefore;
          from = $head.pos - (node?.nodeSize ?? 0);
        }
        if (!node) return DecorationSet.empty;
        return DecorationSet.create(state.doc, [Decoration.node(from, from + node.nodeSize, { class: ACTIVE_BLOCK_CLASS })]);
      },
    },
  });
}
