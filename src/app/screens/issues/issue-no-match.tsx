import { useEffect, useState, type RefObject } from 'react';
import { Button } from '../../ui/button.js';
import { Note } from '../../ui/note.js';

/** What hides every issue of a list: its search text (empty for none) and whether filters are in use. */
export interface ListNarrowing {
  search: string;
  filtered: boolean;
}

/** Why a list shows no issue: the search, the filters, or both (then the filters may be what hides a match, as in Linear). */
export function noMatchWords({ search, filtered }: ListNarrowing): string {
  if (search && filtered) return `No issues match “${search}” with the filters applied.`;
  return search ? `No issues match “${search}”.` : 'No issues match the filters.';
}

/** The name of the button that takes the filters back (the search stays). */
export const CLEAR_FILTERS = 'Clear filters';
/** The name of the button that empties the search (the filters stay), as the search box's own × is named. */
export const CLEAR_SEARCH = 'Clear search';

/** The class of the block `NoMatchingIssues` draws: focus goes back to it after a clear that still finds nothing. */
const NO_MATCH_CLASS = 'app-no-match';

/**
 * A filtered or searched list with no issue: why, announced, and a button for each of the
 * filters and the search, so the one that hides the issues is taken back from where the list was.
 */
export function NoMatchingIssues({ search, filtered, onClearFilters, onClearSearch }: ListNarrowing & { onClearFilters(): void; onClearSearch(): void }) {
  return (
    <div className={NO_MATCH_CLASS}>
      <Note announce>{noMatchWords({ search, filtered })}</Note>
      <div className="app-no-match-actions">
        {filtered ? (
          <Button size="small" onClick={onClearFilters}>
            {CLEAR_FILTERS}
          </Button>
        ) : null}
        {search ? (
          <Button size="small" onClick={onClearSearch}>
            {CLEAR_SEARCH}
          </Button>
        ) : null}
      </div>
    </div>
  );
}

/**
 * Where focus goes after a clear button of `NoMatchingIssues`, whose button is gone once the list
 * is read again: to the first issue shown, or to the block's next button if nothing matches still.
 * `list` is the list as it is now (its key and whether its answer is in); the returned function
 * is called as a clear is made.
 */
export function useFocusAfterClear(area: RefObject<HTMLElement | null>, list: { key: string; settled: boolean }): () => void {
  // The list's key when the clear was made: focus moves once a list under another key is answered.
  const [clearedFrom, setClearedFrom] = useState<string | null>(null);
  useEffect(() => {
    if (clearedFrom === null || clearedFrom === list.key || !list.settled) return;
    setClearedFrom(null);
    const target = area.current?.querySelector<HTMLElement>(`.app-issue-results a[href], .${NO_MATCH_CLASS} button`);
    target?.focus();
  }, [area, clearedFrom, list.key, list.settled]);
  return () => setClearedFrom(list.key);
}
