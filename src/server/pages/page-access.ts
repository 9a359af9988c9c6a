import type { Db } from '../db/index.js';
import { forbidden, notFound } from '../http/errors.js';
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
