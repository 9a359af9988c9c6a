import { createHmac, randomBytes } from 'node:crypto';
import { userScope, type CachedSession } from '../cache/read-caches.js';
import type { ScopedCache } from '../cache/scoped-cache.js';
import type { Db } from '../db/index.js';
import { AUTH_USER_COLUMNS, type AuthUser } from '../users/user-shape.js';
import { DAY_MS } from '../../api-shapes/durations.js';

/** The session cookie's name. */
export const SESSION_COOKIE = 'session';

/** How long a session lasts without use. */
export const SESSION_TTL_MS = 30 * DAY_MS;

/** A session is renewed (new expiry, cookie sent again) once less than this remains. */
const RENEW_BELOW_MS = SESSION_TTL_MS / 2;

/** What the database keeps of a token: its HMAC, so neither a database leak nor the cookie alone forges a session. */
export function hashSessionToken(secret: string, token: string): string {
  return createHmac('sha256', secret).update(token).digest('base64url');
}

/** A fresh session: the token goes to the cookie, only its hash to the database. */
export async function createSession(db: Db, secret: string, userId: string): Promise<{ token: string; expiresAt: Date }> {
  const token = randomBytes(32).toString('base64url');
  const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
  await db.query('INSERT INTO sessions (token_hash, user_id, expires_at) VALUES ($1, $2, $3)', [
    hashSessionToken(secret, token),
    userId,
    expiresAt,
  ]);
  return { token, expiresAt };
}

/**
 * The user behind a live session token, read with the session in one statement (every signed-in
 * request starts here) or from `cache`, and the new expiry when the session was just renewed.
 */
export async function findSession(
  db: Db,
  secret: string,
  token: string,
  cache?: ScopedCache<CachedSession>,
): Promise<{ user: AuthUser; renewedUntil: Date | null } | null> {
  const renewalDue = (expiresAt: number) => expiresAt - Date.now() <= RENEW_BELOW_MS;
  // Kept by the token itself (memory already holds it with the request): a kept session costs no hashing.
  const kept = cache?.get(token);
  // A copy: a route may change its request's user.
  if (kept && !renewalDue(kept.expiresAt)) return { user: { ...kept.user }, renewedUntil: null };
  const hash = hashSessionToken(secret, token);
  const read = async (): Promise<CachedSession | undefined> => {
    const row = await db.maybeOne<AuthUser & { session_expires_at: Date }>(
      `SELECT ${AUTH_USER_COLUMNS}, s.expires_at AS session_expires_at
         FROM sessions s JOIN users u ON u.id = s.user_id
        WHERE s.token_hash = $1 AND s.expires_at > now()`,
      [hash],
    );
    if (!row) return undefined;
    const { session_expires_at: expiresAt, ...user } = row;
    return { user, expiresAt: expiresAt.getTime() };
  };
  const session = cache ? await cache.fill(token, (found) => [userScope(found.user.id)], read) : await read();
  if (!session) return null;
  const user = { ...session.user };
  if (!renewalDue(session.expiresAt)) return { user, renewedUntil: null };
  const renewedUntil = new Date(Date.now() + SESSION_TTL_MS);
  await db.query('UPDATE sessions SET expires_at = $2 WHERE token_hash = $1', [hash, renewedUntil]);
  return { user, renewedUntil };
}

/** Ends the session of `token` (no-op when there is none). */
export async function deleteSession(db: Db, secret: string, token: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE token_hash = $1', [hashSessionToken(secret, token)]);
}

/** Drops expired sessions of a user, so the table does not grow with abandoned sign-ins. */
export async function deleteExpiredSessions(db: Db, userId: string): Promise<void> {
  await db.query('DELETE FROM sessions WHERE user_id = $1 AND expires_at <= now()', [userId]);
}
