import type { Db } from '../db/index.js';

/** Subscribes `userIds` to the issue; those already subscribed stay so. */
export async function subscribe(db: Db, issueId: string, userIds: readonly string[]): Promise<void> {
  if (!userIds.length) return;
  await db.query(
    'INSERT INTO issue_subscribers (issue_id, user_id) SELECT $1, unnest($2::uuid[]) ON CONFLICT DO NOTHING',
    [issueId, [...new Set(userIds)]],
  );
}

/** Whether `userId` follows the issue. */
export async function isSubscribed(db: Db, issueId: string, userId: string): Promise<boolean> {
  const row = await db.maybeOne('SELECT 1 FROM issue_subscribers WHERE issue_id = $1 AND user_id = $2', [issueId, userId]);
  return row !== null;
}
