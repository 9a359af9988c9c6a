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
