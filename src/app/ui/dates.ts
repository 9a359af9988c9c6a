// How the app writes days: one home for every screen's dates.

const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/** A stored calendar day (`YYYY-MM-DD`, possibly with a time) as people read it: "Jan 5, 2025". */
export function formatDay(value: string): string {
  const day = /^\d{4}-\d{2}-\d{2}/.exec(value)?.[0];
  return day ? DAY.format(new Date(`${day}T00:00:00Z`)) : value;
}

const LOCAL_DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });

/** A moment (ISO 8601) as the day it falls on where the reader is: "Mar 10, 2025" (a snooze's end). */
export function formatLocalDay(value: string): string {
  const moment = new Date(value);
  return Number.isNaN(moment.getTime()) ? value : LOCAL_DAY.format(moment);
}

/** A local calendar day as `YYYY-MM-DD` (the format of `<input type="date">`), never shifted by the time zone. */
export function toIsoDate(date: Date): string {
  const pad = (value: number, width: number) => String(value).padStart(width, '0');
  return `${pad(date.getFullYear(), 4)}-${pad(date.getMonth() + 1, 2)}-${pad(date.getDate(), 2)}`;
}
