import type { Migration } from './migration.js';

/**
 * Issue drafts: what the create-issue dialog held when its author closed it without creating
 * the issue, kept per author and workspace. A draft goes with its author's workspace membership
 * and with its project. Its state, cycle and module are let go (null) when those are deleted;
 * assignees and labels are kept as ids and checked again when the draft is published, as an
 * issue creation checks them.
 */
export const issueDrafts: Migration = {
  id: '0014-issue-drafts',
  sql: /* sql */ `
    CREATE TABLE issue_drafts (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      workspace_id uuid NOT NULL,
      project_id uuid NOT NULL,
      user_id uuid NOT NULL,
      name text NOT NULL DEFAULT '' CHECK (length(name) <= 255),
      description_html text NOT NULL DEFAULT '',
      description_json jsonb,
      state_id uuid REFERENCES states (id) ON DELETE SET NULL,
      priority text NOT NULL DEFAULT 'none' CHECK (priority IN ('urgent', 'high', 'medium', 'low', 'none')),
      assignee_ids uuid[] NOT NULL DEFAULT '{}',
      label_ids uuid[] NOT NULL DEFAULT '{}',
      start_date date,
      target_date date,
      cycle_id uuid REFERENCES cycles (id) ON DELETE SET NULL,
      module_id uuid REFERENCES modules (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT issue_drafts_dates_in_order CHECK (start_date IS NULL OR target_date IS NULL OR start_date <= target_date),
      FOREIGN KEY (project_id, workspace_id) REFERENCES projects (id, workspace_id) ON DELETE CASCADE,
      FOREIGN KEY (workspace_id, user_id) REFERENCES workspace_members (workspace_id, user_id) ON DELETE CASCADE
    );
    CREATE INDEX issue_drafts_author_idx ON issue_drafts (workspace_id, user_id, updated_at DESC);
    CREATE INDEX issue_drafts_project_id_idx ON issue_drafts (project_id);
    CREATE TRIGGER issue_drafts_updated_at BEFORE UPDATE ON issue_drafts FOR EACH ROW EXECUTE FUNCTION set_updated_at();
  `,
};
