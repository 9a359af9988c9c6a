import { Role } from '../roles.js';
import type { SqlParams } from './sql-params.js';

/**
 * SQL condition: the project `column` is one the user may open in the workspace where their role
 * is `workspaceRole`: a project they are a member of, or any project of the workspace for a
 * workspace admin (who counts as every project's admin).
 */
export function visibleProjectSql(column: string, params: SqlParams, workspaceId: string, userId: string, workspaceRole: number): string {
  if (workspaceRole >= Role.Admin) return `${column} IN (SELECT vp.id FROM projects vp WHERE vp.workspace_id = ${params.bind(workspaceId)})`;
  return `${column} IN (SELECT vm.project_id FROM project_members vm WHERE vm.workspace_id = ${params.bind(workspaceId)} AND vm.user_id = ${params.bind(userId)})`;
}
