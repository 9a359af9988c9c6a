/**
 * Scrolling to a heading of the table of contents (toc.ts): its own module, which the embed
 * bundle fetches on the first `scrollToHeading` (element/rich-editor/on-demand.ts).
 */
import type { Command } from 'prosemirror-state';
import { clock } from '../clock.js';
import { headingEntry } from './toc.js';

/** The nearest ancestor that scrolls, crossing shadow roots; the page's scroller otherwise. */
function scrollerOf(el: Element): Element {
  const root = el.ownerDocument.scrollingElement ?? el.ownerDocument.documentElement;
  for (let at: Node | null = el.parentNode; at; at = at instanceof ShadowRoot ? at.host : at.parentNode) {
    if (!(at instanceof Element) || at === root) continue;
    const { overflowY } = getComputedStyle(at);
    if ((overflowY === 'auto' || overflowY === 'scroll') && at.scrollHeight > at.clientHeight) return at;
  }
  return root;
}

/**
 * Scrolls the heading to the top smoothly. Chromium's smooth `scrollIntoView` does
 * nothing for an element inside `content-visibility: auto` content (which the
 * element uses on long documents), so the scroller is scrolled to the heading's
 * offset instead; lazily laid-out blocks can shift that offset while scrolling, so
 * it settles on the heading when the scroll ends. A heading already there (within the pixel
 * or so the browser rounds a scroll offset to, or as near as the scroller goes) needs no
 * scroll, and no scroll's end is waited for: the end of a later scroll would take the page
 * back to it.
 */
function smoothScrollTo(dom: HTMLElement): void {
  const scroller = scrollerOf(dom);
  const page = scroller === dom.ownerDocument.scrollingElement;
  const top = scroller.scrollTop + dom.getBoundingClientRect().top - (page ? 0 : scroller.getBoundingClientRect().top);
  if (Math.abs(Math.min(top, scroller.scrollHeight - scroller.clientHeight) - scroller.scrollTop) < 2) return;
  const target = page ? dom.ownerDocument : scroller;
  afterScrollEnds(target, () => dom.scrollIntoView({ block: 'start' }));
  scroller.scrollTo({ top, behavior: 'smooth' });
}

/** How long a scroll must be still to count as ended where there is no `scrollend` event. */
const SCROLL_STILL_MS = 150;

/** What a reader does to scroll on their own: the scroll is theirs from then on, and is not settled on the heading. */
const READER_SCROLLS = ['wheel', 'touchstart', 'pointerdown', 'keydown'];

/**
 * Runs `run` once when the scroll `target` has stopped: at its `scrollend` event, or, in a
 * browser without one (WebKitGTK 2.50), once no `scroll` event came for a short while. Not
 * when the reader takes the scroll over first (a wheel, a touch, a click or a key).
 */
function afterScrollEnds(target: Document | Element, run: () => void): void {
  const win = (target instanceof Document ? target : target.ownerDocument).defaultView;
  if (!win) return;
  const ends = 'onscrollend' in win;
  let timer = ends ? null : clock.setTimeout(() => done(), SCROLL_STILL_MS);
  const stop = (): void => {
    for (const type of READER_SCROLLS) win.removeEventListener(type, stop, true);
    target.removeEventListener(ends ? 'scrollend' : 'scroll', moved);
    if (timer !== null) clock.clearTimeout(timer);
  };
  const done = (): void => {
    stop();
    run();
  };
  const moved = (): void => {
    if (ends) return done();
    clock.clearTimeout(timer);
    timer = clock.setTimeout(done, SCROLL_STILL_MS);
  };
  for (const type of READER_SCROLLS) win.addEventListener(type, stop, { capture: true, passive: true });
  target.addEventListener(ends ? 'scrollend' : 'scroll', moved, { passive: true });
}

/** Scrolls smoothly to the `sequence`-th heading (1-based) of a level; false when there is none. */
export function scrollToHeading(level: number, sequence: number): Command {
  return (state, _dispatch, view) => {
    const entry = headingEntry(state.doc, level, sequence);
    if (!entry) return false;
    const dom = view?.nodeDOM(entry.pos);
    if (dom instanceof HTMLElement) smoothScrollTo(dom);
    return true;
  };
}
