import { toIsoDate } from '../../ui/dates.js';

/** The three ways the date filter narrows a list. */
export type DateFilterType = 'before' | 'after' | 'range';

/** What the filter emits: a range carries both bounds, the other types one date and the type. */
export type DateFilterValue = { after: string; before: string } | { type: 'before' | 'after'; date: string };

/** Said when Apply is disabled because the range runs backwards. */
export const START_AFTER_END = 'The start date cannot be after the end date.';

/** Said when Apply is disabled because a date is missing or incomplete. */
export const DATE_MISSING = 'Enter a date to apply the filter.';

/** Said when a date field holds a year of more than four digits (a date field takes up to six). */
export const YEAR_TOO_LONG = 'The year must have four digits.';


/** The same day `months` later, clamped to the end of a shorter month (Jan 31 + 1 → Feb 28 or 29). */
export function addMonthsClamped(date: Date, months: number): Date {
  const year = date.getFullYear();
  const month = date.getMonth() + months;
  const lastDay = new Date(year, month + 1, 0).getDate();
  return new Date(year, month, Math.min(date.getDate(), lastDay));
}

/** The spec's default filter: a range from today to the same day next month. */
export function defaultDateFilter(today: Date = new Date()): { after: string; before: string } {
  return { after: toIsoDate(today), before: toIsoDate(addMonthsClamped(today, 1)) };
}

/** Why the filter cannot be applied yet, or null when it can. ISO days compare as strings. */
export function dateFilterProblem(type: DateFilterType, after: string, before: string, date: string): string | null {
  const dates = type === 'range' ? [after, before] : [date];
  if (dates.some((day) => !day)) return DATE_MISSING;
  if (dates.some((day) => !/^\d{4}-/.test(day))) return YEAR_TOO_LONG;
  return type === 'range' && after > before ? START_AFTER_END : null;
}

/** The value to emit for a draft that has no problem. */
export function dateFilterValue(type: DateFilterType, after: string, before: string, date: string): DateFilterValue {
  return type === 'range' ? { after, before } : { type, date };
}

/** A short human summary of an applied filter, for the button that opens it ("after 2025-07-01"). */
export function describeDateFilter(value: DateFilterValue): string {
  if ('type' in value) return `${value.type} ${value.date}`;
  return `${value.after} to ${value.before}`;
}
