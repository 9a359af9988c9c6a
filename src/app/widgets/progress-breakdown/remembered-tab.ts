import { useState } from 'react';

/** The tabs of the breakdown, by the names they are remembered under. */
export const BREAKDOWN_TABS = ['Assignees', 'Labels', 'States'] as const;

/** One of {@link BREAKDOWN_TABS}. */
export type BreakdownTab = (typeof BREAKDOWN_TABS)[number];

/** The browser storage key the chosen tab is remembered under (spec: "a key named tab"). */
export const TAB_STORAGE_KEY = 'tab';

function isTab(value: unknown): value is BreakdownTab {
  return BREAKDOWN_TABS.includes(value as BreakdownTab);
}

/** The remembered tab, or Assignees when none (or something else) is stored or storage is unavailable. */
export function readRememberedTab(): BreakdownTab {
  try {
    const stored = localStorage.getItem(TAB_STORAGE_KEY);
    return isTab(stored) ? stored : 'Assignees';
  } catch {
    return 'Assignees';
  }
}

/** The chosen tab, restored on mount and remembered on every change. */
export function useRememberedTab(): [BreakdownTab, (tab: string) => void] {
  const [tab, setTab] = useState<BreakdownTab>(readRememberedTab);
  const choose = (next: string) => {
    if (!isTab(next)) return;
    setTab(next);
    try {
      localStorage.setItem(TAB_STORAGE_KEY, next);
    } catch {
      // Storage can be full or blocked; the tab still changes for this visit.
    }
  };
  return [tab, choose];
}
