import { date, queryBoolean, queryInteger } from '../http/schemas.js';
import { PRIORITIES } from './issue-shape.js';
import type { SqlParams } from './sql-params.js';

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';

/** A comma-separated list of ids in a query string (`?state=id1,id2`). */
const idList = { type: 'string', pattern: `^${UUID}(,${UUID})*$` } as const;

const priorityWord = `(${PRIORITIES.join('|')})`;

/** Query string of an issue list: filters (any of the given values matches) and a page. */
export const issueListQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    state: idList,
    priority: { type: 'string', pattern: `^${priorityWord}(,${priorityWord})*$` },
    assignee: idList,
    label: idList,
    /** Target date after (`target_after`, `target_before`: exclusive) or within (`target_from`, `target_to`: inclusive) a day; issues without one never match. */
    target_after: date,
    target_before: date,
    target_from: date,
    target_to: date,
    /** 'true': only archived issues; otherwise only the others. */
    archived: queryBoolean,
    /** Text the issue's name or key (`IDENT-12`) contains, case-insensitively and literally. */
    search: { type: 'string', maxLength: 255 },
    limit: queryInteger,
    offset: queryInteger,
  },
} as const;

/** The filters of an issue list as the query string carries them. */
export interface IssueListQuery {
  state?: string;
  priority?: string;
  assignee?: string;
  label?: string;
  target_after?: string;
  target_before?: string;
  target_from?: string;
  target_to?: string;
  archived?: 'true' | 'false';
  search?: string;
  limit?: string;
  offset?: string;
}

/** `text` as a LIKE pattern matching itself literally (backslash is LIKE's default escape). */
export function literalLike(text: string): string {
  return text.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/**
 * SQL conditions (each starting with AND) for the filters of `query` over `issues i`, binding
 * their values in `params`. Deleted issues never match; archived ones only with archived=true.
 */
export function issueFilterSql(query: IssueListQuery, params: SqlParams): string {
  const list = (value: string) => [...new Set(value.split(','))];
  const bind = (value: unknown) => params.bind(value);
  let sql = ' AND i.deleted_at IS NULL';
  sql += query.archived === 'true' ? ' AND i.archived_at IS NOT NULL' : ' AND i.archived_at IS NULL';
  if (query.state) sql += ` AND i.state_id = ANY(${bind(list(query.state))}::uuid[])`;
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
