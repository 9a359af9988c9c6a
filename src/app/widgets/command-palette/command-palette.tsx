import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useApi } from '../../api/api-context.js';
import { queryKeys } from '../../api/query-keys.js';
import type { ListedIssue, PageSummary } from '../../api/types.js';
import { useDebouncedValue } from '../../ui/debounce.js';
import { AppDialog } from '../../ui/dialog.js';
import { useStyles } from '../../ui/styles.js';
import { commandPaletteCss } from './command-palette.css.js';
import { filterItems, issueKeyOf, looksLikeIssueKey, pageItems, rankIssues, type PaletteItem } from './palette-items.js';

/** The most issues the palette lists (typing more narrows). */
const MAX_ISSUES = 8;

export interface CommandPaletteProps {
  open: boolean;
  onOpenChange(open: boolean): void;
  slug: string;
  /** The project searches run in (its own issues and, with workspace search, every project's). */
  searchProjectId: string | undefined;
  /** The project the user is in: its pages are searched too. */
  currentProjectId: string | undefined;
  /** Projects, actions, navigation and settings: filtered here by the query. */
  items: readonly PaletteItem[];
  openIssue(issue: ListedIssue): void;
  openPage(page: PageSummary): void;
}

/**
 * The command palette (Ctrl/⌘+K): a modal dialog with a combobox and a listbox of grouped
 * results. Arrow keys move, Enter runs, Escape closes and gives focus back. The chosen item runs
 * once the dialog has closed and returned focus, so a dialog it opens keeps its focus.
 */
export function CommandPalette(props: CommandPaletteProps) {
  useStyles('app-command-palette', commandPaletteCss);
  const chosen = useRef<PaletteItem | null>(null);
  const choose = (item: PaletteItem) => {
    chosen.current = item;
    props.onOpenChange(false);
  };
  return (
    <AppDialog
      open={props.open}
      onOpenChange={props.onOpenChange}
      title="Command palette"
      description="Search issues, projects, pages and settings, or run an action. Arrow keys move, Enter runs, Escape closes."
      headingHidden
      placement="top"
      className="app-palette"
      onCloseAutoFocus={() => {
        const item = chosen.current;
        chosen.current = null;
        item?.run();
      }}
    >
      <PaletteBody {...props} choose={choose} />
    </AppDialog>
  );
}

function PaletteBody({ slug, searchProjectId, currentProjectId, items, openIssue, openPage, choose }: CommandPaletteProps & { choose(item: PaletteItem): void }) {
  const api = useApi();
  const id = useId();
  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const typed = query.trim();
  const debounced = useDebouncedValue(typed);
  const listRef = useRef<HTMLDivElement>(null);

  // A stale search is cancelled: React Query aborts the signal once no one waits for its key.
  const search = useQuery({
    queryKey: ['workspaces', slug, 'palette-search', searchProjectId, debounced],
    queryFn: ({ signal }) => api.issues.search(slug, searchProjectId!, { search: debounced, workspace_search: true }, signal),
    enabled: Boolean(debounced && searchProjectId),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
  const pages = useQuery({
    queryKey: [...queryKeys.planning(slug, currentProjectId ?? '', 'pages'), undefined],
    queryFn: () => api.planning.pages(slug, currentProjectId!),
    enabled: Boolean(currentProjectId),
  });

  const results = useMemo(() => {
    const issues: PaletteItem[] = typed
      ? rankIssues(search.data ?? [], typed)
          .slice(0, MAX_ISSUES)
          .map((issue) => ({ id: `issue-${issue.id}`, group: 'Issues', label: issue.name, detail: issueKeyOf(issue), run: () => openIssue(issue) }))
      : [];
    const others = filterItems([...items, ...pageItems(pages.data ?? [], openPage)], typed);
    if (looksLikeIssueKey(typed)) return [...issues, ...others];
    const firstAfterContent = others.findIndex((item) => item.group !== 'Projects' && item.group !== 'Pages');
    const at = firstAfterContent < 0 ? others.length : firstAfterContent;
    return [...others.slice(0, at), ...issues, ...others.slice(at)];
  }, [typed, search.data, items, pages.data, openIssue, openPage]);

  useEffect(() => setActive(0), [typed, results.length]);
  const current = results[Math.min(active, results.length - 1)];
  const optionId = (item: PaletteItem) => `${id}-${item.id}`;
  useEffect(() => {
    if (current) document.getElementById(optionId(current))?.scrollIntoView({ block: 'nearest' });
  });

  const searching = Boolean(typed && searchProjectId) && (debounced !== typed || search.isFetching);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const count = results.length;
    if (event.key === 'ArrowDown' && count) setActive((active + 1) % count);
    else if (event.key === 'ArrowUp' && count) setActive((active - 1 + count) % count);
    else if (event.key === 'Home' && event.ctrlKey && count) setActive(0);
    else if (event.key === 'End' && event.ctrlKey && count) setActive(count - 1);
    else if (event.key === 'Enter' && current) choose(current);
    else return;
    event.preventDefault();
  };

  const listId = `${id}-list`;
  const groups = results.reduce<Array<{ group: string; items: PaletteItem[] }>>((all, item) => {
    const last = all[all.length - 1];
    if (last?.group === item.group) last.items.push(item);
    else all.push({ group: item.group, items: [item] });
    return all;
  }, []);
  const status = searching ? 'Searching…' : results.length ? (typed ? (results.length === 1 ? '1 result' : `${results.length} results`) : 'Suggestions') : 'No results';

  return (
    <>
      <input
        className="app-palette-input"
        role="combobox"
        aria-label="Search or run a command"
        aria-autocomplete="list"
        aria-expanded={results.length > 0}
        aria-controls={results.length ? listId : undefined}
        aria-activedescendant={current ? optionId(current) : undefined}
        aria-busy={searching}
        placeholder="Search issues, projects, pages or type a command…"
        autoComplete="off"
        spellCheck={false}
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        onKeyDown={onKeyDown}
      />
      <div className={searching || !results.length ? 'app-palette-status' : 'app-visually-hidden'} role="status">
        {status}
      </div>
      {results.length ? (
        <div className="app-palette-list" role="listbox" id={listId} aria-label="Results" ref={listRef}>
          {groups.map(({ group, items: groupItems }) => (
            <div role="group" key={group} aria-labelledby={`${id}-group-${group}`}>
              <div role="presentation" className="app-palette-heading" id={`${id}-group-${group}`}>
                {group}
              </div>
              {groupItems.map((item) => (
                <div
                  key={item.id}
                  id={optionId(item)}
                  role="option"
                  aria-selected={item === current}
                  className="app-palette-option"
                  onMouseDown={(event) => event.preventDefault()}
                  onMouseMove={() => setActive(results.indexOf(item))}
                  onClick={() => choose(item)}
                >
                  <span className="app-palette-label">{item.label}</span>
                  {item.detail ? <span className="app-palette-detail">{item.detail}</span> : null}
                </div>
              ))}
            </div>
          ))}
        </div>
      ) : null}
    </>
  );
}
