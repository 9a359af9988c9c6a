/**
 * Drawing again, with the implementation that arrived, the nodes a stand-in drew (stand-in.ts):
 * the code blocks and images (../block-views.ts) and the tables (../tables.ts). Part of the
 * chunks that bring those implementations, not of the embed bundle's entry.
 */
import type { Node as PMNode } from 'prosemirror-model';
import { Plugin, PluginKey, type Transaction } from 'prosemirror-state';
import { Decoration, DecorationSet, type EditorView } from 'prosemirror-view';
import { AHEAD_BATCH, blocksAround, DRAW_REACH, DUE_REACH, onFirstScroll, onlyWhenIdle, typedSince } from './ahead.js';

/** What a redraw plugin keeps. */
interface Redraws {
  /**
   * The nodes to draw again now, each marked with an empty node decoration. Once a view has
   * drawn the marks (`drawnMarks`), the next transaction that changes the document or marks
   * more drops them.
   */
  now: DecorationSet;
  /**
   * The top-level blocks holding nodes a stand-in drew that wait to be drawn again, until they
   * come near the viewport. Kept as the blocks' nodes, which stay the same objects while nothing
   * in them changes: typing elsewhere costs the set nothing (a set of positions or decorations
   * would be mapped through every transaction, a cost per key that grows with the document).
   */
  waiting: ReadonlySet<PMNode>;
}

/** The meta of a redraw plugin's transactions: these waiting blocks are drawn again, near the viewport or a stretch around it (mark their nodes). */
interface RedrawMeta {
  drawn: readonly PMNode[];
  marks: Decoration[];
}

/**
 * Marks a view has drawn: their nodes were drawn again, and the marks can go. They go with the
 * next transaction that changes the document or marks more, not with one of their own: every
 * transaction that changes a view's decorations makes ProseMirror look through each top-level
 * block (at 10,000 blocks, 11-15 ms in Firefox), while one that changes neither (a caret move)
 * does not look at the few marks left.
 */
const drawnMarks = new WeakSet<DecorationSet>();

/**
 * Whether the browser tells when a `content-visibility: auto` element starts or stops being
 * skipped (Chromium 108, Firefox 125, Safari 18): top-level blocks have that style, so its
 * events say which are near the viewport, at no cost of their own. The block watcher and the
 * redraw plugin listen for them.
 */
export const visibilityEvents = typeof globalThis.ContentVisibilityAutoStateChangeEvent === 'function';

/**
 * The top-level blocks within a viewport's height of the viewport, found by their boxes (in
 * document order, top to bottom) with a binary search: a few boxes read, not one per block.
 * A hidden editor's blocks have no boxes, and all count as near (drawing them costs no layout).
 */
function blocksNearViewport(editable: HTMLElement): Element[] {
  const blocks = editable.children;
  const height = editable.ownerDocument.defaultView?.innerHeight ?? 0;
  let low = 0;
  let high = blocks.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (blocks[middle]!.getBoundingClientRect().bottom < -height) low = middle + 1;
    else high = middle;
  }
  const near: Element[] = [];
  for (let i = low; i < blocks.length && blocks[i]!.getBoundingClientRect().top <= 2 * height; i++) near.push(blocks[i]!);
  return near;
}

/**
 * Marks each node `redraws` picks in the document when it is created (a part arrived and its
 * plugins joined the state) with an empty node decoration: a node whose decorations change gets
 * an update from ProseMirror, and one a stand-in drew answers it by giving way to the
 * implementation. The marks add nothing to the DOM, and are dropped once the view has drawn
 * them (`drawnMarks`): kept, every later update would look through them for each block of the
 * document (ProseMirror's decorations at one level are a flat list), a cost on every keystroke
 * that grows with the number of such blocks.
 *
 * Only the nodes near the viewport are drawn again when the part arrives (in a microtask, before
 * the next frame), and those a stretch around them (`DRAW_REACH`) once the browser is idle; the
 * others wait (their top-level blocks are kept, not marks: see `Redraws`), drawn by their
 * stand-ins, until their top-level block comes near (the browser's `content-visibility` events
 * tell) or within that stretch of one that does, holds the caret, or is the second block (which
 * `content-visibility` leaves alone, so no event tells). Replacing every such node at once
 * was a good part of a long document's first seconds in Firefox: in a 10,000-block document, the
 * removal and insertion of its 1,680 code blocks and images took about 2.6 s of a 3.9 s profile
 * (with the profiler on; the rest, restyling: ../rich-editor/on-demand.ts), about 260 ms of
 * script in Chromium. Where the events are missing, every node is drawn again at once.
 */
