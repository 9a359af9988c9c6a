// Plain data (no TypeBox), so the app loads it at run time: the token form's limits match the
// server's checks.

/** The longest label a personal API token may have. */
export const API_TOKEN_LABEL_MAX = 255;

/**
 * How many years ahead a token's expiry may be set, as other trackers' tokens allow: a token for
 * longer is one that never expires, a choice of its own.
 */
export const API_TOKEN_EXPIRY_MAX_YEARS = 1;

/** The refusal of an expiry past {@link latestTokenExpiry}. */
export const API_TOKEN_EXPIRY_TOO_LATE = 'Expires at can be at most a year from now: a token for longer is one that never expires.';

/**
 * The latest expiry the server takes at `now`: the same day API_TOKEN_EXPIRY_MAX_YEARS on, and two
 * days more, so the end of that day (the app sends the end of the chosen day in its own time
 * zone) passes in any zone.
 */
export function latestTokenExpiry(now: Date): Date {
  const latest = new Date(now);
  latest.setUTCFullYear(latest.getUTCFullYear() + API_TOKEN_EXPIRY_MAX_YEARS, latest.getUTCMonth(), latest.getUTCDate() + 2);
  return latest;
}
