import type { NotificationKind } from '../../api-shapes/notification.js';
import { mentionedEntities } from '../../core/blocks/mention.js';
import type { JSONNode } from '../../core/serialize/json.js';
import type { Db } from '../db/index.js';
import { SqlParams } from '../db/sql-params.js';
import type { ActivityIssue } from '../issues/activity.js';
import { opensProjectIssuesSql } from '../issues/issue-access.js';
import { subscribe } from '../issues/subscriptions.js';

/** One event to tell people about, written in the transaction of the change that caused it. */
export interface NotifyInput {
  issue: ActivityIssue;
  /** Who acted (null for the system); never told about their own action. */
  actorId: string | null;
  kind: NotificationKind;
  /** Who to tell: these users, or the issue's followers (its creator and its subscribers). */
  to: readonly string[] | 'followers';
  /** Users not to tell (already told about the same change in another way). */
  except?: readonly string[];
  /** The new state's name, for a state change. */
  detail?: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Writes one notification per receiver of `input`, leaving out the actor, those in `except` and
 * anyone who cannot open the issue (issue-access.ts's rule, seen from the receiver). Answers the
 * ids of those told.
 */
export async function notify(tx: Db, input: NotifyInput): Promise<string[]> {
  const params = new SqlParams();
  const issue = params.bind(input.issue.id);
  let receivers: string;
  if (input.to === 'followers') {
    receivers = `SELECT fi.created_by AS id FROM issues fi WHERE fi.id = ${issue}::uuid AND fi.created_by IS NOT NULL
      UNION SELECT fs.user_id FROM issue_subscribers fs WHERE fs.issue_id = ${issue}::uuid`;
  } else {
    const ids = [...new Set(input.to)].filter((id) => UUID.test(id));
    if (!ids.length) return [];
    receivers = `SELECT DISTINCT unnest(${params.bind(ids)}::uuid[]) AS id`;
  }
  const actor = params.bind(input.actorId);
  const rows = await tx.query<{ receiver_id: string }>(
    `INSERT INTO notifications (workspace_id, issue_id, receiver_id, actor_id, kind, detail)
     SELECT ${params.bind(input.issue.workspace_id)}::uuid, ${issue}::uuid, r.id, ${actor}::uuid, ${params.bind(input.kind)}::text, ${params.bind(input.detail ?? null)}::text
       FROM (${receivers}) r
      WHERE r.id IS DISTINCT FROM ${actor}::uuid
        AND r.id <> ALL(${params.bind([...(input.except ?? [])])}::uuid[])
        AND ${opensProjectIssuesSql('r.id', params, input.issue.workspace_id, input.issue.project_id)}
     RETURNING receiver_id`,
    params.values,
  );
  return rows.map((row) => row.receiver_id);
}

/**
 * Tells the people `document` mentions that `before` did not (the editor core reads the
 * mentions), as `kind` (a description's or a comment's mention), and subscribes them to the
 * issue: what follows in it reaches them, and their inbox's Subscribed tab lists the mention.
 * Answers the ids of those told.
 */
export async function notifyMentions(
  tx: Db,
  input: Omit<NotifyInput, 'to' | 'kind'> & { kind: 'mentioned' | 'mentioned_in_comment'; document: unknown; before?: unknown },
): Promise<string[]> {
  const earlier = new Set(mentionedEntities(input.before as JSONNode | undefined));
  const mentioned = mentionedEntities(input.document as JSONNode).filter((id) => !earlier.has(id));
  const { document: _document, before: _before, ...rest } = input;
  const told = await notify(tx, { ...rest, to: mentioned });
  await subscribe(tx, input.issue.id, told);
  return told;
}
