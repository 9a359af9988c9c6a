import type { Migration } from './migration.js';

/**
 * A draft keeps the parent and the estimate the create-issue dialog held (a sub-issue's draft
 * published as a plain issue lost its parent). The parent is let go (null) when its issue row
 * goes; the estimate is the value as given, checked against the project's estimates again when
 * the draft is published, as a creation checks it.
 */
export const draftParentAndEstimate: Migration = {
  id: '0024-draft-parent-estimate',
  sql: /* sql */ `
    ALTER TABLE issue_drafts
      ADD COLUMN parent_id uuid REFERENCES issues (id) ON DELETE SET NULL,
      ADD COLUMN estimate_point text CHECK (length(estimate_point) <= 20);
    CREATE INDEX issue_drafts_parent_id_idx ON issue_drafts (parent_id) WHERE parent_id IS NOT NULL;
  `,
};
