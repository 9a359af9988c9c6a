import { formatDay, toIsoDate } from '../../ui/dates.js';
import { API_TOKEN_EXPIRY_MAX_YEARS } from '../../../api-shapes/api-token-limits.js';
import { DAY_MS } from '../../../api-shapes/durations.js';

/** How long a new token lasts: a number of days, never, or until a chosen day. */
export type ExpiryChoice = '7' | '30' | '90' | 'never' | 'date';

/** The choices the create dialog offers, in order, with their words. */
export const EXPIRY_CHOICES: readonly { value: ExpiryChoice; label: string }[] = [
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: 'never', label: 'Never' },
  { value: 'date', label: 'On a date' },
];

/** The choice the dialog starts with. */
export const DEFAULT_EXPIRY: ExpiryChoice = '30';

/** Said when "On a date" has no day, or one that is not after today. */
export const EXPIRY_DAY_PROBLEM = 'Choose a day after today.';


/** The hint under the day: the days offered, from tomorrow to `last` (`YYYY-MM-DD`). */
export const expiryDayHint = (last: string) => `From tomorrow to ${formatDay(last)}.`;

/** Said when "On a date" has a day past the last one offered (`last`, `YYYY-MM-DD`). */
export const expiryDayTooLate = (last: string) => `Choose a day no later than ${formatDay(last)}: a token can last a year at most.`;

/** The first day a token can be set to expire on: tomorrow, as `YYYY-MM-DD` in local time. */
export function firstExpiryDay(now: Date): string {
  return toIsoDate(new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1));
}

/** The last day a token can be set to expire on: the same day API_TOKEN_EXPIRY_MAX_YEARS on, as `YYYY-MM-DD` in local time. */
export function lastExpiryDay(now: Date): string {
  return toIsoDate(new Date(now.getFullYear() + API_TOKEN_EXPIRY_MAX_YEARS, now.getMonth(), now.getDate()));
}

/** A `YYYY-MM-DD` day (a date field allows more than four digits of year) as a number that sorts as days do, or null. */
function dayNumber(day: string): number | null {
  const parts = /^(\d{4,6})-(\d{2})-(\d{2})$/.exec(day);
  return parts ? Number(parts[1]) * 10_000 + Number(parts[2]) * 100 + Number(parts[3]) : null;
}

/** Why the expiry cannot be sent yet, or null: a chosen day must be after today, and no later than {@link lastExpiryDay}. */
export function expiryProblem(choice: ExpiryChoice, day: string, now: Date): string | null {
  if (choice !== 'date') return null;
  const chosen = dayNumber(day);
  if (chosen === null || chosen < dayNumber(firstExpiryDay(now))!) return EXPIRY_DAY_PROBLEM;
  const last = lastExpiryDay(now);
  return chosen > dayNumber(last)! ? expiryDayTooLate(last) : null;
}

/**
 * The `expires_at` to send (ISO 8601), or undefined for a token that never expires: `n` days from
 * now, or the end of the chosen day in local time (the token works through that whole day).
 */
export function expiresAt(choice: ExpiryChoice, day: string, now: Date): string | undefined {
  if (choice === 'never') return undefined;
  if (choice === 'date') {
    const [year, month, date] = day.split('-').map(Number);
    return new Date(year!, month! - 1, date! + 1).toISOString();
  }
  return new Date(now.getTime() + Number(choice) * DAY_MS).toISOString();
}

const DAY = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric' });
const MOMENT = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** A day as the list shows it: "Jan 5, 2025". */
export function shownDay(iso: string): string {
  return DAY.format(new Date(iso));
}

/** A token's expiry in words: "Never", "Jan 5, 2025", or "Expired Jan 5, 2025" once it has passed. */
export function expiryText(iso: string | null, now: Date): string {
  if (iso === null) return 'Never';
  return Date.parse(iso) <= now.getTime() ? `Expired ${shownDay(iso)}` : shownDay(iso);
}

/** A token's last use in words: "Never" or "Jan 5, 2025, 10:32 AM" (recorded to the minute). */
export function lastUsedText(iso: string | null): string {
  return iso === null ? 'Never' : MOMENT.format(new Date(iso));
}
