import { badRequest } from '../http/errors.js';
import { requiredName } from '../http/typed-name.js';

/** The spec's text for a start date after the end date (section 5, date range). */
export const DATES_OUT_OF_ORDER = 'The start date cannot be after the end date.';

/** 400 unless the start ('YYYY-MM-DD', or null) is on or before the end. */
export function checkDateOrder(start: string | null, end: string | null): void {
  if (start && end && start > end) throw badRequest(DATES_OUT_OF_ORDER);
}

/** A value a PATCH body may set: the new value when the field is present, else the current one. */
export function patched<T, K extends string>(body: Partial<Record<K, T>>, field: K, current: T): T {
  return field in body ? (body[field] as T) : current;
}

/** A required name, cleaned (http/typed-name.ts); 400 when nothing is left. */
export function checkedName(name: string, what: string): string {
  return requiredName(name, `${what} name is required.`);
}
