import type { EditorState, Transaction } from 'prosemirror-state';
import { Plugin, PluginKey } from 'prosemirror-state';
import { Decoration, DecorationSet } from 'prosemirror-view';
import { BlockPin, type Pin } from './block-pin.js';

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

/**
 * The class on the document's second top-level block, which stays out of
 * `content-visibility: auto`: WebKitGTK 2.50's web process crashes laying out a document
 * that starts with a heading or a quote followed by a paragraph while that paragraph is
 * under it (a document that starts "<h2>T</h2><p>x</p>"), whatever the margins,
 * contain-intrinsic-size, containment or caret; no feature test tells. A class, not a
 * sibling selector (`:first-child + *`): Chromium answers a block inserted or removed under
 * a parent with such a rule by styling every child again (about 60 ms at 10,000 blocks for
 * each Enter, paste or redrawn block).
 */
export const SECOND_BLOCK_CLASS = 're-second';

/** The attribute on the active block while its height is pinned (block-pin.ts); the height is its custom property {@link PINNED_HEIGHT}. */
export const PINNED_ATTRIBUTE = 'data-re-pinned';

/** The custom property holding the pinned block's height, which the element's stylesheet applies (rich-editor.styles.ts). */
export const PINNED_HEIGHT = '--re-pinned-height';

/**
 * The attribute on the active block that tells one block from the next: it changes
 * whenever the caret moves to another block or the block is redrawn, so a pin measured
 * for one block never applies to another.
 */
export const ACTIVE_SERIAL_ATTRIBUTE = 'data-re-active';

/** Where the active block is (and the one before it), its pinned height, and the decorations that mark them and the second block. */
interface ActiveBlock {
  pos: number | null;
  left: number | null;
  serial: number;
  /** The pin measured for this block (its serial), or null. */
  pin: Pin | null;
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

/** The active block of `state` (and `left`, the one before it, and its pin if measured for `serial`), marked with node decorations, as is the document's second block. */
function activeBlock(state: EditorState, serial: number, left: number | null, measured: Pin | null): ActiveBlock {
  const pos = activeBlockPos(state);
  const decorations: Decoration[] = [];
  const node = pos === null ? null : state.doc.nodeAt(pos);
  const pin = node && measured?.serial === serial ? measured : null;
  const pinned = pin ? { [PINNED_ATTRIBUTE]: '', style: `${PINNED_HEIGHT}: ${pin.height}px` } : {};
  if (pos !== null && node) decorations.push(Decoration.node(pos, pos + node.nodeSize, { class: ACTIVE_BLOCK_CLASS, [ACTIVE_SERIAL_ATTRIBUTE]: String(serial), ...pinned }));
  // Only a top-level block (a mapped position can end up inside one after an edit).
  const leftNode = left === null || left === pos || state.doc.resolve(left).depth > 0 ? null : state.doc.nodeAt(left);
  if (left !== null && leftNode) decorations.push(Decoration.node(left, left + leftNode.nodeSize, { class: LEFT_BLOCK_CLASS }));
  const second = state.doc.maybeChild(1);
  if (second) {
    const start = state.doc.child(0).nodeSize;
    decorations.push(Decoration.node(start, start + second.nodeSize, { class: SECOND_BLOCK_CLASS }));
  }
  return { pos: node ? pos : null, left: leftNode ? left : null, serial, pin, decorations: DecorationSet.create(state.doc, decorations) };
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

/**
 * Marks the top-level block holding the caret. Top-level blocks use
 * `content-visibility: auto` so long documents lay out only what is on screen, but
 * Chromium mis-places the caret when typing into a block under that containment (the
 * first character typed into a fresh paragraph ends up after the next ones), so the
 * block being edited is exempted.
 *
 * The mark is a node decoration, so ProseMirror writes the class itself. The marked block
 * keeps the layout containment its neighbours have under `content-visibility`, and once
 * the plugin's view has measured it (BlockPin), the same decoration pins its height, so a
 * keystroke lays out that block alone.
 */
export function activeBlockPlugin(): Plugin<ActiveBlock> {
  return new Plugin<ActiveBlock>({
    key: activeBlockKey,
    state: {
      init: (_, state) => activeBlock(state, 0, null, null),
      apply: (tr, prev, before, after) => {
        // A pin measured (or dropped) by the plugin's view: kept only for the block it was measured for.
        const measured = tr.getMeta(activeBlockKey) as Pin | null | undefined;
        const pin = measured === undefined ? prev.pin : measured;
        const pos = activeBlockPos(after);
        if (!tr.docChanged && pos === prev.pos) return pin === prev.pin ? prev : activeBlock(after, prev.serial, prev.left, pin);
        if (sameBlock(tr, prev, pos, before, after)) return activeBlock(after, prev.serial, mapped(tr, prev.left), pin);
        // Another block, or the same one redrawn: the one the caret leaves keeps its exemption, and its pin goes.
        const moved = mapped(tr, prev.pos) !== pos;
        return activeBlock(after, prev.serial + 1, moved ? mapped(tr, prev.pos) : mapped(tr, prev.left), null);
      },
    },
    props: {
      decorations: (state) => activeBlockKey.getState(state)?.decorations,
    },
    view: (view) =>
      new BlockPin(
        view,
        () => activeBlockKey.getState(view.state)!,
        (pin) => view.dispatch(view.state.tr.setMeta(activeBlockKey, pin).setMeta('addToHistory', false)),
      ),
  });
}
