import { readStored, useStoredChoice } from '../../ui/stored-choice.js';

/** The tabs of the breakdown, by the names they are remembered under. */
export const BREAKDOWN_TABS = ['Assignees', 'Labels', 'States'] as const;

/** One of {@link BREAKDOWN_TABS}. */
export type BreakdownTab = (typeof BREAKDOWN_TABS)[number];

/** The browser storage key the chosen tab is remembered under (spec: "a key named tab"). */
export const TAB_STORAGE_KEY = 'tab';

function isTab(value: unknown): value is BreakdownTab {
  return BREAKDOWN_TABS.includes(value as BreakdownTab);
}

const tabOf = (stored: string | null): BreakdownTab => (isTab(stored) ? stored : 'Assignees');

/** The remembered tab, or Assignees when none (or something else) is stored or storage is unavailable. */
export function readRememberedTab(): BreakdownTab {
  return tabOf(readStored(TAB_STORAGE_KEY));
}

/** The chosen tab, restored on mount and remembered on every change (a name that is no tab is ignored). */
export function useRememberedTab(): [BreakdownTab, (tab: string) => void] {
  const [tab, choose] = useStoredChoice(TAB_STORAGE_KEY, tabOf);
  return [tab, (next) => (isTab(next) ? choose(next) : undefined)];
}
