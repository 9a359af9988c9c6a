import type { Db } from '../db/index.js';
import { cleanName } from '../http/typed-name.js';

/** A new account's fields; `email` already trimmed and lower-cased. */
export interface NewAccount {
  email: string;
  passwordHash: string;
  displayName?: string;
  firstName?: string;
  lastName?: string;
}

/**
 * Makes an account; null when the email already has one (nothing changes then). The display
 * name defaults to the email's local part.
 */
export function insertAccount(db: Db, account: NewAccount): Promise<{ id: string } | null> {
  const displayName = cleanName(account.displayName ?? '') || account.email.split('@')[0]!.slice(0, 255);
  return db.maybeOne<{ id: string }>(
    `INSERT INTO users (email, password_hash, display_name, first_name, last_name)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (email) DO NOTHING
     RETURNING id`,
    [account.email, account.passwordHash, displayName, account.firstName?.trim() ?? '', account.lastName?.trim() ?? ''],
  );
}
