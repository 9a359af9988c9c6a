// A strip of tabs wider than the screen (a phone) scrolls sideways on its own. Opened on a tab out
// of view (a link to the profile's Activity, to Settings › API tokens), the selected tab would be
// scrolled out of sight with nothing saying the strip scrolls: the strip brings it into view, and
// marks the edges with tabs beyond them (the styles fade those edges).

/** The selected tab: a tab of a tab list (aria-selected) or the link to the page shown (aria-current). */
const SELECTED = '[role="tab"][aria-selected="true"], [aria-current="page"]';

/** Room kept between a tab scrolled into view and the strip's edge, where the fade is. */
const EDGE_ROOM = 32;

/** Scrolls `strip` the least that shows its selected tab whole, clear of the edge's fade (scroll-into-view "nearest", the strip alone: never the page). */
export function revealSelectedTab(strip: HTMLElement): void {
  const tab = strip.querySelector<HTMLElement>(SELECTED);
  if (!tab || strip.scrollWidth <= strip.clientWidth) return;
  const box = strip.getBoundingClientRect();
  const own = tab.getBoundingClientRect();
  const room = Math.max(0, Math.min(EDGE_ROOM, (box.width - own.width) / 2));
  if (own.left < box.left + room) strip.scrollLeft -= box.left + room - own.left;
  else if (own.right > box.right - room) strip.scrollLeft += own.right - (box.right - room);
}

/** Marks the edges of `strip` that have tabs beyond them: `data-more-before`, `data-more-after`. */
function markEdges(strip: HTMLElement): void {
  const scrolled = Math.abs(strip.scrollLeft);
  strip.toggleAttribute('data-more-before', scrolled > 1);
  strip.toggleAttribute('data-more-after', scrolled + strip.clientWidth < strip.scrollWidth - 1);
}

/**
 * A tab strip's ref (React 19: it returns its cleanup): shows the selected tab when the strip is
 * drawn, when another tab is chosen, when tabs come or go and when the strip changes size, and
 * keeps its edges marked as it scrolls.
 */
export function tabStrip(strip: HTMLElement | null): (() => void) | undefined {
  if (!strip) return undefined;
  const update = () => {
    revealSelectedTab(strip);
    markEdges(strip);
  };
  const onScroll = () => markEdges(strip);
  update();
  strip.addEventListener('scroll', onScroll, { passive: true });
  const resized = new ResizeObserver(update);
  resized.observe(strip);
  const changed = new MutationObserver(update);
  changed.observe(strip, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-selected', 'aria-current'] });
  return () => {
    strip.removeEventListener('scroll', onScroll);
    resized.disconnect();
    changed.disconnect();
  };
}
