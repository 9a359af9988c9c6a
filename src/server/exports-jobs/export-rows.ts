import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Db } from '../db/index.js';
import type { ExportIssue } from '../exports/index.js';
import { richTextToPlain } from '../rich-text/index.js';

/** Descriptions converted between two turns of the event loop, so a big export never stalls requests. */
const ROWS_PER_TURN = 100;

type IssueRow = Omit<ExportIssue, 'description'> & { description_html: string };

/**
 * The live issues of the projects as export rows (key, name, state and its group, priority,
 * assignees, labels, dates, description as plain text), by project identifier and number.
 */
export async function loadExportRows(db: Db, workspaceId: string, projectIds: readonly string[]): Promise<ExportIssue[]> {
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
      WHERE i.project_id = ANY($1::uuid[]) AND p.workspace_id = $2 AND i.deleted_at IS NULL
      ORDER BY p.identifier, i.sequence_id`,
    [projectIds, workspaceId],
  );
  const rows: ExportIssue[] = [];
  for (const { description_html: html, ...issue } of issues) {
    rows.push({ ...issue, description: richTextToPlain(html) });
    if (rows.length % ROWS_PER_TURN === 0) await nextTurn();
  }
  return rows;
}
