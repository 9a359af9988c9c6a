import type { EditorState, Transaction } from 'prosemirror-state';
import { Plugin, PluginKey } from 'prosemirror-state';
import { Decoration, DecorationSet, type EditorView } from 'prosemirror-view';
import { clock } from '../../core/clock.js';
import { BlockPin, type Pin } from './block-pin.js';

/** The class on the top-level block being edited: the one that holds the selection (after keys moved the caret, from the next input: see activeBlockPlugin). */
export const ACTIVE_BLOCK_CLASS = 're-active';

/**
 * The class on the blocks the mark has left since the editor last rested (and on one
 * that stopped being the document's second block in that time). They keep
 * their exemption from `content-visibility: auto` until then, for two reasons:
 * - Chromium resolves a DOM selection that ProseMirror sets while the block the caret was
 *   in has just come under `content-visibility: auto` back into that block (Arrow Down from
 *   a paragraph onto the image after it went nowhere), so the last one keeps it even then,
 *   until the selection moves to yet another block.
 * - A block coming back under it costs Chromium a second pass over the frame's style,
 *   layout and intersection checks (whether it is on screen is only known after the first):
 *   at 10,000 blocks, 130 ms more after an Enter, and about as much after an Arrow Down onto
 *   the next block. Left until the editor rests, the blocks come back in one frame then.
 */
export const LEFT_BLOCK_CLASS = 're-left';

/** How long the editor goes without an update before the mark comes to the caret's block and the blocks it left come back under `content-visibility` (all but the last one), in ms. */
export const LEFT_BLOCKS_REST_MS = 1000;

/**
 * The most blocks kept exempt for having held the caret: beyond, the one left longest ago comes
 * back under `content-visibility` at once. Each is a decoration, which costs a look through the
 * top-level blocks whenever the marks are made anew (each move to another block).
 */
const LEFT_BLOCKS_KEPT = 16;

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
  /** The top-level blocks the mark has left since the editor last rested, the last one last (a former second block first). */
  left: readonly number[];
  serial: number;
  /** The pin measured for this block (its serial), or null. */
  pin: Pin | null;
  decorations: DecorationSet;
}

/**
 * What the plugin's view tells it: a pin measured for the active block (or dropped), that input
 * is coming (the mark follows the caret), or that the editor has rested.
 */
type ActiveBlockMeta = { pin: Pin | null } | { follow: true } | { rest: true };

/**
 * Keys that only move the caret or the selection (with or without modifiers), and modifiers
 * alone, by the start of their names (ArrowDown, PageUp, AltGraph): the mark does not follow
 * the caret for them (see activeBlockPlugin).
 */
const MOVING_KEYS = /^(Arrow|Home|End|Page|Shift|Control|Alt|Meta)/;

/** The key of the active-block plugin. */
export const activeBlockKey = new PluginKey<ActiveBlock>('active-block');

/** The position of the top-level block holding the selection's head, if any. */
function activeBlockPos(state: EditorState): number | null {
  const { $head } = state.selection;
  if ($head.depth > 0) return $head.before(1);
  if ($head.nodeAfter) return $head.pos;
  return $head.nodeBefore ? $head.pos - $head.nodeBefore.nodeSize : null;
}

