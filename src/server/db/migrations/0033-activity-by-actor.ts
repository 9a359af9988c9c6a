import type { Migration } from './migration.js';

/**
 * A person's activity across a workspace (their profile's Activity tab) is read newest first by
 * actor; the workspace's own feed (the dashboard's recent activity) by workspace, with the
 * position that breaks ties between rows written at the same moment.
 */
export const activityByActor: Migration = {
  id: '0033-activity-by-actor',
  sql: /* sql */ `
    CREATE INDEX issue_activities_actor_idx ON issue_activities (actor_id, workspace_id, created_at, position);
    DROP INDEX issue_activities_workspace_id_idx;
    CREATE INDEX issue_activities_workspace_id_idx ON issue_activities (workspace_id, created_at, position);
  `,
};