export function redrawPlugin(name: string, redraws: (node: PMNode) => boolean, along?: RedrawAlong): Plugin {
  const key = new PluginKey<Redraws>(name);
  /** Whether `block` holds a node `redraws` picks (or is one). */
  const holds = (block: PMNode): boolean => {
    let found = redraws(block);
    if (!found && !block.isTextblock) block.descendants((node) => !(found ||= redraws(node)) && !node.isTextblock);
    return found;
  };
  return new Plugin({
    key,
    state: {
      init(_, { doc }): Redraws {
        if (visibilityEvents) {
          const waiting = new Set<PMNode>();
          doc.forEach((block) => holds(block) && waiting.add(block));
          return { now: DecorationSet.empty, waiting };
        }
        return { now: DecorationSet.create(doc, marksIn(doc, 0, doc.content.size, redraws)), waiting: new Set<PMNode>() };
      },
      apply(tr, { now, waiting }) {
        const meta = tr.getMeta(key) as RedrawMeta | undefined;
        if ((tr.docChanged || meta) && drawnMarks.has(now)) now = DecorationSet.empty;
        if (tr.docChanged) {
          now = now.map(tr.mapping, tr.doc);
          if (waiting.size) waiting = carried(tr.before, tr.doc, waiting, holds);
        }
        if (meta) {
          // A copy: `add` takes the decorations it places out of the array it is given.
          now = now.add(tr.doc, [...meta.marks]);
          const left = new Set(waiting);
          for (const block of meta.drawn) left.delete(block);
          waiting = left;
        }
        return { now, waiting };
      },
    },
    props: { decorations: (state) => key.getState(state)!.now },
    // Created once the view has drawn the state that added this plugin.
    view: (editorView) => new NearRedraws(editorView, key, redraws, along),
  });
}

/**
 * What else the transaction that draws nodes near the viewport again does, given where those
 * nodes start: whatever their views show near the viewport (a code block's colours) comes in
 * the same update rather than in one of its own once the browser reports the new elements.
 */
export type RedrawAlong = (tr: Transaction, positions: readonly number[]) => void;

/** Empty node decorations on the nodes `redraws` picks between `from` and `to`. */
function marksIn(doc: PMNode, from: number, to: number, redraws: (node: PMNode) => boolean): Decoration[] {
  const marks: Decoration[] = [];
  doc.nodesBetween(from, to, (node, pos) => {
    const picked = redraws(node);
    if (picked) marks.push(Decoration.node(pos, pos + node.nodeSize, {}));
    return !picked && !node.isTextblock;
  });
  return marks;
}

/**
 * The waiting set after a change from `before` to `after`: a waiting block the change replaced
 * (its content or attributes changed, it was joined, wrapped or split) is followed by the blocks
 * put in its place that hold nodes to draw again. ProseMirror keeps a node view whose node is
 * unchanged when its parent changes, so a stand-in inside a changed block is still there. The
 * replaced blocks are found by the nodes' identity from both ends (unchanged blocks stay the same
 * objects): a comparison per block, nothing allocated unless a waiting block changed.
 */
function carried(before: PMNode, after: PMNode, waiting: ReadonlySet<PMNode>, holds: (block: PMNode) => boolean): ReadonlySet<PMNode> {
  let start = 0;
  const shorter = Math.min(before.childCount, after.childCount);
  while (start < shorter && before.child(start) === after.child(start)) start++;
  let endBefore = before.childCount;
  let endAfter = after.childCount;
  while (endBefore > start && endAfter > start && before.child(endBefore - 1) === after.child(endAfter - 1)) {
    endBefore--;
    endAfter--;
  }
  let carried: Set<PMNode> | null = null;
  for (let index = start; index < endBefore; index++) {
    const block = before.child(index);
    if (waiting.has(block)) (carried ??= new Set(waiting)).delete(block);
  }
  if (carried) for (let index = start; index < endAfter; index++) if (holds(after.child(index))) carried.add(after.child(index));
  return carried ?? waiting;
}

