import type { Migration } from './migration.js';

/**
 * Project estimates: a project's estimate system (on or off, points or categories) on the
 * project row, its values in `estimate_points` (in order by `key`), and the value an issue has.
 * An issue's value belongs to its own project (the foreign key says so); a removed value leaves
 * its issues without one. The values' uniqueness is checked at the end of the transaction, so
 * an update can swap two values' names. Changing the values announces the project's issue lists
 * (migration 0009), whose rows show them.
 */
export const estimates: Migration = {
  id: '0019-estimates',
  sql: /* sql */ `
    ALTER TABLE projects
      ADD COLUMN estimates_enabled boolean NOT NULL DEFAULT false,
      ADD COLUMN estimate_type text NOT NULL DEFAULT 'points' CHECK (estimate_type IN ('points', 'categories'));

    CREATE TABLE estimate_points (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
      key integer NOT NULL,
      value text NOT NULL CHECK (length(value) BETWEEN 1 AND 20),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT estimate_points_value_unique UNIQUE (project_id, value) DEFERRABLE INITIALLY DEFERRED,
      UNIQUE (id, project_id)
    );
    CREATE TRIGGER estimate_points_updated_at BEFORE UPDATE ON estimate_points FOR EACH ROW EXECUTE FUNCTION set_updated_at();
    CREATE TRIGGER estimate_points_notify AFTER INSERT OR UPDATE OR DELETE ON estimate_points FOR EACH ROW EXECUTE FUNCTION notify_project_rows();
    CREATE TRIGGER estimate_points_truncate_notify AFTER TRUNCATE ON estimate_points FOR EACH STATEMENT EXECUTE FUNCTION notify_everything();

    ALTER TABLE issues
      ADD COLUMN estimate_point_id uuid,
      ADD CONSTRAINT issues_estimate_point_fkey FOREIGN KEY (estimate_point_id, project_id)
        REFERENCES estimate_points (id, project_id) ON DELETE SET NULL (estimate_point_id);
    CREATE INDEX issues_estimate_point_id_idx ON issues (estimate_point_id);
  `,
};
