import type { Migration } from './migration.js';

/**
 * Attempt counters for rate limits (sign-in, sign-up), in the database so that every server
 * process sharing it counts together. A row is one key's current window; ended windows are
 * swept by time.
 */
export const rateLimits: Migration = {
  id: '0006-rate-limits',
  sql: /* sql */ `
    CREATE TABLE rate_limit_counters (
      key text PRIMARY KEY,
      count integer NOT NULL CHECK (count >= 0),
      window_ends_at timestamptz NOT NULL
    );
    CREATE INDEX rate_limit_counters_window_ends_at_idx ON rate_limit_counters (window_ends_at);
  `,
};
