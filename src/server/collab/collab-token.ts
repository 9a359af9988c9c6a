/**
 * Short-lived tokens for opening one shared document without the session cookie: a page on
 * another origin (listed in ALLOWED_ORIGINS) cannot send the tracker's cookie with its websocket,
 * so the signed-in user asks `POST /api/collab/token` for one and the page connects with
 * `?token=`. A token names its user and document and expires after a minute; it is signed with a
 * key derived from the session secret, so every process on one database accepts it.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

/** How long a token opens its document, in milliseconds. */
export const COLLAB_TOKEN_TTL_MS = 60_000;

/** What a token says. */
export interface CollabTokenClaims {
  /** The user's id. */
  user: string;
  /** The document's name (its one spelling). */
  document: string;
  /** When it stops opening the document (milliseconds since the epoch). */
  expires: number;
}

const PREFIX = 'ct1';

function key(sessionSecret: string): Buffer {
  // Its own key: a token's signature can never be mistaken for a session token's hash.
  return createHmac('sha256', sessionSecret).update('rich-editor collab token').digest();
}

function signature(sessionSecret: string, body: string): Buffer {
  return createHmac('sha256', key(sessionSecret)).update(`${PREFIX}.${body}`).digest();
}

/** A token for `claims`. */
export function signCollabToken(sessionSecret: string, claims: CollabTokenClaims): string {
  const body = Buffer.from(JSON.stringify({ u: claims.user, d: claims.document, e: claims.expires })).toString('base64url');
  return `${PREFIX}.${body}.${signature(sessionSecret, body).toString('base64url')}`;
}

/** The claims of a token this server signed and that has not expired at `now`; null otherwise. */
export function verifyCollabToken(sessionSecret: string, token: string, now = Date.now()): CollabTokenClaims | null {
  const [prefix, body, signed, ...rest] = token.split('.');
  if (prefix !== PREFIX || !body || !signed || rest.length) return null;
  // Compared as written, not as decoded: the signature's last character carries two bits that
  // decoding drops, so a token changed there would otherwise still be accepted.
  const expected = Buffer.from(signature(sessionSecret, body).toString('base64url'));
  const given = Buffer.from(signed);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(body, 'base64url').toString('utf8'));
  } catch {
    return null;
  }
  const { u, d, e } = (parsed ?? {}) as Record<string, unknown>;
  if (typeof u !== 'string' || typeof d !== 'string' || typeof e !== 'number' || e <= now) return null;
  return { user: u, document: d, expires: e };
}
