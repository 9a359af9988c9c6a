import type { Db } from '../db/index.js';
import { Role } from '../roles.js';
import { SqlParams } from '../db/sql-params.js';

/**
 * SQL condition: the project `column` is one the user may open in the workspace where their role
 * is `workspaceRole`: a project they are a member of, or any project of the workspace for a
 * workspace admin (who counts as every project's admin).
 */
export function visibleProjectSql(column: string, params: SqlParams, workspaceId: string, userId: string, workspaceRole: number): string {
  if (workspaceRole >= Role.Admin) return `${column} IN (SELECT vp.id FROM projects vp WHERE vp.workspace_id = ${params.bind(workspaceId)})`;
  return `${column} IN (SELECT vm.project_id FROM project_members vm WHERE vm.workspace_id = ${params.bind(workspaceId)} AND vm.user_id = ${params.bind(userId)})`;
}

/**
 * Whether the user (role `workspaceRole` in the workspace) can open every project of `projectIds`,
 * each an existing project of the workspace (visibleProjectSql for a set).
 */
export async function canOpenProjects(db: Db, workspaceId: string, userId: string, workspaceRole: number, projectIds: readonly string[]): Promise<boolean> {
  const params = new SqlParams();
  const open = await db.one<{ count: number }>(
    `SELECT count(*)::int AS count FROM projects p
      WHERE p.id = ANY(${params.bind(projectIds)}::uuid[]) AND ${visibleProjectSql('p.id', params, workspaceId, userId, workspaceRole)}`,
    params.values,
  );
  return open.count === new Set(projectIds).size;
}

/** The ids of every project of the workspace the user (role `workspaceRole` there) can open (visibleProjectSql), oldest first. */
export async function openProjectIds(db: Db, workspaceId: string, userId: string, workspaceRole: number): Promise<string[]> {
  const params = new SqlParams();
  const rows = await db.query<{ id: string }>(
    `SELECT p.id FROM projects p
      WHERE p.workspace_id = ${params.bind(workspaceId)} AND ${visibleProjectSql('p.id', params, workspaceId, userId, workspaceRole)}
      ORDER BY p.created_at, p.id`,
    params.values,
  );
  return rows.map((row) => row.id);
}
