import { useState } from 'react';

/** What the browser holds under `key` (null when nothing, or when storage is refused: private modes, sandboxed frames). */
export function readStored(key: string): string | null {
  try {
    return window.localStorage.getItem(key);
  } catch {
    return null;
  }
}

/** Keeps `value` under `key`, or removes what is there for null (where storage is refused or full, the choice lasts for the page). */
export function writeStored(key: string, value: string | null): void {
  try {
    if (value === null) window.localStorage.removeItem(key);
    else window.localStorage.setItem(key, value);
  } catch {
    // Refused or full: nothing to tell the user, the choice still holds while the page is open.
  }
}

/** The keys the browser holds that start with `prefix` (none where storage is refused). */
export function storedKeys(prefix: string): string[] {
  try {
    return Object.keys(window.localStorage).filter((key) => key.startsWith(prefix));
  } catch {
    return [];
  }
}

/**
 * A choice the browser remembers across visits under `key` (the sidebar hidden, the breakdown's
 * tab, a project's issue layout): read from storage when a component first shows it (and again
 * when `key` changes, e.g. another project), kept on each change. A choice made meanwhile in
 * another tab is this tab's next visit's, never a switch in the middle of this one (a list that
 * turned into a board while its search was typed).
 *
 * `parse` turns what is stored (null for nothing) into a valid choice. `choose` takes a value or a
 * function of the current one (two toggles in one task both count).
 */
export function useStoredChoice<T extends string>(key: string, parse: (stored: string | null) => T): [T, (next: T | ((was: T) => T)) => void] {
  let [choice, setChoice] = useState(() => ({ key, value: parse(readStored(key)) }));
  if (choice.key !== key) {
    // Another key (another project): its own remembered choice, read once, as at first.
    choice = { key, value: parse(readStored(key)) };
    setChoice(choice);
  }
  const choose = (next: T | ((was: T) => T)) =>
    setChoice((was) => {
      const value = typeof next === 'function' ? next(was.key === key ? was.value : parse(readStored(key))) : next;
      writeStored(key, value);
      return { key, value };
    });
  return [choice.value, choose];
}
