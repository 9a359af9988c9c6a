import type { EditorState } from 'prosemirror-state';
import { Plugin, PluginKey } from 'prosemirror-state';
import type { EditorView } from 'prosemirror-view';
import { BlockPin } from './block-pin.js';

/** The class on the top-level block that holds the selection. */
export const ACTIVE_BLOCK_CLASS = 're-active';

/** The key of the active-block plugin. */
export const activeBlockKey = new PluginKey('active-block');

/** The position of the top-level block holding the selection's head, if any. */
function activeBlockPos(state: EditorState): number | null {
  const { $head } = state.selection;
  if ($head.depth > 0) return $head.before(1);
  if ($head.nodeAfter) return $head.pos;
  return $head.nodeBefore ? $head.pos - $head.nodeBefore.nodeSize : null;
}

/** ProseMirror's mutation observer (internal): the class is ours, not a document change to read back. */
interface ObservedView {
  domObserver?: { stop(): void; start(): void };
}

function unobserved(view: EditorView, change: () => void): void {
  const observer = (view as unknown as ObservedView).domObserver;
  observer?.stop();
  try {
    change();
  } finally {
    observer?.start();
  }
}

/**
 * Marks the top-level block holding the caret. Top-level blocks use
 * `content-visibility: auto` so long documents lay out only what is on screen, but
 * Chromium mis-places the caret when typing into a block under that containment (the
 * first character typed into a fresh paragraph ends up after the next ones), so the
 * block being edited is exempted.
 *
 * The class is set on the block's element directly, after each update, rather than as a
 * node decoration: a decoration at the document's top level sends ProseMirror's view
 * update down its slow path, which copies an array for every top-level block on each
 * keystroke (and keeps them).
 *
 * The marked block keeps the layout containment its neighbours have under
 * `content-visibility`, and its height is pinned (see BlockPin) so a keystroke lays out
 * that block alone.
 */
export function activeBlockPlugin(): Plugin {
  return new Plugin({
    key: activeBlockKey,
    view(view) {
      let marked: HTMLElement | null = null;
      const pin = new BlockPin(view.dom, (change) => unobserved(view, change));
      const update = (): void => {
        const pos = activeBlockPos(view.state);
        const dom = pos === null ? null : view.nodeDOM(pos);
        const block = dom instanceof HTMLElement && dom.parentNode === view.dom ? dom : null;
        if (block !== marked || (block && !block.classList.contains(ACTIVE_BLOCK_CLASS))) {
          unobserved(view, () => {
            marked?.classList.remove(ACTIVE_BLOCK_CLASS);
            block?.classList.add(ACTIVE_BLOCK_CLASS);
          });
          marked = block;
        }
        pin.follow(block);
      };
      update();
      return {
        update,
        destroy: () => {
          pin.destroy();
          if (marked && !view.isDestroyed) unobserved(view, () => marked?.classList.remove(ACTIVE_BLOCK_CLASS));
          marked = null;
        },
      };
    },
  });
}
