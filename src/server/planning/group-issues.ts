import type { Db } from '../db/index.js';
import type { IssueGroup } from './issue-group.js';
import { ISSUE_ROW_COLUMNS, type IssueRow } from '../issues/issue-shape.js';

/** The issues of one cycle or module as issue rows, by issue number. */
export function listGroupIssues(db: Db, group: IssueGroup, groupId: string): Promise<IssueRow[]> {
  return db.query<IssueRow>(
    `SELECT ${ISSUE_ROW_COLUMNS}
       FROM ${group.table} g
       JOIN issues i ON i.id = g.issue_id AND i.deleted_at IS NULL
       JOIN projects p ON p.id = i.project_id
       LEFT JOIN states s ON s.id = i.state_id
      WHERE g.${group.key} = $1
      ORDER BY i.sequence_id`,
    [groupId],
  );
}