/** A redraw plugin's watch over one view: marks the waiting nodes that came near (and, once idle, those a stretch around them), and notes the marks it has drawn. */
class NearRedraws {
  /** Top-level blocks reported near since the last microtask. */
  private arrived: Element[] = [];
  private scheduled = false;
  /** Top-level blocks reported near since the last idle moment (kept when typing put that off; each once): those a stretch around them are drawn then. */
  private anchors = new Set<Element>();
  /** Blocks near the viewport waited until now: the stretch around the anchors is drawn whatever `DUE_REACH` finds. */
  private behind = false;
  private aheadScheduled = false;
  /** The document when blocks last came near: typing since then puts the work ahead off. */
  private aheadOn: PMNode | null = null;
  private destroyed = false;
  /** Whether anything has scrolled since this view began (work ahead waits for it), and what stops the wait. */
  private scrolled = false;
  private readonly stopWaiting: () => void;
  private listening = false;
  /** The blocks near the viewport are still to be found (once: the others report when they come near). */
  private first = false;

  constructor(
    private readonly view: EditorView,
    private readonly key: PluginKey<Redraws>,
    private readonly redraws: (node: PMNode) => boolean,
    private readonly along?: RedrawAlong,
  ) {
    this.stopWaiting = onFirstScroll(view, () => (this.scrolled = true));
    if (key.getState(view.state)!.waiting.size) {
      view.dom.addEventListener('contentvisibilityautostatechange', this, true);
      this.listening = true;
      this.first = true;
    }
    this.update();
    this.schedule();
  }

  /** Notes the marks the view has drawn; the caret in a waiting block gets a look a microtask later. A key typed elsewhere costs a set lookup. */
  update(): void {
    const { now, waiting } = this.key.getState(this.view.state)!;
    if (now !== DecorationSet.empty) drawnMarks.add(now);
    const caret = waiting.size ? this.caretBlock().node : null;
    if (caret && waiting.has(caret)) this.schedule();
  }

  /** A top-level block stopped being skipped: its waiting nodes are drawn again. */
  handleEvent(event: Event): void {
    const block = event.target as Element;
    if ((event as ContentVisibilityAutoStateChangeEvent).skipped || block.parentNode !== this.view.dom) return;
    this.arrived.push(block);
    this.schedule();
  }

  destroy(): void {
    this.destroyed = true;
    this.stopWaiting();
    this.stopListening();
  }

