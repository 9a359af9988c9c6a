import type { Db } from '../db/index.js';
import { PAGE_UNDER_ITSELF, PARENT_PAGE_ARCHIVED, PARENT_PAGE_NOT_FOUND } from '../../api-shapes/page-tree.js';
import { badRequest, conflict, forbidden, notFound } from '../http/errors.js';
import { Role } from '../roles.js';
import { PAGE_COLUMNS, PAGE_NOT_FOUND, type PageJson } from './page-shape.js';

/** SQL condition: the page `pg` is one user `$n` may see (public, or their own). */
export function visibleTo(userParam: string): string {
  return `(pg.access = 'public' OR pg.owned_by = ${userParam})`;
}

/**
 * A page of the project that the user may see, or 404: another member's private page answers
 * exactly like a missing one, so its existence does not leak. With `lock`, the row stays locked
 * until `db`'s transaction ends.
 */
export async function findVisiblePage(db: Db, projectId: string, pageId: string, userId: string, options: { lock?: boolean } = {}): Promise<PageJson> {
  const page = await db.maybeOne<PageJson>(
    `SELECT ${PAGE_COLUMNS} FROM pages pg WHERE pg.id = $1 AND pg.project_id = $2 AND ${visibleTo('$3')}${options.lock ? ' FOR UPDATE' : ''}`,
    [pageId, projectId, userId],
  );
  if (!page) throw notFound(PAGE_NOT_FOUND);
  return page;
}

/** 403 unless the user owns the page or administers the project (renaming, access, archiving, deleting). */
export function checkCanManage(page: PageJson, userId: string, projectRole: number): void {
  if (page.owned_by !== userId && projectRole < Role.Admin) throw forbidden("Only the page's owner or a project admin can do this.");
}

/** 403 when the page is archived: archived pages are read-only until restored. */
export function checkNotArchived(page: PageJson): void {
  if (page.archived_at) throw forbidden('This page is archived and read-only. Restore it to edit it.');
}

/**
 * Makes the project's changes to the page tree (a page put under another, moved, archived or
 * restored with its sub-pages, or deleted with sub-pages to move up) take turns until `tx` ends,
 * so two moves cannot each pass the other's check and close a loop, and two changes of a
 * subtree's rows never wait on each other. Taken before any page row.
 */
export async function lockPageTree(tx: Db, projectId: string): Promise<void> {
  await tx.query("SELECT pg_advisory_xact_lock(hashtext('page-tree'), hashtext($1))", [projectId]);
}

/** SQL: the page `$1` and every page under it, at any depth (`tree(id)`). */
export const PAGE_AND_SUB_PAGES_SQL = `WITH RECURSIVE tree (id) AS (
    SELECT id FROM pages WHERE id = $1
    UNION SELECT pages.id FROM pages JOIN tree ON pages.parent_id = tree.id
  )`;

/**
 * The page `parentId` as a parent for a page of the project (after lockPageTree): one the user
 * sees (400 otherwise, as for a missing one), not archived (409), and, when `pageId` is moving
 * under it, neither that page nor one of its sub-pages (400).
 */
export async function checkedParentPage(tx: Db, projectId: string, parentId: string, userId: string, pageId?: string): Promise<PageJson> {
  const parent = await tx.maybeOne<PageJson>(
    `SELECT ${PAGE_COLUMNS} FROM pages pg WHERE pg.id = $1 AND pg.project_id = $2 AND ${visibleTo('$3')}`,
    [parentId, projectId, userId],
  );
  if (!parent) throw badRequest(PARENT_PAGE_NOT_FOUND);
  if (parent.archived_at) throw conflict(PARENT_PAGE_ARCHIVED);
  if (pageId) {
    const loop = await tx.maybeOne(`${PAGE_AND_SUB_PAGES_SQL} SELECT 1 FROM tree WHERE id = $2`, [pageId, parentId]);
    if (loop) throw badRequest(PAGE_UNDER_ITSELF);
  }
  return parent;
}

/**
 * Makes the page `pageId` and the pages inside it private, all `ownerId`'s (after lockPageTree):
 * a page inside a private page is private too and its owner's. 409 with `refusal` when a live
 * page of someone else is inside (it would be hidden from its owner); an archived one, which
 * cannot be moved, moves to the top with what is inside it instead, and comes back there when
 * restored. Answers the pages that were public before.
 */
export async function makeTreePrivate(tx: Db, pageId: string, ownerId: string | null, refusal: string): Promise<PageJson[]> {
  const ownTree = `WITH RECURSIVE tree (id, own, archived) AS (
      SELECT id, owned_by IS NOT DISTINCT FROM $2, archived_at IS NOT NULL FROM pages WHERE id = $1
      UNION SELECT p.id, p.owned_by IS NOT DISTINCT FROM $2, p.archived_at IS NOT NULL FROM pages p JOIN tree t ON p.parent_id = t.id AND t.own
    )`;
  const others = await tx.query<{ id: string; archived: boolean }>(`${ownTree} SELECT id, archived FROM tree WHERE NOT own`, [pageId, ownerId]);
  if (others.some((page) => !page.archived)) throw conflict(refusal);
  if (others.length) await tx.query('UPDATE pages SET parent_id = NULL WHERE id = ANY($1::uuid[])', [others.map((page) => page.id)]);
  return tx.query<PageJson>(
    `${ownTree} UPDATE pages pg SET access = 'private' WHERE pg.id IN (SELECT id FROM tree WHERE own) AND pg.access = 'public' RETURNING ${PAGE_COLUMNS}`,
    [pageId, ownerId],
  );
}
