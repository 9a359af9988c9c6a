import { issueListQueryShape, type IssueListQueryText } from '../../api-shapes/issue-list-query.js';
import type { IssueOrdering } from '../../api-shapes/issue-display.js';
import { PRIORITIES } from '../../api-shapes/issue-priority.js';
import type { SqlParams } from '../db/sql-params.js';
import { notInIntakeSql } from '../intake/intake-sql.js';

// The query string is defined once in src/api-shapes/issue-list-query.ts (shared with the app).

/** Query string schema of an issue list: filters (any of the given values matches) and a page. */
export const issueListQuery = issueListQueryShape;

/** The filters of an issue list as the query string carries them (text). */
export type IssueListQuery = IssueListQueryText;

/** `text` as a LIKE pattern matching itself literally (backslash is LIKE's default escape). */
export function literalLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * SQL conditions (each starting with AND) for the filters of `query` over `issues i`, binding
 * their values in `params`. Deleted issues and those waiting in an inbox never match; archived ones only with archived=true.
 */
export function issueFilterSql(query: IssueListQuery, params: SqlParams): string {
  const list = (value: string) => [...new Set(value.split(','))];
  const bind = (value: unknown) => params.bind(value);
  let sql = ` AND i.deleted_at IS NULL AND ${notInIntakeSql('i')}`;
  sql += query.archived === 'true' ? ' AND i.archived_at IS NOT NULL' : ' AND i.archived_at IS NULL';
  if (query.state) sql += ` AND i.state_id = ANY(${bind(list(query.state))}::uuid[])`;
  if (query.state_group) {
    sql += ` AND EXISTS (SELECT 1 FROM states fs WHERE fs.id = i.state_id AND fs."group" = ANY(${bind(list(query.state_group))}::text[]))`;
  }
  if (query.priority) sql += ` AND i.priority = ANY(${bind(list(query.priority))}::text[])`;
  if (query.assignee) {
    sql += ` AND EXISTS (SELECT 1 FROM issue_assignees fa WHERE fa.issue_id = i.id AND fa.user_id = ANY(${bind(list(query.assignee))}::uuid[]))`;
  }
  if (query.label) {
    sql += ` AND EXISTS (SELECT 1 FROM issue_labels fl WHERE fl.issue_id = i.id AND fl.label_id = ANY(${bind(list(query.label))}::uuid[]))`;
  }
  const search = query.search?.trim();
  if (search) {
    const pattern = `'%' || ${bind(literalLike(search))}::text || '%'`;
    sql += ` AND (i.name ILIKE ${pattern} OR ((SELECT sp.identifier FROM projects sp WHERE sp.id = i.project_id) || '-' || i.sequence_id) ILIKE ${pattern})`;
  }
  for (const [field, operator] of [['target_after', '>'], ['target_before', '<'], ['target_from', '>='], ['target_to', '<=']] as const) {
    const day = query[field];
    if (day) sql += ` AND i.target_date ${operator} ${bind(day)}::date`;
  }
  return sql;
}

/** The ORDER BY list of each ordering but the default; ties fall back to the list's default order. */
const ORDER_SQL: Record<Exclude<IssueOrdering, 'newest'>, string> = {
  updated: 'i.updated_at DESC',
  priority: `array_position(ARRAY[${PRIORITIES.map((priority) => `'${priority}'`).join(', ')}]::text[], i.priority)`,
  target_date: 'i.target_date ASC NULLS LAST',
};

/** The ORDER BY list for `order` over `issues i`; `newest` is the list's own default order. */
export function issueOrderSql(order: IssueOrdering | undefined, newest: string): string {
  return !order || order === 'newest' ? newest : `${ORDER_SQL[order]}, ${newest}`;
}
