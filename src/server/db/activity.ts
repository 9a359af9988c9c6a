import type { ActivityVerb } from '../../api-shapes/activity.js';
import type { Db } from './db.js';
import { insertRow } from './row-writes.js';
import { SqlParams } from './sql-params.js';

export type { ActivityVerb } from '../../api-shapes/activity.js';

/** One entry of an issue's activity feed, as a route records it. */
export interface ActivityEntry {
  issueId: string;
  projectId: string;
  workspaceId: string;
  actorId: string | null;
  verb: ActivityVerb;
  /** The field that changed (spec's covered fields: 'state', 'labels', 'link', …); null for the issue itself. */
  field?: string | null;
  oldValue?: string | null;
  newValue?: string | null;
  /** Ids of the referenced records (a state, a label, a user…) before and after. */
  oldIdentifier?: string | null;
  newIdentifier?: string | null;
  comment?: string | null;
}

/** Appends an activity entry. Call it with the tx of the change it describes, so both commit or neither. */
export async function recordActivity(tx: Db, entry: ActivityEntry): Promise<void> {
  const params = new SqlParams();
  const row = {
    issue_id: entry.issueId,
    project_id: entry.projectId,
    workspace_id: entry.workspaceId,
    actor_id: entry.actorId,
    verb: entry.verb,
    field: entry.field ?? null,
    old_value: entry.oldValue ?? null,
    new_value: entry.newValue ?? null,
    old_identifier: entry.oldIdentifier ?? null,
    new_identifier: entry.newIdentifier ?? null,
    comment: entry.comment ?? null,
  };
  await tx.query(insertRow('issue_activities', row, params), params.values);
}

/**
 * Folds `entry` into its issue's latest activity row when that row is the same change (field and
 * verb) by the same actor, written less than `withinSeconds` ago: the row keeps its old value and
 * takes the entry's new value and the time. Returns whether it did (when not, nothing is written).
 */
export async function joinLatestActivity(tx: Db, entry: ActivityEntry, withinSeconds: number): Promise<boolean> {
  const rows = await tx.query<{ id: string }>(
    `UPDATE issue_activities a SET new_value = $2, new_identifier = $3, created_at = now()
       FROM (SELECT id FROM issue_activities WHERE issue_id = $1 ORDER BY created_at DESC, position DESC LIMIT 1) latest
      WHERE a.id = latest.id AND a.field IS NOT DISTINCT FROM $4 AND a.verb = $5 AND a.actor_id IS NOT DISTINCT FROM $6
        AND a.created_at > now() - make_interval(secs => $7)
      RETURNING a.id`,
    [entry.issueId, entry.newValue ?? null, entry.newIdentifier ?? null, entry.field ?? null, entry.verb, entry.actorId, withinSeconds],
  );
  return rows.length > 0;
}
