import type { Db } from '../db/index.js';
import type { IssueGroup } from './issue-group.js';
import { LISTED_ISSUE_COLUMNS, type ListedIssue } from '../issues/issue-shape.js';

/** The issues of one cycle or module in the listed shape, by issue number. */
export function listGroupIssues(db: Db, group: IssueGroup, groupId: string): Promise<ListedIssue[]> {
  return db.query<ListedIssue>(
    `SELECT ${LISTED_ISSUE_COLUMNS}
       FROM ${group.table} g
       JOIN issues i ON i.id = g.issue_id AND i.deleted_at IS NULL
       JOIN projects p ON p.id = i.project_id
       LEFT JOIN states s ON s.id = i.state_id
      WHERE g.${group.key} = $1
      ORDER BY i.sequence_id`,
    [groupId],
  );
}
