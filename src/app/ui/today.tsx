import { createContext, useContext, type ReactNode } from 'react';
import { toIsoDate } from './dates.js';

/** The wall clock the app reads calendar days from: the real one, or a test's fixed moment. */
const NowContext = createContext<() => Date>(() => new Date());

/** Gives the screens below a wall clock other than the real one (tests fix the day with it). */
export function NowProvider({ now, children }: { now: () => Date; children: ReactNode }) {
  return <NowContext.Provider value={now}>{children}</NowContext.Provider>;
}

/** Today where the reader is, as `YYYY-MM-DD` (compares with stored days as a string), read at each render. */
export function useToday(): string {
  return toIsoDate(useContext(NowContext)());
}

/** The moment it is now, on the app's wall clock (a test's fixed one), read at each render. */
export function useNow(): Date {
  return useContext(NowContext)();
}
