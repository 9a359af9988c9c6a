import type { Migration } from './migration.js';

/**
 * A person's favorites in a workspace (routes/favorites.ts): each row keeps exactly one issue,
 * cycle, module or page, by a key of its own, so a favorite goes with what it keeps. Whether its
 * owner may still see it is asked when the list is read.
 */
export const favorites: Migration = {
  id: '0028-favorites',
  sql: /* sql */ `
    CREATE TABLE favorites (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
      issue_id uuid REFERENCES issues (id) ON DELETE CASCADE,
      cycle_id uuid REFERENCES cycles (id) ON DELETE CASCADE,
      module_id uuid REFERENCES modules (id) ON DELETE CASCADE,
      page_id uuid REFERENCES pages (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      CHECK (num_nonnulls(issue_id, cycle_id, module_id, page_id) = 1),
      UNIQUE NULLS NOT DISTINCT (user_id, issue_id, cycle_id, module_id, page_id)
    );
    CREATE INDEX favorites_owner_idx ON favorites (user_id, workspace_id, created_at);
    CREATE INDEX favorites_issue_idx ON favorites (issue_id) WHERE issue_id IS NOT NULL;
    CREATE INDEX favorites_cycle_idx ON favorites (cycle_id) WHERE cycle_id IS NOT NULL;
    CREATE INDEX favorites_module_idx ON favorites (module_id) WHERE module_id IS NOT NULL;
    CREATE INDEX favorites_page_idx ON favorites (page_id) WHERE page_id IS NOT NULL;
  `,
};