/** The active block at `pos` in `state` (and the blocks `left`, and its pin if measured for `serial`), marked with node decorations, as is the document's second block. */
function activeBlock(state: EditorState, pos: number | null, serial: number, left: readonly number[], measured: Pin | null): ActiveBlock {
  const decorations: Decoration[] = [];
  const node = pos === null ? null : state.doc.nodeAt(pos);
  const pin = node && measured?.serial === serial ? measured : null;
  const pinned = pin ? { [PINNED_ATTRIBUTE]: '', style: `${PINNED_HEIGHT}: ${pin.height}px` } : {};
  if (pos !== null && node) decorations.push(Decoration.node(pos, pos + node.nodeSize, { class: ACTIVE_BLOCK_CLASS, [ACTIVE_SERIAL_ATTRIBUTE]: String(serial), ...pinned }));
  const kept: number[] = [];
  for (const at of left) {
    // Only a top-level block (a mapped position can end up inside one after an edit), and each once.
    const leftNode = at === pos || kept.includes(at) || state.doc.resolve(at).depth > 0 ? null : state.doc.nodeAt(at);
    if (!leftNode) continue;
    kept.push(at);
    decorations.push(Decoration.node(at, at + leftNode.nodeSize, { class: LEFT_BLOCK_CLASS }));
  }
  const second = secondPos(state);
  if (second !== null) decorations.push(Decoration.node(second, second + state.doc.child(1).nodeSize, { class: SECOND_BLOCK_CLASS }));
  return { pos: node ? pos : null, left: kept, serial, pin, decorations: DecorationSet.create(state.doc, decorations) };
}

/** Where the document's second top-level block starts, if it has one. */
function secondPos(state: EditorState): number | null {
  return state.doc.childCount > 1 ? state.doc.child(0).nodeSize : null;
}

/** Whether the caret is in another block than the one marked (keys moved it since the last input). */
function lags(state: EditorState): boolean {
  return activeBlockPos(state) !== activeBlockKey.getState(state)!.pos;
}

/** Tells the plugin `meta` in a transaction of its own, which changes no document. */
function tell(view: EditorView, meta: ActiveBlockMeta): void {
  view.dispatch(view.state.tr.setMeta(activeBlockKey, meta).setMeta('addToHistory', false));
}

/** The views whose last key (since the last pointer press or input) moved the caret: the mark stays behind the moves it makes. */
const keyMoves = new WeakSet<EditorView>();

/**
 * Notes whether `event` (a key, a pointer press, `beforeinput`, `compositionstart`) moves the
 * caret by key, and moves the mark to the caret's block before input that will edit there.
 */
function follow(view: EditorView, event: Event): boolean {
  const moving = event instanceof KeyboardEvent && MOVING_KEYS.test(event.key);
  if (moving) keyMoves.add(view);
  else keyMoves.delete(view);
  if (!moving && event.type !== 'pointerdown' && lags(view.state)) tell(view, { follow: true });
  return false;
}