  /** One microtask after an update or an event: never a dispatch while the view draws. */
  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    queueMicrotask(this.settle);
  }

  private settle = (): void => {
    this.scheduled = false;
    const { view, key } = this;
    if (view.isDestroyed) return;
    const { now, waiting } = key.getState(view.state)!;
    if (!waiting.size) {
      // Nothing waits, so no mark will come to take these away: every node marked at once
      // where the browser does not tell which blocks are skipped, drawn by now.
      if (drawnMarks.has(now)) view.dispatch(view.state.tr.setMeta(key, { drawn: [], marks: [] } satisfies RedrawMeta));
      return this.stopListening();
    }
    if (this.first) {
      this.first = false;
      this.arrived.push(...blocksNearViewport(view.dom));
    }
    const { doc } = view.state;
    // The blocks reported near, the block with the caret, and the second block (which
    // content-visibility leaves alone, so no event tells when it comes near).
    const arrived = this.arrived.filter((block) => block.isConnected);
    this.arrived = [];
    const blocks = arrived.map((block) => this.blockAt(view.posAtDOM(block, 0)));
    blocks.push(this.caretBlock());
    if (doc.childCount > 1) blocks.push(this.blockAt(doc.child(0).nodeSize));
    const draw = this.drawing(waiting);
    for (const { node, start } of blocks) if (node) draw.take(node, start);
    // Each dispatch here is followed by another settle: only blocks that leave the waiting set.
    const behind = draw.dispatch();
    if (arrived.length && this.scrolled) this.drawAhead(arrived, behind);
  };

  /**
   * Once the browser is idle, the waiting blocks a stretch around `arrived` (`DRAW_REACH`), if
   * one is within `DUE_REACH` or some near them were drawn only now (`behind`). A change to the
   * document meanwhile (typing) puts it off until blocks next come near (`typedSince`).
   */
  private drawAhead(arrived: Element[], behind: boolean): void {
    for (const block of arrived) this.anchors.add(block);
    this.behind ||= behind;
    this.aheadOn = this.view.state.doc;
    if (this.aheadScheduled) return;
    this.aheadScheduled = true;
    onlyWhenIdle(() => {
      this.aheadScheduled = false;
      const { view } = this;
      // Put off: kept for the next time blocks come near, which asks again.
      if (this.destroyed || view.isDestroyed || typedSince(view, this.aheadOn!)) return;
      const anchors = [...this.anchors].filter((block) => block.isConnected);
      const behind = this.behind;
      this.anchors = new Set();
      this.behind = false;
      const { waiting } = this.key.getState(view.state)!;
      const { doc } = view.state;
      // The waiting blocks in the stretch, each with where it starts and its least distance to an anchor.
      const found = new Map<PMNode, { start: number; distance: number }>();
      for (const { index, start } of anchors.map((block) => this.blockAt(view.posAtDOM(block, 0)))) {
        if (index >= doc.childCount) continue;
        let due = behind;
        if (!due) blocksAround(doc, index, start, DUE_REACH, (block) => (due ||= waiting.has(block)));
        if (!due) continue;
        blocksAround(doc, index, start, DRAW_REACH, (block, start, distance) => {
          if (waiting.has(block) && !((found.get(block)?.distance ?? Infinity) <= distance)) found.set(block, { start, distance });
        });
      }
      const nearest = [...found].sort(([, a], [, b]) => a.distance - b.distance);
      const draw = this.drawing(waiting);
      for (const [block, { start }] of nearest.slice(0, AHEAD_BATCH)) draw.take(block, start);
      draw.dispatch();
      if (nearest.length > AHEAD_BATCH) this.drawAhead(anchors, true);
    });
  }

  /** Collects waiting blocks to draw again (`take`), then draws them in one transaction (`dispatch`, which says whether there were any). */
  private drawing(waiting: ReadonlySet<PMNode>): { take: (block: PMNode, start: number) => void; dispatch: () => boolean } {
    const { view, key } = this;
    const { doc } = view.state;
    const drawn = new Set<PMNode>();
    const marks: Decoration[] = [];
    return {
      take: (block, start) => {
        if (!waiting.has(block) || drawn.has(block)) return;
        drawn.add(block);
        marks.push(...marksIn(doc, start, start + block.nodeSize, this.redraws));
      },
      dispatch: () => {
        if (!drawn.size) return false;
        const tr = view.state.tr.setMeta(key, { drawn: [...drawn], marks } satisfies RedrawMeta);
        this.along?.(tr, marks.map((mark) => mark.from));
        view.dispatch(tr);
        return true;
      },
    };
  }

  /** The top-level block at `pos` (inside it, or right before it): its node, index and start. */
  private blockAt(pos: number): { node: PMNode | null; index: number; start: number } {
    const $pos = this.view.state.doc.resolve(pos);
    const index = $pos.index(0);
    return { node: $pos.node(0).maybeChild(index), index, start: $pos.posAtIndex(index, 0) };
  }

  private caretBlock(): { node: PMNode | null; index: number; start: number } {
    return this.blockAt(this.view.state.selection.head);
  }

  private stopListening(): void {
    this.stopWaiting();
    if (!this.listening) return;
    this.listening = false;
    this.view.dom.removeEventListener('contentvisibilityautostatechange', this, true);
  }
}
