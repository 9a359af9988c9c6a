import type { Db } from '../db/index.js';
import type { ExportIssue } from '../exports/index.js';
import { canOpenProjects } from '../issues/visible-projects.js';
import type { RichTextPool } from '../rich-text/index.js';
import { Role } from '../roles.js';
import { notInIntakeSql } from '../intake/intake-sql.js';

/**
 * Descriptions sent to the rich-text pool together, up to about this much HTML: reading a long
 * description takes seconds (never on the event loop), and a save queued behind an export's
 * batch waits for no more than one batch.
 */
const PLAIN_BATCH_BYTES = 256 * 1024;

/** The workspace role that asks for, lists and downloads exports (spec: the Exports settings page, Member). */
export const EXPORTS_ROLE = Role.Member;

/** The error text of an export whose requester's workspace role no longer allows exports. */
export const EXPORT_ROLE_LOST = 'Your workspace role no longer allows exports. Ask a workspace admin for the Member role, then start a new export.';

/** The error text of an export whose requester can no longer open every project it names. */
export const EXPORT_ACCESS_LOST = 'Some of the selected projects no longer exist or you are no longer a member of them. Please start a new export.';

/** An export refused for a reason its requester can act on: the message is the job's error text. */
export class ExportRefused extends Error {}

/** What an export job is of: its workspace, its projects and who asked for it. */
export interface ExportScope {
  workspace_id: string;
  project_ids: readonly string[];
  requested_by: string | null;
}

/**
 * Why `userId` may not have an export of `projectIds` in the workspace now (the error text), or
 * null when they may: they must hold the exports role and open every project. Checked when the
 * export is made and again at each download, so access lost in between ends access to the file.
 */
export async function exportAccessProblem(db: Db, workspaceId: string, userId: string | null, projectIds: readonly string[]): Promise<string | null> {
  const member = userId
    ? await db.maybeOne<{ role: number }>('SELECT role FROM workspace_members WHERE workspace_id = $1 AND user_id = $2', [workspaceId, userId])
    : null;
  if (!userId || !member) return EXPORT_ACCESS_LOST;
  if (member.role < EXPORTS_ROLE) return EXPORT_ROLE_LOST;
  if (!(await canOpenProjects(db, workspaceId, userId, member.role, projectIds))) return EXPORT_ACCESS_LOST;
  return null;
}

type IssueRow = Omit<ExportIssue, 'description'> & { description_html: string };

/**
 * The live issues of the job's projects as export rows (key, name, state and its group, priority,
 * assignees, labels, dates, description as plain text), by project identifier and number. The
 * requester must still hold the exports role and open every project when the export is made, not
 * only when they asked for it (ExportRefused otherwise): one demoted below Member, removed from a
 * project, gone from the workspace or whose account was deleted in between gets no file of it.
 */
export async function loadExportRows(db: Db, richText: RichTextPool, { workspace_id: workspaceId, project_ids: projectIds, requested_by: requester }: ExportScope): Promise<ExportIssue[]> {
  const problem = await exportAccessProblem(db, workspaceId, requester, projectIds);
  if (problem) throw new ExportRefused(problem);
  const issues = await db.query<IssueRow>(
    `SELECT p.identifier || '-' || i.sequence_id AS key, i.name, s.name AS state, s."group" AS state_group, i.priority,
            ARRAY(SELECT u.display_name FROM issue_assignees a JOIN users u ON u.id = a.user_id
                   WHERE a.issue_id = i.id ORDER BY lower(u.display_name), u.id) AS assignees,
            ARRAY(SELECT l.name FROM issue_labels il JOIN labels l ON l.id = il.label_id
                   WHERE il.issue_id = i.id ORDER BY lower(l.name), l.id) AS labels,
            i.start_date, i.target_date, i.created_at, i.updated_at, i.description_html
       FROM issues i
       JOIN projects p ON p.id = i.project_id
       LEFT JOIN states s ON s.id = i.state_id
      WHERE i.project_id = ANY($1::uuid[]) AND p.workspace_id = $2 AND i.deleted_at IS NULL AND ${notInIntakeSql('i')}
      ORDER BY p.identifier, i.sequence_id`,
    [projectIds, workspaceId],
  );
  const descriptions: string[] = [];
  for (let start = 0; start < issues.length; ) {
    let end = start;
    for (let bytes = 0; end < issues.length && (end === start || bytes + issues[end]!.description_html.length <= PLAIN_BATCH_BYTES); end++) {
      bytes += issues[end]!.description_html.length;
    }
    descriptions.push(...(await richText.toPlain(issues.slice(start, end).map((issue) => issue.description_html))));
    start = end;
  }
  return issues.map(({ description_html: _html, ...issue }, index) => ({ ...issue, description: descriptions[index]! }));
}
