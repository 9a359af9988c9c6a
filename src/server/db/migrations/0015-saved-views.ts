import type { Migration } from './migration.js';

/**
 * Saved views: an issue list's filters, order, grouping, shown properties and layout under a
 * name, for one project (project_id) or for the whole workspace (none), private to its owner or
 * shared. The saved list is kept as the API shape's JSON (src/api-shapes/saved-view.ts checks it
 * on the way in). A view goes with its project and with its owner's workspace membership.
 */
export const savedViews: Migration = {
  id: '0015-saved-views',
  sql: /* sql */ `
    CREATE TABLE saved_views (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
      project_id uuid,
      owner_id uuid NOT NULL,
      name text NOT NULL CHECK (length(name) BETWEEN 1 AND 255),
      shared boolean NOT NULL DEFAULT false,
      query jsonb NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      FOREIGN KEY (project_id, workspace_id) REFERENCES projects (id, workspace_id) ON DELETE CASCADE,
      FOREIGN KEY (workspace_id, owner_id) REFERENCES workspace_members (workspace_id, user_id) ON DELETE CASCADE
    );
    CREATE INDEX saved_views_scope_idx ON saved_views (workspace_id, project_id);
    CREATE INDEX saved_views_project_id_idx ON saved_views (project_id);
    CREATE INDEX saved_views_owner_idx ON saved_views (workspace_id, owner_id);
    CREATE TRIGGER saved_views_updated_at BEFORE UPDATE ON saved_views FOR EACH ROW EXECUTE FUNCTION set_updated_at();
  `,
};
