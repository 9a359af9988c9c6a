import { X } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useSearchParamEdits } from '../../router/search-param-edits.js';
import { clock } from '../../../core/index.js';
import { Button } from '../../ui/button.js';
import { SEARCH_DEBOUNCE_MS } from '../../ui/debounce.js';
import { Icon } from '../../ui/icon.js';

/** The list's search text, kept in the URL as `?search=` (replacing the entry, so Back leaves the list). */
export function useIssueSearch(): [string, (search: string) => void] {
  const [params, edit] = useSearchParamEdits();
  const search = params.get('search') ?? '';
  const change = (next: string) => edit((updated) => (next ? updated.set('search', next) : updated.delete('search')));
  return [search, change];
}

/** The "Search issues" box: answers `onChange` once typing rests, and at once when cleared. */
export function IssueSearchBox({ value, onChange }: { value: string; onChange(search: string): void }) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(value);
  const latest = useRef(onChange);
  latest.current = onChange;
  // The URL can change without the box (Back, a link): the box follows it.
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = clock.setTimeout(() => latest.current(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clock.clearTimeout(timer);
  }, [text, value]);
  return (
    <div className="app-field app-issue-search" role="search">
      <label htmlFor={id} className="app-visually-hidden">
        Search issues
      </label>
      <input ref={input} id={id} type="search" value={text} placeholder="Search issues" onChange={(event) => setText(event.target.value)} />
      {text ? (
        <Button
          size="small"
          variant="ghost"
          aria-label="Clear search"
          onClick={() => {
            setText('');
            onChange('');
            input.current?.focus();
          }}
        >
          <Icon icon={X} size="small" />
        </Button>
      ) : null}
    </div>
  );
}
