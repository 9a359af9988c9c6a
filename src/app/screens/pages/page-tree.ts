import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../api/api-context.js';
import type { PageListType, PageSummary } from '../../api/types.js';
import { queryKeys } from '../../api/query-keys.js';

/** A page of a list with the pages under it that the same list holds. */
export interface PageNode {
  page: PageSummary;
  children: PageNode[];
}

/**
 * The pages of one list as a tree, in the list's order: a page whose parent is in the list sits
 * under it; any other (at the top, or under a page this list or this reader does not hold) at the top.
 */
export function pageTree(pages: readonly PageSummary[]): PageNode[] {
  const nodes = new Map(pages.map((page) => [page.id, { page, children: [] as PageNode[] }]));
  const top: PageNode[] = [];
  for (const node of nodes.values()) {
    const parent = node.page.parent_id ? nodes.get(node.page.parent_id) : undefined;
    (parent ? parent.children : top).push(node);
  }
  return top;
}

/** The pages above `pageId` in `pages`, the top one first (as far up as `pages` reaches). */
export function ancestorsOf(pages: readonly PageSummary[], pageId: string): PageSummary[] {
  const byId = new Map(pages.map((page) => [page.id, page]));
  const chain: PageSummary[] = [];
  const seen = new Set([pageId]);
  for (let parentId = byId.get(pageId)?.parent_id; parentId && !seen.has(parentId); parentId = byId.get(parentId)?.parent_id) {
    const parent = byId.get(parentId);
    if (!parent) break;
    seen.add(parentId);
    chain.unshift(parent);
  }
  return chain;
}

/** A place a page can be moved to: a page and how deep it sits, for an indented choice. */
export interface PagePlace {
  page: PageSummary;
  depth: number;
}

/** The pages `pageId` may be put under, in tree order: every one but itself and those under it. */
export function placesFor(pages: readonly PageSummary[], pageId: string): PagePlace[] {
  const places: PagePlace[] = [];
  const walk = (nodes: readonly PageNode[], depth: number) => {
    for (const node of nodes) {
      if (node.page.id === pageId) continue;
      places.push({ page: node.page, depth });
      walk(node.children, depth + 1);
    }
  };
  walk(pageTree(pages), 0);
  return places;
}

/** One of a project's page lists (every live page the reader sees when `type` is absent). */
export function useProjectPages(slug: string, projectId: string, type?: PageListType, enabled = true) {
  const api = useApi();
  return useQuery({
    queryKey: [...queryKeys.planning(slug, projectId, 'pages'), type ?? 'all'],
    queryFn: () => api.planning.pages(slug, projectId, type),
    enabled,
  });
}

/** A page's name as lists show it. */
export const pageName = (page: Pick<PageSummary, 'name'>) => page.name || 'Untitled';

/** Where the browser keeps which pages of a project's lists are open (their ids, comma-separated). */
export const openPagesStorageKey = (projectId: string) => `pages-open:${projectId}`;

/** How many open pages a project's lists remember (the most recently opened). */
const MAX_REMEMBERED = 200;

const PAGE_ID = /^[0-9a-f-]{36}$/i;

/** The open pages as stored: ids only, anything else dropped. */
export const openPagesOf = (stored: string | null): string =>
  (stored ?? '')
    .split(',')
    .filter((id) => PAGE_ID.test(id))
    .slice(-MAX_REMEMBERED)
    .join(',');

/** `open` (comma-separated ids) with `id` opened or closed. */
export function toggledOpen(open: string, id: string): string {
  const ids = open ? open.split(',') : [];
  return (ids.includes(id) ? ids.filter((other) => other !== id) : [...ids, id]).slice(-MAX_REMEMBERED).join(',');
}
