import type { Migration } from './migration.js';

/** Cycles, modules and pages. */
export const planning: Migration = {
  id: '0003-planning',
  sql: /* sql */ `
    CREATE TABLE cycles (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
      name text NOT NULL,
      description text NOT NULL DEFAULT '',
      start_date date,
      end_date date,
      sort_order double precision NOT NULL DEFAULT 65535,
      owned_by uuid REFERENCES users (id) ON DELETE SET NULL,
      archived_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (id, project_id),
      CONSTRAINT cycles_dates_in_order CHECK (start_date IS NULL OR end_date IS NULL OR start_date <= end_date)
    );
    CREATE INDEX cycles_project_id_idx ON cycles (project_id);
    CREATE TRIGGER cycles_updated_at BEFORE UPDATE ON cycles FOR EACH ROW EXECUTE FUNCTION set_updated_at();

    -- An issue belongs to at most one cycle.
    CREATE TABLE cycle_issues (
      cycle_id uuid NOT NULL REFERENCES cycles (id) ON DELETE CASCADE,
      issue_id uuid NOT NULL UNIQUE REFERENCES issues (id) ON DELETE CASCADE,
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (cycle_id, issue_id)
    );

    CREATE TABLE modules (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
      name text NOT NULL,
      description text NOT NULL DEFAULT '',
      status text NOT NULL DEFAULT 'planned'
        CHECK (status IN ('backlog', 'planned', 'in-progress', 'paused', 'completed', 'cancelled')),
      start_date date,
      target_date date,
      lead_id uuid REFERENCES users (id) ON DELETE SET NULL,
      sort_order double precision NOT NULL DEFAULT 65535,
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      archived_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (id, project_id),
      CONSTRAINT modules_dates_in_order CHECK (start_date IS NULL OR target_date IS NULL OR start_date <= target_date)
    );
    CREATE INDEX modules_project_id_idx ON modules (project_id);
    CREATE TRIGGER modules_updated_at BEFORE UPDATE ON modules FOR EACH ROW EXECUTE FUNCTION set_updated_at();

    CREATE TABLE module_issues (
      module_id uuid NOT NULL REFERENCES modules (id) ON DELETE CASCADE,
      issue_id uuid NOT NULL REFERENCES issues (id) ON DELETE CASCADE,
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (module_id, issue_id)
    );
    CREATE INDEX module_issues_issue_id_idx ON module_issues (issue_id);

    CREATE TABLE pages (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
      name text NOT NULL DEFAULT '',
      description_html text NOT NULL DEFAULT '<p></p>',
      description_json jsonb,
      -- Bumped on every save; a save naming an older version is refused (optimistic concurrency).
      description_version integer NOT NULL DEFAULT 1,
      access text NOT NULL DEFAULT 'public' CHECK (access IN ('private', 'public')),
      owned_by uuid REFERENCES users (id) ON DELETE SET NULL,
      archived_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX pages_project_id_idx ON pages (project_id);
    CREATE TRIGGER pages_updated_at BEFORE UPDATE ON pages FOR EACH ROW EXECUTE FUNCTION set_updated_at();
  `,
};
