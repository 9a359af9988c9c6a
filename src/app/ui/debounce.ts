import { useEffect, useState } from 'react';
import { clock } from '../../core/index.js';

/**
 * How long a search box waits after the last keystroke before asking the server: the issue
 * list's search, the issue picker, the command palette's issues and the Unsplash search
 * (spec section 9: "Issue search debounce: 500 ms").
 */
export const SEARCH_DEBOUNCE_MS = 500;

/** `value` once it has stayed the same for `delay` ms; the first value is returned at once. */
export function useDebouncedValue<T>(value: T, delay = SEARCH_DEBOUNCE_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = clock.setTimeout(() => setSettled(value), delay);
    return () => clock.clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
