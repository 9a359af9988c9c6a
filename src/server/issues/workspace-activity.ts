import type { Db } from '../db/index.js';
import { SqlParams } from '../db/sql-params.js';
import { ISSUE_REFERENCE_FIELDS } from './activity.js';
import { ACTIVITY_COLUMNS, activityFromSql, type ActivityJson } from './activity-feed.js';
import { openableIssueSql, type Reader } from './issue-access.js';

/** Which rows of a workspace's activity to read. */
export interface WorkspaceActivityPage {
  /** Only this person's rows. */
  actor?: string;
  /** Only rows older than this one (the last of the page before); a row that is gone ends the feed. */
  before?: string;
  /** How many rows at most. */
  limit: number;
}

/**
 * A page of the activity of the workspace's issues that `reader` can open (openableIssueSql:
 * their projects, every project for a workspace admin, nothing still waiting in an inbox), newest
 * first, as each issue's own feed shows its rows (values naming an issue the reader cannot open
 * left out; a deleted issue's rows with issue_detail null and deleted_issue_detail set). Reads one row more than asked, so the
 * caller knows whether a page follows.
 */
export function listWorkspaceActivities(db: Db, reader: Reader, page: WorkspaceActivityPage): Promise<ActivityJson[]> {
  const params = new SqlParams();
  const fields = params.bind(ISSUE_REFERENCE_FIELDS);
  const workspace = params.bind(reader.workspaceId);
  let where = `fa.workspace_id = ${workspace} AND ${openableIssueSql('fi', params, reader)}`;
  if (page.actor !== undefined) where += ` AND fa.actor_id = ${params.bind(page.actor)}`;
  if (page.before !== undefined) {
    where += ` AND (fa.created_at, fa.position) < (SELECT c.created_at, c.position FROM issue_activities c WHERE c.id = ${params.bind(page.before)} AND c.workspace_id = ${workspace})`;
  }
  return db.query<ActivityJson>(
    `WITH feed AS (
            SELECT fa.* FROM issue_activities fa JOIN issues fi ON fi.id = fa.issue_id
             WHERE ${where}
             ORDER BY fa.created_at DESC, fa.position DESC
             LIMIT ${params.bind(page.limit + 1)}),
          named AS (SELECT DISTINCT unnest(ARRAY[f.old_identifier, f.new_identifier]) AS id FROM feed f WHERE f.field = ANY(${fields}::text[])),
          openable AS (SELECT x.id FROM issues x JOIN named n ON n.id = x.id WHERE ${openableIssueSql('x', params, reader)})
     SELECT ${ACTIVITY_COLUMNS}
       FROM ${activityFromSql('feed', fields)}
      ORDER BY a.created_at DESC, a.position DESC`,
    params.values,
  );
}
