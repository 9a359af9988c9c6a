import type { StaticDecode } from 'typebox';
import { savedViewShape } from '../../api-shapes/saved-view.js';
import type { Db } from '../db/index.js';
import { selectList } from '../db/select-list.js';
import type { SqlParams } from '../db/sql-params.js';
import { forbidden, notFound } from '../http/errors.js';
import { withIds, workspaceParams } from '../http/schemas.js';
import { effectiveProjectRole, Role } from '../roles.js';

// A view's shape is defined once in src/api-shapes/saved-view.ts (shared with the app); this
// module gives the server its SQL and the one rule of who sees and who changes a view.

/** A view as the server reads it. */
export type SavedViewRow = StaticDecode<typeof savedViewShape>;

/** The answer when a view does not exist or is not the caller's to see (the same, so ids do not leak). */
export const VIEW_NOT_FOUND = 'View not found.';

/** The answer when someone who sees a shared view may not change it. */
export const VIEW_NOT_YOURS = 'Only the view’s owner or an admin can change it.';

/** Route params of everything under …/views/:viewId. */
export const viewParams = withIds(workspaceParams, 'viewId');

/** Who is asking: their id and workspace role. */
export interface ViewReader {
  userId: string;
  workspaceRole: number;
}

const VIEW_FROM = 'saved_views v JOIN users u ON u.id = v.owner_id';
const VIEW_COLUMNS = selectList(savedViewShape, 'v', { owner__display_name: 'u.display_name' });

/**
 * SQL (starting with AND) keeping the views `reader` may see: their own and shared ones, of the
 * workspace or of a project they can open (a member of it, or a workspace admin).
 */
function visibleSql(params: SqlParams, reader: ViewReader): string {
  const user = params.bind(reader.userId);
  const projectOpen =
    reader.workspaceRole >= Role.Admin
      ? 'true'
      : `EXISTS (SELECT 1 FROM project_members pm WHERE pm.project_id = v.project_id AND pm.user_id = ${user})`;
  return ` AND (v.owner_id = ${user} OR v.shared) AND (v.project_id IS NULL OR ${projectOpen})`;
}

/** The views of a project (`projectId`) or of the workspace (null) that `reader` sees, by name. */
export async function listViews(db: Db, params: SqlParams, workspaceId: string, projectId: string | null, reader: ViewReader): Promise<SavedViewRow[]> {
  const scope = projectId === null ? 'v.project_id IS NULL' : `v.project_id = ${params.bind(projectId)}`;
  return db.query<SavedViewRow>(
    `SELECT ${VIEW_COLUMNS} FROM ${VIEW_FROM}
      WHERE v.workspace_id = ${params.bind(workspaceId)} AND ${scope}${visibleSql(params, reader)}
      ORDER BY lower(v.name), v.id`,
    params.values,
  );
}

/** The view `viewId` of the workspace as `reader` sees it (locked with `lock`), or 404. */
export async function visibleView(db: Db, params: SqlParams, workspaceId: string, viewId: string, reader: ViewReader, { lock = false } = {}): Promise<SavedViewRow> {
  const view = await db.maybeOne<SavedViewRow>(
    `SELECT ${VIEW_COLUMNS} FROM ${VIEW_FROM}
      WHERE v.id = ${params.bind(viewId)} AND v.workspace_id = ${params.bind(workspaceId)}${visibleSql(params, reader)}${lock ? ' FOR UPDATE OF v' : ''}`,
    params.values,
  );
  if (!view) throw notFound(VIEW_NOT_FOUND);
  return view;
}

/**
 * 403 unless `reader` may change or delete `view`: its owner, a workspace admin, or (for a
 * project's view) an admin of that project.
 */
export async function checkMayChange(db: Db, view: SavedViewRow, reader: ViewReader): Promise<void> {
  if (view.owner_id === reader.userId || reader.workspaceRole >= Role.Admin) return;
  if (view.project_id) {
    const member = await db.maybeOne<{ role: number }>('SELECT role FROM project_members WHERE project_id = $1 AND user_id = $2', [view.project_id, reader.userId]);
    if ((effectiveProjectRole(reader.workspaceRole, member?.role ?? null) ?? 0) >= Role.Admin) return;
  }
  throw forbidden(VIEW_NOT_YOURS);
}
