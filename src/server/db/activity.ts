import type { Db } from './db.js';

/** The verbs an issue activity entry can carry (spec: created, updated, deleted). */
export type ActivityVerb = 'created' | 'updated' | 'deleted';

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
  await tx.query(
    `INSERT INTO issue_activities
       (issue_id, project_id, workspace_id, actor_id, verb, field, old_value, new_value, old_identifier, new_identifier, comment)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)`,
    [
      entry.issueId,
      entry.projectId,
      entry.workspaceId,
      entry.actorId,
      entry.verb,
      entry.field ?? null,
      entry.oldValue ?? null,
      entry.newValue ?? null,
      entry.oldIdentifier ?? null,
      entry.newIdentifier ?? null,
      entry.comment ?? null,
    ],
  );
}
