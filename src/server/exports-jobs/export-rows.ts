import type { Db } from '../db/index.js';
import type { ExportIssue } from '../exports/index.js';
import type { RichTextPool } from '../rich-text/index.js';

/**
 * Descriptions sent to the rich-text pool together, up to about this much HTML: reading a long
 * description takes seconds (never on the event loop), and a save queued behind an export's
 * batch waits for no more than one batch.
 */
const PLAIN_BATCH_BYTES = 256 * 1024;

type IssueRow = Omit<ExportIssue, 'description'> & { description_html: string };

/**
 * The live issues of the projects as export rows (key, name, state and its group, priority,
 * assignees, labels, dates, description as plain text), by project identifier and number.
 */
export async function loadExportRows(db: Db, richText: RichTextPool, workspaceId: string, projectIds: readonly string[]): Promise<ExportIssue[]> {
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
