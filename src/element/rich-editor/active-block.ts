import type { EditorState, Transaction } from 'prosemirror-state';
import { Plugin, PluginKey } from 'prosemirror-state';
import { Decoration, DecorationSet, type EditorView } from 'prosemirror-view';
import { BlockPin } from './block-pin.js';

/** The class on the top-level block that holds the selection. */
export const ACTIVE_BLOCK_CLASS = 're-active';

/**
 * The class on the block that held the selection before the active one, until the
 * selection moves to yet another block. Chromium resolves a DOM selection that
 * ProseMirror sets while the block the caret was in has just come under
 * `content-visibility: auto` back into that block (Arrow Down from a paragraph onto the
 * image after it went nowhere), so that block keeps its exemption a little longer.
 */
export const LEFT_BLOCK_CLASS = 're-left';

/** The attribute on the editable that names the editor for its block pin's stylesheet rule. */
export const PIN_SCOPE_ATTRIBUTE = 'data-re-pin-scope';

/**
 * The attribute on the active block that tells one block from the next: it changes
 * whenever the caret moves to another block or the block is redrawn, so a pin measured
 * for one block never applies to another.
 */
export const ACTIVE_SERIAL_ATTRIBUTE = 'data-re-active';

/** Where the active block is (and the one before it), and the decorations that mark them. */
interface ActiveBlock {
  pos: number | null;
  left: number | null;
  serial: number;
  decorations: DecorationSet;
}

/** The key of the active-block plugin. */
export const activeBlockKey = new PluginKey<ActiveBlock>('active-block');

/** The position of the top-level block holding the selection's head, if any. */
function activeBlockPos(state: EditorState): number | null {
  const { $head } = state.selection;
  if ($head.depth > 0) return $head.before(1);
  if ($head.nodeAfter) return $head.pos;
  return $head.nodeBefore ? $head.pos - $head.nodeBefore.nodeSize : null;
}

/** The active block of `state` (and `left`, the one before it), marked with node decorations. */
function activeBlock(state: EditorState, serial: number, left: number | null): ActiveBlock {
  const pos = activeBlockPos(state);
  const decorations: Decoration[] = [];
  const node = pos === null ? null : state.doc.nodeAt(pos);
  if (pos !== null && node) decorations.push(Decoration.node(pos, pos + node.nodeSize, { class: ACTIVE_BLOCK_CLASS, [ACTIVE_SERIAL_ATTRIBUTE]: String(serial) }));
  // Only a top-level block (a mapped position can end up inside one after an edit).
  const leftNode = left === null || left === pos || state.doc.resolve(left).depth > 0 ? null : state.doc.nodeAt(left);
  if (left !== null && leftNode) decorations.push(Decoration.node(left, left + leftNode.nodeSize, { class: LEFT_BLOCK_CLASS }));
  return { pos: node ? pos : null, left: leftNode ? left : null, serial, decorations: DecorationSet.create(state.doc, decorations) };
}

/** Where `pos` is after `tr`, or null when its block was deleted. */
function mapped(tr: Transaction, pos: number | null): number | null {
  if (pos === null) return null;
  const result = tr.mapping.mapResult(pos, 1);
  return result.deleted ? null : result.pos;
}

/**
 * Whether the active block after `tr` is the one before it, drawn by the same element:
 * ProseMirror keeps a block's element while its type and attributes stay the same.
 */
function sameBlock(tr: Transaction, prev: ActiveBlock, pos: number | null, before: EditorState, after: EditorState): boolean {
  if (pos === null || prev.pos === null || mapped(tr, prev.pos) !== pos) return false;
  const was = before.doc.nodeAt(prev.pos);
  const is = after.doc.nodeAt(pos);
  return !!was && !!is && was.sameMarkup(is);
}

/** A name for one editor's pin rule, unique on its page (editors can share a document root). */
const scopeName = (): string => `p${Math.random().toString(36).slice(2, 10)}`;

/** Each view's pin, and how many of the plugin's views use it now. */
const pins = new WeakMap<EditorView, { pin: BlockPin; users: number }>();

/**
 * The view's pin, kept while the view lives: ProseMirror makes every plugin's view again when
 * the state's plugins change (a part arrived), and a new pin would take its stylesheet out of
 * the shadow root and put one back in, which Firefox answers by working out the style of every
 * element there again (about 250 ms at 10,000 blocks). Given up a microtask after the last
 * plugin view using it is destroyed, unless another took it up meanwhile.
 */
function pinOf(view: EditorView): { pin: BlockPin; release(): void } {
  let held = pins.get(view);
  if (!held) pins.set(view, (held = { pin: new BlockPin(view.dom, view.root), users: 0 }));
  held.users++;
  const kept = held;
  return {
    pin: kept.pin,
    release() {
      kept.users--;
      queueMicrotask(() => {
        if (kept.users > 0 || pins.get(view) !== kept) return;
        pins.delete(view);
        kept.pin.destroy();
      });
    },
  };
}

/**
 * Marks the top-level block holding the caret. Top-level blocks use
 * `content-visibility: auto` so long documents lay out only what is on screen, but
 * Chromium mis-places the caret when typing into a block under that containment (the
 * first character typed into a fresh paragraph ends up after the next ones), so the
 * block being edited is exempted.
 *
 * The mark is a node decoration, so ProseMirror writes the class itself. The marked block
 * keeps the layout containment its neighbours have under `content-visibility`, and its
 * height is pinned (see BlockPin) by a stylesheet rule of this editor's, outside the
 * document's DOM, so a keystroke lays out that block alone.
 */
export function activeBlockPlugin(): Plugin<ActiveBlock> {
  const scope = scopeName();
  return new Plugin<ActiveBlock>({
    key: activeBlockKey,
    state: {
      init: (_, state) => activeBlock(state, 0, null),
      apply: (tr, prev, before, after) => {
        const pos = activeBlockPos(after);
        if (!tr.docChanged && pos === prev.pos) return prev;
        if (sameBlock(tr, prev, pos, before, after)) return activeBlock(after, prev.serial, mapped(tr, prev.left));
        // Another block, or the same one redrawn: the one the caret leaves keeps its exemption.
        const moved = mapped(tr, prev.pos) !== pos;
        return activeBlock(after, prev.serial + 1, moved ? mapped(tr, prev.pos) : mapped(tr, prev.left));
      },
    },
    props: {
      decorations: (state) => activeBlockKey.getState(state)?.decorations,
      attributes: { [PIN_SCOPE_ATTRIBUTE]: scope },
    },
    view(view) {
      const { pin, release } = pinOf(view);
      const update = (): void => {
        const active = activeBlockKey.getState(view.state);
        // The pin is for typing: without focus nothing is measured. Measuring lays the page out
        // at once, which on a new 10,000-block document is a whole layout before its first paint.
        const dom = active?.pos == null || !view.hasFocus() ? null : view.nodeDOM(active.pos);
        const block = dom instanceof HTMLElement && dom.parentNode === view.dom ? dom : null;
        // The class as well as the serial: the pin's rule outranks any block type's own rule for the active block.
        pin.follow(block, `[${PIN_SCOPE_ATTRIBUTE}="${scope}"] > .${ACTIVE_BLOCK_CLASS}[${ACTIVE_SERIAL_ATTRIBUTE}="${active?.serial}"]`);
      };
      // Focus that moves no caret (Tab, focus()) dispatches nothing: the pin comes with it all the same.
      view.dom.addEventListener('focus', update);
      update();
      return {
        update,
        destroy: () => {
          view.dom.removeEventListener('focus', update);
          release();
        },
      };
    },
  });
}
