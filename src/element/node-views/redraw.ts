/**
 * Drawing again, with the implementation that arrived, the nodes a stand-in drew (stand-in.ts):
 * the code blocks and images (../block-views.ts) and the tables (../tables.ts). Part of the
 * chunks that bring those implementations, not of the embed bundle's entry.
 */
import type { Node as PMNode } from 'prosemirror-model';
import { Plugin, PluginKey } from 'prosemirror-state';
import { Decoration, DecorationSet, type EditorView } from 'prosemirror-view';

/** What a redraw plugin keeps: the nodes to draw again now, and those to draw once they come near the viewport. */
interface Redraws {
  /** Marked with an empty node decoration until the view has drawn them. */
  now: DecorationSet;
  /** Not marked yet: far from the viewport, a stand-in's drawing stands until they come near. */
  later: DecorationSet;
}

/** The meta of a redraw plugin's transactions: the marks are drawn (drop them), or these waiting nodes came near (mark them). */
type RedrawMeta = { drawn: true } | { near: Decoration[] };

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
 * them (in a microtask after): kept, every later update would look through them for each block
 * of the document (ProseMirror's decorations at one level are a flat list), a cost on every
 * keystroke that grows with the number of such blocks.
 *
 * Only the nodes near the viewport are drawn again when the part arrives (in a microtask, before
 * the next frame); the others wait, drawn by their stand-ins, until their top-level block comes
 * near (the browser's `content-visibility` events tell), holds the caret, or is the second block
 * (which `content-visibility` leaves alone, so no event tells). Replacing every such node at once
 * was a good part of a long document's first seconds in Firefox: in a 10,000-block document, the
 * removal and insertion of its 1,680 code blocks and images took about 2.6 s of a 3.9 s profile
 * (with the profiler on; the rest, restyling: ../rich-editor/on-demand.ts), about 260 ms of
 * script in Chromium. Where the events are missing, every node is drawn again at once.
 */
export function redrawPlugin(name: string, redraws: (node: PMNode) => boolean): Plugin {
  const key = new PluginKey<Redraws>(name);
  return new Plugin({
    key,
    state: {
      init(_, { doc }) {
        const marks: Decoration[] = [];
        doc.descendants((node, pos) => {
          const picked = redraws(node);
          if (picked) marks.push(Decoration.node(pos, pos + node.nodeSize, {}));
          return !picked && !node.isTextblock;
        });
        const all = DecorationSet.create(doc, marks);
        return visibilityEvents ? { now: DecorationSet.empty, later: all } : { now: all, later: DecorationSet.empty };
      },
      apply(tr, { now, later }) {
        if (tr.docChanged) {
          now = now.map(tr.mapping, tr.doc);
          later = later.map(tr.mapping, tr.doc);
        }
        const meta = tr.getMeta(key) as RedrawMeta | undefined;
        if (meta && 'drawn' in meta) now = DecorationSet.empty;
        else if (meta) {
          // Copies: both take the decorations they place out of the array they are given.
          now = now.add(tr.doc, [...meta.near]);
          later = later.remove([...meta.near]);
        }
        return { now, later };
      },
    },
    props: { decorations: (state) => key.getState(state)!.now },
    // Created once the view has drawn the state that added this plugin.
    view: (editorView) => new NearRedraws(editorView, key),
  });
}

/** A redraw plugin's watch over one view: marks the waiting nodes that came near, and drops marks once drawn. */
class NearRedraws {
  /** Top-level blocks reported near since the last microtask. */
  private arrived: Element[] = [];
  private scheduled = false;
  private listening = false;
  /** The blocks near the viewport are still to be found (once: the others report when they come near). */
  private first = false;

  constructor(
    private readonly view: EditorView,
    private readonly key: PluginKey<Redraws>,
  ) {
    if (key.getState(view.state)!.later !== DecorationSet.empty) {
      view.dom.addEventListener('contentvisibilityautostatechange', this, true);
      this.listening = true;
      this.first = true;
    }
    this.schedule();
  }

  update(): void {
    this.schedule();
  }

  /** A top-level block stopped being skipped: its waiting nodes are drawn again. */
  handleEvent(event: Event): void {
    const block = event.target as Element;
    if ((event as ContentVisibilityAutoStateChangeEvent).skipped || block.parentNode !== this.view.dom) return;
    this.arrived.push(block);
    this.schedule();
  }

  destroy(): void {
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
    const { now, later } = key.getState(view.state)!;
    if (now !== DecorationSet.empty) {
      view.dispatch(view.state.tr.setMeta(key, { drawn: true } satisfies RedrawMeta));
      return;
    }
    if (later === DecorationSet.empty) return this.stopListening();
    if (this.first) {
      this.first = false;
      this.arrived.push(...blocksNearViewport(view.dom));
    }
    const near = this.nearNodes(later);
    this.arrived = [];
    // Only marks that leave the waiting set: each dispatch here is followed by another settle.
    if (near.length && later.remove([...near]) !== later) view.dispatch(view.state.tr.setMeta(key, { near } satisfies RedrawMeta));
  };

  /** The waiting nodes in the blocks reported near, the block with the caret and the second block. */
  private nearNodes(later: DecorationSet): Decoration[] {
    const { doc, selection } = this.view.state;
    const ranges: Array<[number, number]> = [];
    const blockAt = (pos: number) => {
      const $pos = doc.resolve(pos);
      const start = $pos.depth ? $pos.before(1) : pos;
      const node = doc.nodeAt(start);
      if (node) ranges.push([start, start + node.nodeSize]);
    };
    for (const block of this.arrived) if (block.isConnected) blockAt(this.view.posAtDOM(block, 0));
    blockAt(selection.head);
    if (doc.childCount > 1) blockAt(doc.child(0).nodeSize);
    const near = new Set<Decoration>();
    for (const [from, to] of ranges) for (const mark of later.find(from, to)) near.add(mark);
    return [...near];
  }

  private stopListening(): void {
    if (!this.listening) return;
    this.listening = false;
    this.view.dom.removeEventListener('contentvisibilityautostatechange', this, true);
  }
}
