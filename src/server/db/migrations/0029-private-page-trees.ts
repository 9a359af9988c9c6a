import type { Migration } from './migration.js';

/**
 * A page inside a private page is private and its owner's (routes/pages.ts keeps it so from now
 * on). Pages made before that rule: a page of someone else inside a private page moves to the top
 * with what is inside it (its owner keeps seeing it, others see it as before), then every page
 * still inside a private page becomes private. Nothing is deleted.
 */
export const privatePageTrees: Migration = {
  id: '0029-private-page-trees',
  sql: /* sql */ `
    WITH RECURSIVE inside (id, owner, own) AS (
      SELECT c.id, p.owned_by, c.owned_by IS NOT DISTINCT FROM p.owned_by
        FROM pages c JOIN pages p ON p.id = c.parent_id
       WHERE p.access = 'private'
      UNION
      SELECT c.id, i.owner, c.owned_by IS NOT DISTINCT FROM i.owner
        FROM pages c JOIN inside i ON c.parent_id = i.id AND i.own
    )
    UPDATE pages SET parent_id = NULL WHERE id IN (SELECT id FROM inside WHERE NOT own);

    WITH RECURSIVE inside (id) AS (
      SELECT c.id FROM pages c JOIN pages p ON p.id = c.parent_id WHERE p.access = 'private'
      UNION
      SELECT c.id FROM pages c JOIN inside i ON c.parent_id = i.id
    )
    UPDATE pages SET access = 'private' WHERE id IN (SELECT id FROM inside) AND access = 'public';
  `,
};
