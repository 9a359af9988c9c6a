import type { Db } from '../db/index.js';
import { HttpError } from '../http/errors.js';

/** AI assistant requests a user may make per calendar month (spec section 9). */
export const AI_MONTHLY_LIMIT = 50;

/** The spec's text when the allowance is used up (section 8). */
export const AI_LIMIT_MESSAGE = `You have reached the maximum number of requests of ${AI_MONTHLY_LIMIT} requests per month per user.`;

/** Seconds from `now` until the next calendar month starts (UTC), when the allowance renews. */
export function secondsUntilNextMonth(now: Date): number {
  const next = Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1);
  return Math.max(1, Math.ceil((next - now.getTime()) / 1000));
}

/**
 * Takes one request from the user's allowance for this calendar month (UTC) and returns the id
 * of the ai_requests row that records it; 429 with the spec's text when the allowance is used
 * up. The user's row is locked while counting, so concurrent requests take turns and together
 * never exceed the limit.
 */
export async function reserveAiRequest(db: Db, userId: string, workspaceId: string): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT id FROM users WHERE id = $1 FOR UPDATE', [userId]);
    const used = await tx.one<{ count: number }>(
      `SELECT count(*) AS count FROM ai_requests
        WHERE user_id = $1 AND created_at >= date_trunc('month', now() AT TIME ZONE 'UTC') AT TIME ZONE 'UTC'`,
      [userId],
    );
    if (used.count >= AI_MONTHLY_LIMIT) {
      throw new HttpError(429, AI_LIMIT_MESSAGE, { headers: { 'retry-after': String(secondsUntilNextMonth(new Date())) } });
    }
    const row = await tx.one<{ id: string }>('INSERT INTO ai_requests (user_id, workspace_id) VALUES ($1, $2) RETURNING id', [userId, workspaceId]);
    return row.id;
  });
}

/** Gives a reserved request back: a call the AI service failed does not use up the allowance. */
export async function releaseAiRequest(db: Db, requestId: string): Promise<void> {
  await db.query('DELETE FROM ai_requests WHERE id = $1', [requestId]);
}
