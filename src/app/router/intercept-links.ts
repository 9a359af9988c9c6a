import type { MouseEvent } from 'react';
import type { NavigateFunction } from 'react-router';

/**
 * A click handler for a container of plain `<a href>` links (widgets render them without the
 * router): a same-origin link clicked without modifiers is routed inside the app instead of
 * reloading the page. Links that open elsewhere (new tab, download, another origin) keep their
 * default, as do clicks the router's own <Link> already handled.
 */
export function interceptLinks(navigate: NavigateFunction) {
  return (event: MouseEvent<HTMLElement>) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element).closest?.('a[href]');
    if (!(anchor instanceof HTMLAnchorElement) || !event.currentTarget.contains(anchor)) return;
    if ((anchor.target && anchor.target !== '_self') || anchor.hasAttribute('download')) return;
    const url = new URL(anchor.href, window.location.href);
    if (url.origin !== window.location.origin || url.pathname.startsWith('/api/') || url.pathname.startsWith('/dist/')) return;
    event.preventDefault();
    navigate(`${url.pathname}${url.search}${url.hash}`);
  };
}
