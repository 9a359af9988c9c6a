import type { Migration } from './migration.js';

/**
 * Pages inside pages: a page's `parent_id` is another page of the same project (the composite
 * key keeps a parent from another project out), or null at the top. Deleting a page moves its
 * sub-pages up to its own parent first (routes/pages.ts); the key's SET NULL (parent_id alone) is
 * the backstop for a delete that does not.
 */
export const nestedPages: Migration = {
  id: '0027-nested-pages',
  sql: /* sql */ `
    ALTER TABLE pages ADD CONSTRAINT pages_project_id_id_key UNIQUE (project_id, id);
    ALTER TABLE pages ADD COLUMN parent_id uuid;
    ALTER TABLE pages ADD CONSTRAINT pages_parent_fkey
      FOREIGN KEY (project_id, parent_id) REFERENCES pages (project_id, id) ON DELETE SET NULL (parent_id);
    CREATE INDEX pages_parent_id_idx ON pages (parent_id) WHERE parent_id IS NOT NULL;
  `,
};