/** The positions of the blocks `left` after `tr`, those deleted left out. */
function mappedAll(tr: Transaction, left: readonly number[]): readonly number[] {
  if (!tr.docChanged || !left.length) return left;
  const after: number[] = [];
  for (const at of left) {
    const pos = mapped(tr, at);
    if (pos !== null) after.push(pos);
  }
  return after;
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
 * Marks the top-level block being edited. Top-level blocks use `content-visibility: auto`
 * so long documents lay out only what is on screen, but Chromium mis-places the caret when
 * typing into a block under that containment (the first character typed into a fresh
 * paragraph ends up after the next ones), so the block being edited is exempted.
 *
 * The mark is a node decoration, so ProseMirror writes the class itself. The marked block
 * keeps the layout containment its neighbours have under `content-visibility`, and once
 * the plugin's view has measured it (BlockPin), the same decoration pins its height, so a
 * keystroke lays out that block alone.
 *
 * The mark stays behind the caret while keys move it, and comes to its block before input:
 * on any key but a moving one, on `beforeinput` and `compositionstart` (what the browser
 * inserts itself), with any change to the document, and when the editor rests. Moved with
 * the caret, it changed two blocks' classes on every Arrow key, and Chromium then brought
 * style and layout up to date as ProseMirror read the selection, and checked every block's
 * intersection again in a frame of its own: at 10,000 blocks an Arrow Down onto the next
 * block took about 62 ms to paint, ProseMirror alone 35. A caret placed otherwise (a click,
 * the host) takes the mark at once, as the first key typed there would pay for it.
 *
 * `ruler` gives the element whose width the pin watches (see BlockPin): one that resizes
 * only when the content's width does.
 */
export function activeBlockPlugin(ruler: () => Element): Plugin<ActiveBlock> {
  return new Plugin<ActiveBlock>({
    key: activeBlockKey,
    state: {
      init: (_, state) => activeBlock(state, activeBlockPos(state), 0, [], null),
      apply: (tr, prev, before, after) => {
        const meta = tr.getMeta(activeBlockKey) as ActiveBlockMeta | undefined;
        // A pin measured (or dropped) by the plugin's view: kept only for the block it was measured for.
        const pin = meta && 'pin' in meta ? meta.pin : prev.pin;
        const rest = !!meta && 'rest' in meta;
        // The mark follows the caret when the document changes, when input is coming, and when the editor rests.
        const pos = tr.docChanged || rest || (!!meta && 'follow' in meta) ? activeBlockPos(after) : prev.pos;
        // Rested: the blocks left come back under content-visibility, all but the last (the one the mark leaves now, if it moves).
        let left = rest ? (pos === prev.pos ? prev.left.slice(-1) : []) : mappedAll(tr, prev.left);
        // A block that stops being the second waits for the rest too (Firefox's caret passes over
        // a block just come under content-visibility: Arrow Down after an Enter at the top went past it).
        const second = tr.docChanged ? mapped(tr, secondPos(before)) : null;
        const secondChanged = second !== null && second !== secondPos(after);
        if (secondChanged) left = [second, ...left];
        if (!tr.docChanged && pos === prev.pos) return pin === prev.pin && left === prev.left ? prev : activeBlock(after, pos, prev.serial, left, pin);
        if (sameBlock(tr, prev, pos, before, after)) {
          // Typing: the same marks where they were, mapped (made anew, each would look through every top-level block).
          if (pin === prev.pin && !secondChanged && left.length === prev.left.length) return { ...prev, pos, left, decorations: prev.decorations.map(tr.mapping, tr.doc) };
          return activeBlock(after, pos, prev.serial, left, pin);
        }
        // Another block, or the same one redrawn: the one the caret leaves keeps its exemption, and its pin goes.
        const was = mapped(tr, prev.pos);
        return activeBlock(after, pos, prev.serial + 1, was !== pos && was !== null ? [...left, was].slice(-LEFT_BLOCKS_KEPT) : left, null);
      },
    },
    props: {
      decorations: (state) => activeBlockKey.getState(state)?.decorations,
      handleDOMEvents: { keydown: follow, pointerdown: follow, beforeinput: follow, compositionstart: follow },
    },
    view: (view) => {
      const pin = new BlockPin(view, ruler(), () => activeBlockKey.getState(view.state)!, (measured) => tell(view, { pin: measured }));
      // The editor rests once it has gone LEFT_BLOCKS_REST_MS without an update: one clock timer (while blocks
      // left wait, or the caret is in another block than the mark), which an update that came meanwhile sets
      // again for the time left (an update itself only notes the time).
      let rest: unknown = null;
      let updated = 0;
      const stop = (): void => {
        if (rest !== null) clock.clearTimeout(rest);
        rest = null;
      };
      const rested = (): void => {
        const left = updated + LEFT_BLOCKS_REST_MS - clock.now();
        rest = left > 0 ? clock.setTimeout(rested, left) : null;
        if (left <= 0 && !view.isDestroyed) tell(view, { rest: true });
      };
      return {
        update: () => {
          pin.update();
          updated = clock.now();
          const lagging = lags(view.state);
          // A caret placed by a click or by the host (not moved by keys): the mark follows it at once, after this update.
          if (lagging && !keyMoves.has(view)) queueMicrotask(() => !view.isDestroyed && lags(view.state) && tell(view, { follow: true }));
          if (activeBlockKey.getState(view.state)!.left.length < 2 && !lagging) stop();
          else rest ??= clock.setTimeout(rested, LEFT_BLOCKS_REST_MS);
        },
        destroy: () => {
          pin.destroy();
          stop();
        },
      };
    },
  });
}
