import type { FastifyInstance } from 'fastify';
import { currentProject } from '../http/context.js';
import { badRequest, notFound } from '../http/errors.js';
import { requireProjectRole } from '../http/permissions.js';
import { projectParams, queryBoolean, text, uuid } from '../http/schemas.js';
import { canOpenIssue, openableIssueSql, readerOf } from '../issues/issue-access.js';
import { ISSUE_NOT_FOUND } from '../issues/issue-lookup.js';
import { LISTED_ISSUE_COLUMNS, LISTED_ISSUE_FROM, listedIssueSchema, type ListedIssue } from '../issues/issue-shape.js';
import { literalLike } from '../issues/issue-filters.js';
import { SqlParams } from '../db/sql-params.js';
import { Role } from '../roles.js';
import { notInIntakeSql } from '../intake/intake-sql.js';

/** The most results one search answers (the picker shows the best ones; typing more narrows). */
export const SEARCH_LIMIT = 50;

interface SearchQuery {
  search?: string;
  workspace_search?: 'true' | 'false';
  issue_id?: string;
  parent?: 'true' | 'false';
  sub_issue?: 'true' | 'false';
  issue_relation?: 'true' | 'false';
  cycle?: 'true' | 'false';
  exclude_cycle_id?: string;
  exclude_module_id?: string;
}

const searchQuery = {
  type: 'object',
  additionalProperties: false,
  properties: {
    search: text(255),
    workspace_search: queryBoolean,
    /** The issue the picker works for (with parent, sub_issue or issue_relation). */
    issue_id: uuid,
    /** Candidates for issue_id's parent: not the issue itself nor its sub-issues (no cycles). */
    parent: queryBoolean,
    /** Candidates for issue_id's sub-issues: not the issue, its ancestors, nor its sub-issues already. */
    sub_issue: queryBoolean,
    /** Candidates for a relation of issue_id: not the issue nor the ones already related. */
    issue_relation: queryBoolean,
    /** Only issues in no cycle. */
    cycle: queryBoolean,
    exclude_cycle_id: uuid,
    exclude_module_id: uuid,
  },
} as const;

/** The SQL condition matching `search` by name, by key (IDENT-123, a prefix of it) or by number, and the one marking exact hits. */
function matchSql(search: string, params: SqlParams): { match: string; exact: string } {
  const pattern = `${params.bind(literalLike(search))}::text`;
  const matches = [`i.name ILIKE '%' || ${pattern} || '%'`, `(p.identifier || '-' || i.sequence_id) ILIKE ${pattern} || '%'`];
  const exact = [`upper(p.identifier || '-' || i.sequence_id) = upper(${params.bind(search)}::text)`];
  if (/^[0-9]{1,9}$/.test(search)) {
    const number = `${params.bind(Number(search))}::integer`;
    matches.push(`i.sequence_id = ${number}`);
    exact.push(`i.sequence_id = ${number}`);
  }
  return { match: `(${matches.join(' OR ')})`, exact: `(${exact.join(' OR ')})` };
}

/** SQL conditions (each starting with AND) excluding what the picker's filters rule out. */
function exclusionSql(query: SearchQuery, params: SqlParams): string {
  let sql = '';
  const wantsIssue = query.parent === 'true' || query.sub_issue === 'true' || query.issue_relation === 'true';
  if (wantsIssue && !query.issue_id) throw badRequest('Issue id is required with the parent, sub_issue and issue_relation filters.');
  if (query.issue_id) {
    const issue = `${params.bind(query.issue_id)}::uuid`;
    sql += ` AND i.id <> ${issue}`;
    if (query.parent === 'true') {
      sql += ` AND i.id NOT IN (WITH RECURSIVE below (id) AS (
                 SELECT id FROM issues WHERE parent_id = ${issue}
                 UNION SELECT c.id FROM issues c JOIN below b ON c.parent_id = b.id)
               SELECT id FROM below)`;
    }
    if (query.sub_issue === 'true') {
      sql += ` AND i.id NOT IN (WITH RECURSIVE above (id, parent_id) AS (
                 SELECT id, parent_id FROM issues WHERE id = ${issue}
                 UNION SELECT a.id, a.parent_id FROM issues a JOIN above b ON a.id = b.parent_id)
               SELECT id FROM above)
               AND i.parent_id IS DISTINCT FROM ${issue}`;
    }
    if (query.issue_relation === 'true') {
      sql += ` AND NOT EXISTS (SELECT 1 FROM issue_relations r
                WHERE (r.issue_id = ${issue} AND r.related_issue_id = i.id) OR (r.related_issue_id = ${issue} AND r.issue_id = i.id))`;
    }
  }
  if (query.cycle === 'true') sql += ' AND NOT EXISTS (SELECT 1 FROM cycle_issues ci WHERE ci.issue_id = i.id)';
  if (query.exclude_cycle_id) {
    sql += ` AND NOT EXISTS (SELECT 1 FROM cycle_issues ci WHERE ci.issue_id = i.id AND ci.cycle_id = ${params.bind(query.exclude_cycle_id)})`;
  }
  if (query.exclude_module_id) {
    sql += ` AND NOT EXISTS (SELECT 1 FROM module_issues mi WHERE mi.issue_id = i.id AND mi.module_id = ${params.bind(query.exclude_module_id)})`;
  }
  return sql;
}

/**
 * The issue picker's search: by name (case-insensitive substring), by key (`IDENT-123`,
 * case-insensitive, a prefix of it too) or by number, in the project or, with
 * workspace_search=true, in every project of the workspace the caller can open. Archived and
 * deleted issues never show; exact key or number hits come first; at most SEARCH_LIMIT results.
 * The picker's issue_id must be an issue the caller can open (404 otherwise), so its filters do
 * not tell what another project's issue is related to.
 */
export async function issueSearchRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  app.get<{ Querystring: SearchQuery }>(
    '/workspaces/:slug/projects/:projectId/search-issues',
    {
      preHandler: requireProjectRole(Role.Guest),
      schema: { params: projectParams, querystring: searchQuery, response: { 200: { type: 'array', items: listedIssueSchema } } },
    },
    async (request) => {
      const query = request.query;
      const reader = readerOf(request);
      if (query.issue_id && !(await canOpenIssue(db, query.issue_id, reader))) throw notFound(ISSUE_NOT_FOUND);
      const params = new SqlParams();
      const scope =
        query.workspace_search === 'true' ? openableIssueSql('i', params, reader) : `i.project_id = ${params.bind(currentProject(request).id)}`;
      const search = query.search?.trim() ?? '';
      const { match, exact } = search ? matchSql(search, params) : { match: 'true', exact: null };
      return db.query<ListedIssue>(
        `SELECT ${LISTED_ISSUE_COLUMNS} FROM ${LISTED_ISSUE_FROM}
          WHERE ${scope} AND i.deleted_at IS NULL AND i.archived_at IS NULL AND ${notInIntakeSql('i')} AND ${match}${exclusionSql(query, params)}
          ORDER BY ${exact ? `${exact} DESC, ` : ''}i.created_at DESC, i.id
          LIMIT ${SEARCH_LIMIT}`,
        params.values,
      );
    },
  );
}
