import type { Migration } from './migration.js';

/** States, labels, issues and everything hanging off an issue. */
export const issues: Migration = {
  id: '0002-issues',
  sql: /* sql */ `
    CREATE TABLE states (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
      name text NOT NULL,
      description text NOT NULL DEFAULT '',
      color text NOT NULL,
      "group" text NOT NULL CHECK ("group" IN ('backlog', 'unstarted', 'started', 'completed', 'cancelled')),
      sequence double precision NOT NULL DEFAULT 65535,
      is_default boolean NOT NULL DEFAULT false,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (project_id, name),
      UNIQUE (id, project_id)
    );
    CREATE UNIQUE INDEX states_one_default_per_project ON states (project_id) WHERE is_default;
    CREATE TRIGGER states_updated_at BEFORE UPDATE ON states FOR EACH ROW EXECUTE FUNCTION set_updated_at();

    CREATE TABLE labels (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
      name text NOT NULL,
      color text NOT NULL DEFAULT '',
      sort_order double precision NOT NULL DEFAULT 65535,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (project_id, name),
      UNIQUE (id, project_id)
    );
    CREATE TRIGGER labels_updated_at BEFORE UPDATE ON labels FOR EACH ROW EXECUTE FUNCTION set_updated_at();

    CREATE TABLE issues (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      project_id uuid NOT NULL,
      workspace_id uuid NOT NULL,
      -- Assigned from projects.issue_sequence inside the creating transaction (see db/issue-sequence.ts).
      sequence_id integer NOT NULL,
      name text NOT NULL,
      description_html text NOT NULL DEFAULT '<p></p>',
      description_json jsonb,
      -- Bumped on every description save; a save naming an older version is refused (optimistic concurrency).
      description_version integer NOT NULL DEFAULT 1,
      state_id uuid,
      priority text NOT NULL DEFAULT 'none' CHECK (priority IN ('urgent', 'high', 'medium', 'low', 'none')),
      start_date date,
      target_date date,
      parent_id uuid,
      sort_order double precision NOT NULL DEFAULT 65535,
      completed_at timestamptz,
      archived_at timestamptz,
      deleted_at timestamptz,
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      updated_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (project_id, sequence_id),
      UNIQUE (id, project_id),
      CONSTRAINT issues_dates_in_order CHECK (start_date IS NULL OR target_date IS NULL OR start_date <= target_date),
      CONSTRAINT issues_not_own_parent CHECK (parent_id IS NULL OR parent_id <> id),
      FOREIGN KEY (project_id, workspace_id) REFERENCES projects (id, workspace_id) ON DELETE CASCADE,
      -- A state or parent from another project is refused by the database itself.
      FOREIGN KEY (state_id, project_id) REFERENCES states (id, project_id),
      FOREIGN KEY (parent_id, project_id) REFERENCES issues (id, project_id) ON DELETE SET NULL (parent_id)
    );
    CREATE INDEX issues_project_id_idx ON issues (project_id) WHERE deleted_at IS NULL;
    CREATE INDEX issues_workspace_id_idx ON issues (workspace_id) WHERE deleted_at IS NULL;
    CREATE INDEX issues_state_id_idx ON issues (state_id);
    CREATE INDEX issues_parent_id_idx ON issues (parent_id);
    CREATE INDEX issues_created_by_idx ON issues (created_by);
    CREATE TRIGGER issues_updated_at BEFORE UPDATE ON issues FOR EACH ROW EXECUTE FUNCTION set_updated_at();

    CREATE TABLE issue_assignees (
      issue_id uuid NOT NULL REFERENCES issues (id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (issue_id, user_id)
    );
    CREATE INDEX issue_assignees_user_id_idx ON issue_assignees (user_id);

    CREATE TABLE issue_labels (
      issue_id uuid NOT NULL REFERENCES issues (id) ON DELETE CASCADE,
      label_id uuid NOT NULL REFERENCES labels (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (issue_id, label_id)
    );
    CREATE INDEX issue_labels_label_id_idx ON issue_labels (label_id);

    CREATE TABLE issue_links (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      issue_id uuid NOT NULL REFERENCES issues (id) ON DELETE CASCADE,
      title text,
      url text NOT NULL,
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX issue_links_issue_id_idx ON issue_links (issue_id, created_at);
    CREATE TRIGGER issue_links_updated_at BEFORE UPDATE ON issue_links FOR EACH ROW EXECUTE FUNCTION set_updated_at();

    CREATE TABLE issue_comments (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      issue_id uuid NOT NULL REFERENCES issues (id) ON DELETE CASCADE,
      comment_html text NOT NULL DEFAULT '<p></p>',
      comment_json jsonb,
      actor_id uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX issue_comments_issue_id_idx ON issue_comments (issue_id, created_at);
    CREATE TRIGGER issue_comments_updated_at BEFORE UPDATE ON issue_comments FOR EACH ROW EXECUTE FUNCTION set_updated_at();

    CREATE TABLE issue_activities (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      issue_id uuid NOT NULL REFERENCES issues (id) ON DELETE CASCADE,
      project_id uuid NOT NULL,
      workspace_id uuid NOT NULL,
      -- null for the issue itself being created or deleted
      field text,
      verb text NOT NULL CHECK (verb IN ('created', 'updated', 'deleted')),
      old_value text,
      new_value text,
      old_identifier uuid,
      new_identifier uuid,
      actor_id uuid REFERENCES users (id) ON DELETE SET NULL,
      comment text,
      created_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (project_id, workspace_id) REFERENCES projects (id, workspace_id) ON DELETE CASCADE
    );
    CREATE INDEX issue_activities_issue_id_idx ON issue_activities (issue_id, created_at);
    CREATE INDEX issue_activities_workspace_id_idx ON issue_activities (workspace_id, created_at);

    CREATE TABLE issue_relations (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      issue_id uuid NOT NULL REFERENCES issues (id) ON DELETE CASCADE,
      related_issue_id uuid NOT NULL REFERENCES issues (id) ON DELETE CASCADE,
      relation_type text NOT NULL CHECK (relation_type IN ('relates_to', 'blocking', 'blocked_by', 'duplicate')),
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (issue_id, related_issue_id, relation_type),
      CHECK (issue_id <> related_issue_id)
    );
    CREATE INDEX issue_relations_related_issue_id_idx ON issue_relations (related_issue_id);

    CREATE TABLE issue_subscribers (
      issue_id uuid NOT NULL REFERENCES issues (id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (issue_id, user_id)
    );
    CREATE INDEX issue_subscribers_user_id_idx ON issue_subscribers (user_id);
  `,
};
