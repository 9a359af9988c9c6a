import { toIsoDate } from '../../ui/dates.js';
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

/** The first day a token can be set to expire on: tomorrow, as `YYYY-MM-DD` in local time. */
export function firstExpiryDay(now: Date): string {
  return toIsoDate(new Date(now.getFullYear(), now.getMonth(), now.getDate() + 1));
}

/** Why the expiry cannot be sent yet, or null: a chosen day must be after today. */
export function expiryProblem(choice: ExpiryChoice, day: string, now: Date): string | null {
  if (choice !== 'date') return null;
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && day >= firstExpiryDay(now) ? null : EXPIRY_DAY_PROBLEM;
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
