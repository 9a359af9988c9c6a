import type { EditorView } from 'prosemirror-view';
import { visibilityEvents } from './redraw.js';

/**
 * How far outside the viewport a code block starts being highlighted, so it is
 * coloured by the time it scrolls in.
 */
const VIEWPORT_MARGIN = '800px 0px';

/** What a watcher asks of the highlighting plugin. */
export interface BlockWatcherPlugin {
  /** Whether the highlighter is here; the first call starts loading it, and its arrival highlights the blocks `visible` gives then. */
  load(view: EditorView, visible: () => number[]): boolean;
  /** Highlights the code blocks at these positions, which came near the viewport. */
  show(view: EditorView, visible: number[]): void;
}

/**
 * Watches one view's code blocks and reports those that come near the viewport to the
 * plugin, loading the highlighter the first time.
 *
 * A top-level block has `content-visibility: auto`, and the browser already tracks which
 * of those are near the viewport: its `contentvisibilityautostatechange` events say so at
 * no cost of their own. Each element an IntersectionObserver watches costs a little in
 * every frame (in a 10,000-block document with 517 code blocks, about 2 ms of each
 * keystroke's frame), so the observer only watches what the events do not cover: code
 * blocks nested in lists and quotes, the block being edited and the document's second
 * block (exempt from `content-visibility`), and every block in a browser without the events.
 */
export class BlockWatcher {
  private readonly observer: IntersectionObserver;
  private readonly blocks = new Map<Element, () => number | undefined>();
  /** The watched blocks near the viewport now. */
  private readonly near = new Set<Element>();
  /** The blocks the IntersectionObserver watches (the others get the browser's visibility events). */
  private readonly observed = new Set<Element>();
  /** Blocks watched since the last microtask: where they sit is known once they are in the document. */
  private pending: Element[] = [];

  constructor(
    private readonly view: EditorView,
    private readonly plugin: BlockWatcherPlugin,
  ) {
    this.observer = new IntersectionObserver((entries) => this.report(entries.map((entry) => [entry.target, entry.isIntersecting])), { rootMargin: VIEWPORT_MARGIN });
    if (visibilityEvents) view.dom.addEventListener('contentvisibilityautostatechange', this, true);
  }

  watch(dom: HTMLElement, getPos: () => number | undefined): void {
    this.blocks.set(dom, getPos);
    if (!visibilityEvents) this.observe(dom);
    // A node view's element is not in the document yet when it is watched.
    else if (this.pending.push(dom) === 1) queueMicrotask(this.place);
  }

  unwatch(dom: HTMLElement): void {
    this.blocks.delete(dom);
    this.near.delete(dom);
    if (this.observed.delete(dom)) this.observer.unobserve(dom);
  }

  /** The positions of the watched blocks near the viewport. */
  nearPositions = (): number[] => {
    const positions: number[] = [];
    for (const dom of this.near) {
      const pos = this.blocks.get(dom)?.();
      if (pos !== undefined) positions.push(pos);
    }
    return positions;
  };

  /**
   * After an update: the code block with the caret and the document's second block are
   * exempt from `content-visibility` (rich-editor.styles.ts), so no event reports them. One
   * the events last reported as far off (the caret was put there without scrolling, or the
   * block moved up to second place) is watched by the observer from now on.
   */
  checkExemptBlocks(): void {
    for (const dom of this.exemptBlocks()) {
      if (dom && this.blocks.has(dom) && !this.near.has(dom) && !this.observed.has(dom)) this.observe(dom);
    }
  }

  /** The top-level blocks without `content-visibility`: the one being edited, and the second. */
  private exemptBlocks(): Array<Element | null> {
    const { $head } = this.view.state.selection;
    const edited = $head.depth ? this.view.nodeDOM($head.before(1)) : null;
    return [edited instanceof Element ? edited : null, this.view.dom.firstElementChild?.nextElementSibling ?? null];
  }

  /** The browser's visibility event for a top-level block. */
  handleEvent(event: Event): void {
    const target = event.target as Element;
    if (event.type !== 'contentvisibilityautostatechange' || !this.blocks.has(target) || this.observed.has(target)) return;
    this.report([[target, !(event as ContentVisibilityAutoStateChangeEvent).skipped]]);
  }

  private observe(dom: Element): void {
    this.observed.add(dom);
    this.observer.observe(dom);
  }

  /** Sorts the blocks watched since the last microtask between the events and the observer. */
  private place = (): void => {
    const pending = this.pending;
    this.pending = [];
    if (this.view.isDestroyed) return;
    const exempt = this.exemptBlocks();
    for (const dom of pending) {
      if (!this.blocks.has(dom)) continue;
      const eventsCover = dom.parentNode === this.view.dom && !exempt.includes(dom);
      if (!eventsCover) this.observe(dom);
    }
  };

  private report(changes: Array<[Element, boolean]>): void {
    const arrived: Element[] = [];
    for (const [dom, isNear] of changes) {
      if (!this.blocks.has(dom)) continue;
      if (isNear) {
        this.near.add(dom);
        arrived.push(dom);
      } else this.near.delete(dom);
    }
    if (!arrived.length || this.view.isDestroyed) return;
    // Until the highlighter is here, the load reports every near block when it arrives.
    if (!this.plugin.load(this.view, this.nearPositions)) return;
    const visible = arrived.map((dom) => this.blocks.get(dom)?.()).filter((pos): pos is number => pos !== undefined);
    if (visible.length) this.plugin.show(this.view, visible);
  }

  destroy(): void {
    this.observer.disconnect();
    this.view.dom.removeEventListener('contentvisibilityautostatechange', this, true);
    this.blocks.clear();
    this.near.clear();
    this.observed.clear();
    this.pending = [];
  }
}
