import type { Migration } from './migration.js';

/** Users, sessions, workspaces, projects and their members. */
export const accounts: Migration = {
  id: '0001-accounts',
  sql: /* sql */ `
    CREATE FUNCTION set_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      NEW.updated_at := now();
      RETURN NEW;
    END
    $$;

    CREATE TABLE users (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      email text NOT NULL CHECK (email = lower(email)),
      password_hash text,
      display_name text NOT NULL,
      first_name text NOT NULL DEFAULT '',
      last_name text NOT NULL DEFAULT '',
      avatar text,
      is_bot boolean NOT NULL DEFAULT false,
      theme jsonb,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE UNIQUE INDEX users_email_key ON users (email);
    CREATE TRIGGER users_updated_at BEFORE UPDATE ON users FOR EACH ROW EXECUTE FUNCTION set_updated_at();

    CREATE TABLE sessions (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      token_hash text NOT NULL UNIQUE,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL
    );
    CREATE INDEX sessions_user_id_idx ON sessions (user_id);
    CREATE INDEX sessions_expires_at_idx ON sessions (expires_at);

    CREATE TABLE workspaces (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      slug text NOT NULL UNIQUE,
      name text NOT NULL,
      logo text,
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE TRIGGER workspaces_updated_at BEFORE UPDATE ON workspaces FOR EACH ROW EXECUTE FUNCTION set_updated_at();

    CREATE TABLE workspace_members (
      workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      role smallint NOT NULL CHECK (role IN (5, 10, 15, 20)),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (workspace_id, user_id)
    );
    CREATE INDEX workspace_members_user_id_idx ON workspace_members (user_id);
    CREATE TRIGGER workspace_members_updated_at BEFORE UPDATE ON workspace_members FOR EACH ROW EXECUTE FUNCTION set_updated_at();

    CREATE TABLE projects (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
      identifier text NOT NULL,
      name text NOT NULL,
      description text NOT NULL DEFAULT '',
      cover_image text,
      cycle_view boolean NOT NULL DEFAULT true,
      module_view boolean NOT NULL DEFAULT true,
      page_view boolean NOT NULL DEFAULT true,
      issue_views_view boolean NOT NULL DEFAULT true,
      inbox_view boolean NOT NULL DEFAULT false,
      -- The last issue sequence_id handed out; bumped with UPDATE … RETURNING, which locks the row.
      issue_sequence integer NOT NULL DEFAULT 0,
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (workspace_id, identifier),
      -- Lets child tables require that a row's project and workspace agree.
      UNIQUE (id, workspace_id)
    );
    CREATE TRIGGER projects_updated_at BEFORE UPDATE ON projects FOR EACH ROW EXECUTE FUNCTION set_updated_at();

    -- A project member is always a member of the project's workspace: removing someone from the
    -- workspace removes their project memberships through the second foreign key.
    CREATE TABLE project_members (
      project_id uuid NOT NULL,
      workspace_id uuid NOT NULL,
      user_id uuid NOT NULL,
      role smallint NOT NULL CHECK (role IN (5, 10, 15, 20)),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (project_id, user_id),
      FOREIGN KEY (project_id, workspace_id) REFERENCES projects (id, workspace_id) ON DELETE CASCADE,
      FOREIGN KEY (workspace_id, user_id) REFERENCES workspace_members (workspace_id, user_id) ON DELETE CASCADE
    );
    CREATE INDEX project_members_user_id_idx ON project_members (workspace_id, user_id);
    CREATE TRIGGER project_members_updated_at BEFORE UPDATE ON project_members FOR EACH ROW EXECUTE FUNCTION set_updated_at();
  `,
};
