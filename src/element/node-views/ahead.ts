/**
 * Work done ahead of scrolling a long document: the blocks a stretch around those that come
 * near the viewport are drawn again (redraw.ts) and their code coloured (highlight.ts) while
 * `content-visibility` still skips them, in the browser's idle moments once the user has
 * scrolled. How far, how much at a time, and the walk over the blocks both use.
 */
import type { Node as PMNode } from 'prosemirror-model';
import type { EditorView } from 'prosemirror-view';
import { whenIdle } from '../idle.js';

/**
 * How many top-level blocks either side of one that came near are looked at for work still due (a node to draw again, a code block to
 * colour), and how far that work is done once some is found. Blocks a few screens away are
 * still skipped by `content-visibility`, so changing them costs no layout, and scrolling then
 * reaches blocks that are done. Done only once a block is near, it is laid out twice (as it was,
 * then changed) and costs an update of its own in the frames the user scrolls through: at 10,000
 * blocks, one or two updates for most wheel steps. Between the two reaches, scrolling on does the
 * next stretch in one update, not one per step. Idle, because doing it with the blocks near the
 * viewport made the frame that drew them longer (the first after a long document's block views
 * arrived: 77 to 104 ms).
 */
export const DUE_REACH = 60;
export const DRAW_REACH = 150;
/**
 * How many blocks one idle moment draws or colours ahead, nearest first (the rest at the next):
 * the whole stretch at once could take tens of milliseconds, a frame's delay should the user
 * scroll on during it.
 */
export const AHEAD_BATCH = 16;

/**
 * Calls `then` once the page, or a scroller in the editor's shadow root, first scrolls (scroll
 * events do not bubble: listened for in the capture phase); returns what stops the wait. Work
 * ahead of scrolling starts then: before it, it would only lengthen a new document's first frames.
 */
export function onFirstScroll(view: EditorView, then: () => void): () => void {
  const root = view.root;
  const options: AddEventListenerOptions = { capture: true, passive: true };
  const stop = (): void => {
    removeEventListener('scroll', scrolled, options);
    if (root !== document) root.removeEventListener('scroll', scrolled, options);
  };
  const scrolled = (): void => {
    stop();
    then();
  };
  addEventListener('scroll', scrolled, options);
  if (root !== document) root.addEventListener('scroll', scrolled, options);
  return stop;
}

/**
 * Calls `f` with each top-level block within `reach` of the one at `index` (which starts at
 * `start`), where each starts and how many blocks away it is: a walk from that block, never
 * from the document's start.
 */
export function blocksAround(doc: PMNode, index: number, start: number, reach: number, f: (block: PMNode, start: number, distance: number) => void): void {
  for (let i = index, pos = start; i >= 0 && i >= index - reach; i--) {
    if (i < index) pos -= doc.child(i).nodeSize;
    f(doc.child(i), pos, index - i);
  }
  const last = Math.min(doc.childCount - 1, index + reach);
  for (let i = index + 1, pos = start + doc.child(index).nodeSize; i <= last; pos += doc.child(i++).nodeSize) f(doc.child(i), pos, i - index);
}

/**
 * Runs `task` in the browser's next idle period, however long the page stays busy: for work done
 * ahead of need that is worth no frame, such as blocks drawn ahead of scrolling. While the user
 * scrolls on through a long document each frame takes longer than its interval and the browser is
 * never idle; `whenIdle`'s timeout then ran the work as a task of 30-40 ms between two frames of
 * the scroll. What asks for it must not depend on it. WebKit, without `requestIdleCallback`, runs
 * it as `whenIdle` does.
 */
export function onlyWhenIdle(task: () => void): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => task());
  else whenIdle(task);
}

/**
 * Whether the document changed since work ahead was last asked for, on `doc` (someone typed, pasted, or
 * a collaborator's change came in): the work is then put off, not done, until blocks next come
 * near, which asks for it again (blocks that come near while it waits ask again too: what to check
 * against is the document of the latest ask). In a long document each batch is an update of the whole view (at 100,000
 * blocks it took longer than a key's frame), and the first idle moments after a scroll are the
 * gaps between the keys of someone who started typing there.
 */
export function typedSince(view: EditorView, doc: PMNode): boolean {
  return view.state.doc !== doc;
}
