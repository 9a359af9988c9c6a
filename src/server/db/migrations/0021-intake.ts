import type { Migration } from './migration.js';

/**
 * A project's inbox (intake): each row makes its issue an intake issue, with the status a
 * member gave it. An issue whose row is not `accepted` stays out of every issue list, count,
 * search and export (src/server/intake/intake-sql.ts); accepted, it is a normal issue and the
 * row stays as the record of where it came from. A change announces the project, as the issue
 * lists it hides from are kept per project (0009).
 */
export const intake: Migration = {
  id: '0021-intake',
  sql: /* sql */ `
    CREATE TABLE intake_issues (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      issue_id uuid NOT NULL UNIQUE,
      project_id uuid NOT NULL,
      workspace_id uuid NOT NULL,
      status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'accepted', 'declined', 'snoozed', 'duplicate')),
      snoozed_till timestamptz,
      duplicate_of uuid,
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT intake_issues_snoozed_has_date CHECK ((status = 'snoozed') = (snoozed_till IS NOT NULL)),
      CONSTRAINT intake_issues_duplicate_only CHECK (duplicate_of IS NULL OR status = 'duplicate'),
      CONSTRAINT intake_issues_not_own_duplicate CHECK (duplicate_of IS NULL OR duplicate_of <> issue_id),
      FOREIGN KEY (project_id, workspace_id) REFERENCES projects (id, workspace_id) ON DELETE CASCADE,
      FOREIGN KEY (issue_id, project_id) REFERENCES issues (id, project_id) ON DELETE CASCADE,
      FOREIGN KEY (duplicate_of, project_id) REFERENCES issues (id, project_id) ON DELETE SET NULL (duplicate_of)
    );
    CREATE INDEX intake_issues_project_idx ON intake_issues (project_id, created_at DESC);
    -- What every issue read leaves out: the issues still waiting in an inbox.
    CREATE INDEX intake_issues_waiting_idx ON intake_issues (issue_id) WHERE status <> 'accepted';
    CREATE INDEX intake_issues_duplicate_of_idx ON intake_issues (duplicate_of);
    CREATE INDEX intake_issues_created_by_idx ON intake_issues (created_by);
    CREATE TRIGGER intake_issues_updated_at BEFORE UPDATE ON intake_issues FOR EACH ROW EXECUTE FUNCTION set_updated_at();
    CREATE TRIGGER intake_issues_notify AFTER INSERT OR UPDATE OR DELETE ON intake_issues FOR EACH ROW EXECUTE FUNCTION notify_project_rows();
  `,
};
