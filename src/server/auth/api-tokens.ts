import { createHash, randomBytes } from 'node:crypto';
import type { ApiTokenAccess } from '../../api-shapes/api-token-access.js';
import type { Db } from '../db/index.js';
import { AUTH_USER_COLUMNS, type AuthUser } from '../users/user-shape.js';

/**
 * What every personal API token starts with, so secret scanners (and people) recognise one in a
 * repository, a log or a chat: "re" for rich-editor, "pat" for personal access token.
 */
export const API_TOKEN_PREFIX = 're_pat_';

/** How many characters of a token its owner's list shows: the prefix and 4 of the secret (24 of its 256 bits). */
const SHOWN_LENGTH = API_TOKEN_PREFIX.length + 4;

/** A token as made by newApiToken: the prefix and 32 random bytes in base64url. */
const TOKEN_FORMAT = /^re_pat_[A-Za-z0-9_-]{43}$/;

/** How long after a recorded use the next one is recorded: a busy token writes once a minute, not per request. */
export const LAST_USED_GRANULARITY_MS = 60_000;

/**
 * What the database keeps of a token: its SHA-256. A token is 32 random bytes, so its hash
 * cannot be searched for the way a password's could, and needs neither a slow hash nor a key
 * (unlike the session hash, keyed by SESSION_SECRET): tokens keep working across a secret change,
 * and a leaked table gives nobody a usable token.
 */
export function hashApiToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

/** A fresh token: the secret (shown once), its hash (stored) and the part of it its list shows. */
export function newApiToken(): { token: string; hash: string; prefix: string } {
  const token = `${API_TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`;
  return { token, hash: hashApiToken(token), prefix: token.slice(0, SHOWN_LENGTH) };
}

/** A token found by its secret: its owner, its workspace, its access, and whether it still works. */
export interface FoundApiToken {
  id: string;
  workspaceSlug: string;
  /** What it may do: `read` only the requests that change nothing, `write` all its owner's role allows. */
  access: ApiTokenAccess;
  /** Past its expiry, by the database's clock (every process agrees). */
  expired: boolean;
  /** Last recorded use more than LAST_USED_GRANULARITY_MS ago (or never): this use is recorded. */
  useDue: boolean;
  user: AuthUser;
}

/**
 * The token `token` is, with its owner, in one statement; null when there is no such token (never
 * made, revoked, or gone with its owner's membership). Not kept in memory: a revoked token stops
 * working at once on every process.
 */
export async function findApiToken(db: Db, token: string): Promise<FoundApiToken | null> {
  if (!TOKEN_FORMAT.test(token)) return null;
  const row = await db.maybeOne<AuthUser & { token__id: string; token__slug: string; token__access: ApiTokenAccess; token__expired: boolean; token__use_due: boolean }>(
    `SELECT ${AUTH_USER_COLUMNS}, t.id AS token__id, w.slug AS token__slug, t.access AS token__access,
            coalesce(t.expires_at <= now(), false) AS token__expired,
            coalesce(t.last_used_at <= now() - $2 * interval '1 millisecond', true) AS token__use_due
       FROM api_tokens t
       JOIN workspace_members m ON m.workspace_id = t.workspace_id AND m.user_id = t.user_id
       JOIN workspaces w ON w.id = t.workspace_id
       JOIN users u ON u.id = t.user_id
      WHERE t.token_hash = $1`,
    [hashApiToken(token), LAST_USED_GRANULARITY_MS],
  );
  if (!row) return null;
  const { token__id: id, token__slug: workspaceSlug, token__access: access, token__expired: expired, token__use_due: useDue, ...user } = row;
  return { id, workspaceSlug, access, expired, useDue, user };
}

/** Records a use of token `id`, unless another request (of any process) recorded one within the granularity. */
export async function recordApiTokenUse(db: Db, id: string): Promise<void> {
  await db.query(
    `UPDATE api_tokens SET last_used_at = now()
      WHERE id = $1 AND (last_used_at IS NULL OR last_used_at <= now() - $2 * interval '1 millisecond')`,
    [id, LAST_USED_GRANULARITY_MS],
  );
}
