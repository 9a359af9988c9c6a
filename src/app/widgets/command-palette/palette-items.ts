// The command palette's results as plain data: what can be found, how a query ranks it and how
// results group. No React and no DOM here; the palette component feeds and shows it.
import type { ListedIssue, PageSummary, Project } from '../../api/types.js';

/** The groups of the palette, in the order they show. */
export const PALETTE_GROUPS = ['Issues', 'Projects', 'Pages', 'Actions', 'Navigation', 'Settings'] as const;
export type PaletteGroup = (typeof PALETTE_GROUPS)[number];

/** One result of the palette: a label, the group it shows under, and what choosing it does. */
export interface PaletteItem {
  /** Unique among the palette's results (also the base of the option's id). */
  id: string;
  group: PaletteGroup;
  label: string;
  /** Shown after the label, muted (an issue's key, a project's identifier, a shortcut). */
  detail?: string;
  /** More words the query matches besides the label (e.g. "theme dark"). */
  keywords?: string;
  /** Shown when the query is empty (suggested actions). */
  suggested?: boolean;
  run(): void;
}

/** The key of an issue as people type it (WEB-12). */
export const issueKeyOf = (issue: Pick<ListedIssue, 'project__identifier' | 'sequence_id'>) => `${issue.project__identifier}-${issue.sequence_id}`;

/** Whether `query` looks like an issue key or a prefix of one (WEB-, WEB-1). */
export const looksLikeIssueKey = (query: string) => /^[a-z][a-z0-9]{0,11}-[0-9]{0,9}$/i.test(query.trim());

/**
 * How well `item` answers `query`: 0 when it does not, higher is better. Every word of the query
 * must be found in the label, detail or keywords; a label starting with the query ranks first.
 */
export function score(item: Pick<PaletteItem, 'label' | 'detail' | 'keywords'>, query: string): number {
  const q = query.trim().toLowerCase();
  if (!q) return 1;
  const label = item.label.toLowerCase();
  const detail = (item.detail ?? '').toLowerCase();
  const haystack = `${label} ${detail} ${(item.keywords ?? '').toLowerCase()}`;
  if (!q.split(/\s+/).every((word) => haystack.includes(word))) return 0;
  if (detail === q || label === q) return 4;
  if (label.startsWith(q) || detail.startsWith(q)) return 3;
  if (label.includes(q)) return 2;
  return 1;
}

/** The items matching `query`, best first within each group, groups in PALETTE_GROUPS order. */
export function filterItems(items: readonly PaletteItem[], query: string): PaletteItem[] {
  const empty = !query.trim();
  const ranked = items
    .map((item, index) => ({ item, index, score: empty ? (item.suggested ? 1 : 0) : score(item, query) }))
    .filter((entry) => entry.score > 0);
  const groupIndex = (group: PaletteGroup) => PALETTE_GROUPS.indexOf(group);
  ranked.sort((a, b) => groupIndex(a.item.group) - groupIndex(b.item.group) || b.score - a.score || a.index - b.index);
  return ranked.map((entry) => entry.item);
}

/**
 * Issue results in the order the palette shows them: an exact key match first (WEB-12), then the
 * server's order (which already puts exact hits first), without duplicates.
 */
export function rankIssues(issues: readonly ListedIssue[], query: string): ListedIssue[] {
  const wanted = query.trim().toUpperCase();
  const seen = new Set<string>();
  const unique = issues.filter((issue) => (seen.has(issue.id) ? false : (seen.add(issue.id), true)));
  const exact = unique.filter((issue) => issueKeyOf(issue).toUpperCase() === wanted);
  return [...exact, ...unique.filter((issue) => !exact.includes(issue))];
}

/** Result items of projects: by name or identifier. */
export function projectItems(projects: readonly Project[], open: (project: Project) => void): PaletteItem[] {
  return projects.map((project) => ({
    id: `project-${project.id}`,
    group: 'Projects',
    label: project.name,
    detail: project.identifier,
    run: () => open(project),
  }));
}

/** Result items of pages. */
export function pageItems(pages: readonly PageSummary[], open: (page: PageSummary) => void): PaletteItem[] {
  return pages.map((page) => ({ id: `page-${page.id}`, group: 'Pages', label: page.name || 'Untitled', keywords: 'page', run: () => open(page) }));
}
