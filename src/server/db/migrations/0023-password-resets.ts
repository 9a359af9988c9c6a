import type { Migration } from './migration.js';

/**
 * Links to choose a new password (routes/password-reset.ts): the HMAC of each link's token (as
 * sessions keep theirs), whose account it is for, and until when it works. A link used ends every
 * link of its account.
 */
export const passwordResets: Migration = {
  id: '0023-password-resets',
  sql: /* sql */ `
    CREATE TABLE password_resets (
      token_hash text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX password_resets_user_id_idx ON password_resets (user_id);
  `,
};
