// SQL fixtures for the cycle, module, page and export tests: issues and labels made directly in
// the database, so those tests do not depend on the issue routes.
import type { Db } from '../../src/server/db/index.js';
import { nextIssueSequenceId } from '../../src/server/db/index.js';

/** What an issue fixture may set. */
export interface IssueFixture {
  name: string;
  /** The state group of its state (the project's default states have one each); the default state when absent. */
  group?: 'backlog' | 'unstarted' | 'started' | 'completed' | 'cancelled';
  assignees?: string[];
  labels?: string[];
  priority?: string;
  description_html?: string;
  start_date?: string;
  target_date?: string;
}

/** Creates an issue in the project (with the next sequence_id), as the issue routes would store it. */
export async function createIssue(db: Db, projectId: string, fields: IssueFixture): Promise<{ id: string; sequence_id: number }> {
  return db.transaction(async (tx) => {
    const sequenceId = await nextIssueSequenceId(tx, projectId);
    const state = await tx.one<{ id: string }>(
      fields.group ? 'SELECT id FROM states WHERE project_id = $1 AND "group" = $2 ORDER BY sequence LIMIT 1' : 'SELECT id FROM states WHERE project_id = $1 AND is_default',
      fields.group ? [projectId, fields.group] : [projectId],
    );
    const issue = await tx.one<{ id: string; sequence_id: number }>(
      `INSERT INTO issues (project_id, workspace_id, sequence_id, name, state_id, priority, description_html, start_date, target_date, completed_at)
       SELECT p.id, p.workspace_id, $2, $3, $4, $5, $6, $7, $8, CASE WHEN $9::boolean THEN now() END FROM projects p WHERE p.id = $1
       RETURNING id, sequence_id`,
      [
        projectId,
        sequenceId,
        fields.name,
        state.id,
        fields.priority ?? 'none',
        fields.description_html ?? '<p></p>',
        fields.start_date ?? null,
        fields.target_date ?? null,
        fields.group === 'completed',
      ],
    );
    for (const userId of fields.assignees ?? []) await tx.query('INSERT INTO issue_assignees (issue_id, user_id) VALUES ($1, $2)', [issue.id, userId]);
    for (const labelId of fields.labels ?? []) await tx.query('INSERT INTO issue_labels (issue_id, label_id) VALUES ($1, $2)', [issue.id, labelId]);
    return issue;
  });
}

/** Creates a label in the project. */
export async function createLabel(db: Db, projectId: string, name: string, color: string): Promise<string> {
  const row = await db.one<{ id: string }>('INSERT INTO labels (project_id, name, color) VALUES ($1, $2, $3) RETURNING id', [projectId, name, color]);
  return row.id;
}

/** The activity rows of an issue for one field, oldest first. */
export function activityOf(db: Db, issueId: string, field: string) {
  return db.query<{ verb: string; old_value: string | null; new_value: string | null; old_identifier: string | null; new_identifier: string | null; actor_id: string | null }>(
    `SELECT verb, old_value, new_value, old_identifier, new_identifier, actor_id FROM issue_activities
      WHERE issue_id = $1 AND field = $2 ORDER BY created_at, position`,
    [issueId, field],
  );
}
