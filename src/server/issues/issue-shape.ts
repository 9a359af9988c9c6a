import type { StaticDecode } from 'typebox';
import {
  issueDetailShape,
  issueLabelShape,
  issueRowShape,
  issueSummaryShape,
  listedIssueShape,
  parentDetailShape,
} from '../../api-shapes/issue.js';
import { displayUserShape } from '../../api-shapes/user.js';
import type { Db } from '../db/index.js';
import { ISSUE_ESTIMATE_SQL } from '../estimates/estimate-system.js';
import { jsonObject, selectList, type ColumnSql } from '../db/select-list.js';
import { projectParams, withIds } from '../http/schemas.js';
import { notInIntakeSql } from '../intake/intake-sql.js';

// The shapes themselves are defined once in src/api-shapes/issue.ts (shared with the app); this
// module gives the server their SQL and their row types (timestamps as Dates).

export { PRIORITIES, type Priority } from '../../api-shapes/issue.js';

/** Route params of everything under …/issues/:issueId. */
export const issueParams = withIds(projectParams, 'issueId');

/** A listed issue as the server reads it. */
export type ListedIssue = StaticDecode<typeof listedIssueShape>;

/** Response schema of a listed issue. */
export const listedIssueSchema = listedIssueShape;

/** FROM clause the issue SELECT lists read: `issues i`, its project `p` and its state `s`. */
export const LISTED_ISSUE_FROM = 'issues i JOIN projects p ON p.id = i.project_id LEFT JOIN states s ON s.id = i.state_id';

const listedIssueSql: ColumnSql<typeof listedIssueShape> = { project__identifier: 'p.identifier', state__color: 's.color' };

/** SELECT list of a listed issue from LISTED_ISSUE_FROM. */
export const LISTED_ISSUE_COLUMNS = selectList(listedIssueShape, 'i', listedIssueSql);

/** An issue as another issue's page lists it (sub-issues, relations), as the server reads it. */
export type IssueSummary = StaticDecode<typeof issueSummaryShape>;

/** Response schema of an issue summary. */
export const issueSummarySchema = issueSummaryShape;

const issueSummarySql: ColumnSql<typeof issueSummaryShape> = { ...listedIssueSql, state__name: 's.name', state__group: 's."group"' };

/** SELECT list of an issue summary from LISTED_ISSUE_FROM. */
export const ISSUE_SUMMARY_COLUMNS = selectList(issueSummaryShape, 'i', issueSummarySql);

/** A user in the spec's display shape. */
export type DisplayUser = StaticDecode<typeof displayUserShape>;

/** Response schema of a user in the display shape. */
export const displayUserSchema = displayUserShape;

/** SQL building a display user object from `users u` (json). */
export const DISPLAY_USER_JSON = jsonObject(displayUserShape, 'u');

/** A label as an issue shows it. */
export type IssueLabel = StaticDecode<typeof issueLabelShape>;

/** A row of an issue list as the server reads it. */
export type IssueRow = StaticDecode<typeof issueRowShape>;

/** Response schema of an issue row. */
export const issueRowSchema = issueRowShape;

const issueRowSql: ColumnSql<typeof issueRowShape> = {
  ...issueSummarySql,
  assignee_ids: `COALESCE((SELECT array_agg(a.user_id ORDER BY a.user_id) FROM issue_assignees a WHERE a.issue_id = i.id), '{}')`,
  assignees: `COALESCE((SELECT json_agg(${DISPLAY_USER_JSON} ORDER BY lower(u.display_name), u.id)
              FROM issue_assignees a JOIN users u ON u.id = a.user_id WHERE a.issue_id = i.id), '[]'::json)`,
  label_ids: `COALESCE((SELECT array_agg(il.label_id ORDER BY il.label_id) FROM issue_labels il WHERE il.issue_id = i.id), '{}')`,
  labels: `COALESCE((SELECT json_agg(${jsonObject(issueLabelShape, 'l')} ORDER BY l.sort_order, lower(l.name))
              FROM issue_labels il JOIN labels l ON l.id = il.label_id WHERE il.issue_id = i.id), '[]'::json)`,
  estimate_point: ISSUE_ESTIMATE_SQL,
};

/** SELECT list of an issue row, read from LISTED_ISSUE_FROM. */
export const ISSUE_ROW_COLUMNS = selectList(issueRowShape, 'i', issueRowSql);

/** One issue with everything its page shows, as the server reads it. */
export type IssueDetail = StaticDecode<typeof issueDetailShape>;

/** Response schema of an issue's detail. */
export const issueDetailSchema = issueDetailShape;

/** SELECT list of an issue's detail from LISTED_ISSUE_FROM; `$2` is the user whose `is_subscribed` it is. */
const ISSUE_DETAIL_COLUMNS = selectList(issueDetailShape, 'i', {
  ...issueRowSql,
  key: `p.identifier || '-' || i.sequence_id`,
  parent_detail: `(SELECT ${jsonObject(parentDetailShape, 'pi', { project__identifier: 'p.identifier' })}
                     FROM issues pi WHERE pi.id = i.parent_id AND pi.deleted_at IS NULL)`,
  is_subscribed: 'EXISTS (SELECT 1 FROM issue_subscribers sub WHERE sub.issue_id = i.id AND sub.user_id = $2)',
  cycle_id: '(SELECT ci.cycle_id FROM cycle_issues ci WHERE ci.issue_id = i.id)',
  module_ids: 'ARRAY(SELECT mi.module_id FROM module_issues mi WHERE mi.issue_id = i.id ORDER BY mi.created_at, mi.module_id)',
});

/** The issue's detail as `userId` sees it (is_subscribed is theirs); null when it is gone. */
export async function readIssueDetail(db: Db, issueId: string, userId: string): Promise<IssueDetail | null> {
  return db.maybeOne<IssueDetail>(
    `SELECT ${ISSUE_DETAIL_COLUMNS}
       FROM ${LISTED_ISSUE_FROM}
      WHERE i.id = $1 AND i.deleted_at IS NULL AND ${notInIntakeSql('i')}`,
    [issueId, userId],
  );
}
