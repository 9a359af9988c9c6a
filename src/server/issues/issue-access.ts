import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/index.js';
import { currentUser, currentWorkspace } from '../http/context.js';
import { SqlParams } from '../db/sql-params.js';
import { visibleProjectSql } from './visible-projects.js';
import { Role } from '../roles.js';
import { notInIntakeSql } from '../intake/intake-sql.js';
import { hiddenIssueShape, type HiddenIssue } from '../../api-shapes/issue-relation.js';

/**
 * Who reads: the user and their role in the workspace the read happens in. Every read that
 * names an issue other than the one asked for checks it against this reader.
 */
export interface Reader {
  userId: string;
  workspaceId: string;
  workspaceRole: number;
}

/** The reader of a request that passed requireWorkspaceRole or requireProjectRole. */
export function readerOf(request: FastifyRequest): Reader {
  const workspace = currentWorkspace(request);
  return { userId: currentUser(request).id, workspaceId: workspace.id, workspaceRole: workspace.role };
}

/**
 * The access rule of issues, as an SQL condition on the issue row `alias` (a table alias of
 * `issues`): the reader can open it. That is an issue of the reader's workspace in a project they
 * can open (a member of it, or any project for a workspace admin); a project's guests and viewers
 * open all of its issues, but none still waiting in its inbox (notInIntakeSql). Deleted issues
 * are each read's own concern. Every read that lists or embeds issues (relations, activity, search, the workspace tabs…) uses this one condition.
 */
export function openableIssueSql(alias: string, params: SqlParams, reader: Reader): string {
  return `(${alias}.workspace_id = ${params.bind(reader.workspaceId)} AND ${notInIntakeSql(alias)} AND ${visibleProjectSql(`${alias}.project_id`, params, reader.workspaceId, reader.userId, reader.workspaceRole)})`;
}

/**
 * The same rule seen from the other side, as an SQL condition on a user id `userColumn`: that user
 * can open the issues of project `projectId` in workspace `workspaceId` (a member of the project,
 * or an admin of the workspace). Who is told about an issue (notifications) is checked with it.
 */
export function opensProjectIssuesSql(userColumn: string, params: SqlParams, workspaceId: string, projectId: string): string {
  return `(EXISTS (SELECT 1 FROM project_members rm WHERE rm.project_id = ${params.bind(projectId)} AND rm.user_id = ${userColumn})
    OR EXISTS (SELECT 1 FROM workspace_members rw WHERE rw.workspace_id = ${params.bind(workspaceId)} AND rw.user_id = ${userColumn} AND rw.role >= ${Role.Admin}))`;
}

/** Whether the reader can open issue `issueId` (openableIssueSql for one issue). */
export async function canOpenIssue(db: Db, issueId: string, reader: Reader): Promise<boolean> {
  const params = new SqlParams();
  const row = await db.maybeOne(`SELECT 1 FROM issues i WHERE i.id = ${params.bind(issueId)} AND ${openableIssueSql('i', params, reader)}`, params.values);
  return row !== null;
}

/** What stands where a read would embed an issue the reader cannot open: no field of it. */
export type { HiddenIssue } from '../../api-shapes/issue-relation.js';

/** The one value of a hidden issue. */
export const HIDDEN_ISSUE: HiddenIssue = Object.freeze({ hidden: true });

/** Response schema of a hidden issue: `{ "hidden": true }` and nothing else. */
export const hiddenIssueSchema = hiddenIssueShape;
