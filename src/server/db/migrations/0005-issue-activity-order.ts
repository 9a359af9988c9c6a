import type { Migration } from './migration.js';

/**
 * Issue activity rows keep the order they were written in: rows of one transaction shared
 * now()'s timestamp and came back in any order, so each row gets the time it was written and an
 * always-increasing position that breaks ties.
 */
export const issueActivityOrder: Migration = {
  id: '0005-issue-activity-order',
  sql: /* sql */ `
    ALTER TABLE issue_activities ALTER COLUMN created_at SET DEFAULT clock_timestamp();
    ALTER TABLE issue_activities ADD COLUMN position bigint GENERATED ALWAYS AS IDENTITY;
    DROP INDEX issue_activities_issue_id_idx;
    CREATE INDEX issue_activities_issue_id_idx ON issue_activities (issue_id, created_at, position);
  `,
};
