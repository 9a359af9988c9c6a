import { useEffect, useState } from 'react';

/** How long search input waits after the last keystroke before searching (spec section 9). */
export const SEARCH_DEBOUNCE_MS = 500;

/** The value once it has stayed the same for `delay` milliseconds. */
export function useDebouncedValue<T>(value: T, delay: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return settled;
}
