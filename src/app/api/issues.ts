import type { BulkIssueChange } from '../../api-shapes/issue-bulk.js';
import type { DescriptionSave } from '../../api-shapes/description.js';
import type { IssueCreateBody, IssueUpdateBody } from '../../api-shapes/issue.js';
import type { IssueListQuery, WorkspaceIssueQuery } from '../../api-shapes/issue-list-query.js';
import type { WorkspaceIssueTab } from '../../api-shapes/issue-tabs.js';
import type { ApiClient, Query } from './client.js';
import { projectPath } from './projects.js';
import type { Description, IssueDetail, ListedIssue, IssueRow } from './types.js';

export type { IssueListQuery, WorkspaceIssueQuery } from '../../api-shapes/issue-list-query.js';
export { WORKSPACE_ISSUE_TABS, type WorkspaceIssueTab } from '../../api-shapes/issue-tabs.js';

/** A page of issues and how many match in all. */
export interface IssuePage<T extends ListedIssue = ListedIssue> {
  issues: T[];
  total: number;
}

/** What creating an issue sends (the server's body shape). */
export type IssueInput = IssueCreateBody;

/** What changing an issue's properties sends (the description goes through `saveDescription`). */
export type IssueChanges = Omit<IssueUpdateBody, 'description_html' | 'description_json' | 'description_version'>;

/** The issue picker's search parameters (spec section 7). */
export interface IssueSearchQuery {
  search?: string;
  workspace_search?: boolean;
  [extra: string]: string | boolean | undefined;
}

/** The path of an issue (or of the project's issue list without an id). */
export const issuePath = (slug: string, projectId: string, issueId?: string) =>
  `${projectPath(slug, projectId)}/issues${issueId ? `/${encodeURIComponent(issueId)}` : ''}`;

function toQuery(query: IssueListQuery): Query {
  return { ...query, archived: query.archived === undefined ? undefined : String(query.archived) };
}

function page<T extends ListedIssue>(data: T[], headers: Headers): IssuePage<T> {
  const total = Number(headers.get('x-total-count'));
  return { issues: data, total: Number.isFinite(total) && headers.has('x-total-count') ? total : data.length };
}

/** A project's issues, the workspace issue tabs, bulk delete, search and descriptions. */
export function issuesApi(client: ApiClient) {
  return {
    list: async (slug: string, projectId: string, query: IssueListQuery = {}) => {
      const { data, headers } = await client.requestWithHeaders<IssueRow[]>('GET', issuePath(slug, projectId), { query: toQuery(query) });
      return page(data, headers);
    },
    /** A workspace issue tab: the caller's issues, or with `query.user` that person's (their profile). */
    workspaceTab: async (slug: string, tab: WorkspaceIssueTab, query: Omit<WorkspaceIssueQuery, 'tab'> = {}) => {
      const { data, headers } = await client.requestWithHeaders<IssueRow[]>('GET', `/workspaces/${encodeURIComponent(slug)}/issues`, {
        query: { ...toQuery(query), tab },
      });
      return page(data, headers);
    },
    get: (slug: string, projectId: string, issueId: string) => client.request<IssueDetail>('GET', issuePath(slug, projectId, issueId)),
    create: (slug: string, projectId: string, input: IssueInput) => client.request<IssueDetail>('POST', issuePath(slug, projectId), { body: input }),
    update: (slug: string, projectId: string, issueId: string, changes: IssueChanges) =>
      client.request<IssueDetail>('PATCH', issuePath(slug, projectId, issueId), { body: changes }),
    remove: (slug: string, projectId: string, issueId: string) => client.request<void>('DELETE', issuePath(slug, projectId, issueId)),
    archive: (slug: string, projectId: string, issueId: string) => client.request<IssueDetail>('POST', `${issuePath(slug, projectId, issueId)}/archive`),
    restore: (slug: string, projectId: string, issueId: string) => client.request<IssueDetail>('POST', `${issuePath(slug, projectId, issueId)}/restore`),
    /** A new issue copying this one (its fields, modules, running cycle and images of its own). */
    copy: (slug: string, projectId: string, issueId: string) => client.request<IssueDetail>('POST', `${issuePath(slug, projectId, issueId)}/copy`),
    subscribe: (slug: string, projectId: string, issueId: string) =>
      client.request<{ subscribed: boolean }>('POST', `${issuePath(slug, projectId, issueId)}/subscribe`),
    unsubscribe: (slug: string, projectId: string, issueId: string) =>
      client.request<{ subscribed: boolean }>('DELETE', `${issuePath(slug, projectId, issueId)}/subscribe`),
    /** Makes one change to several issues at once, all or none (src/api-shapes/issue-bulk.ts). */
    bulkUpdate: (slug: string, projectId: string, issueIds: string[], change: BulkIssueChange) =>
      client.request<{ updated: number }>('POST', `${projectPath(slug, projectId)}/bulk-update-issues`, { body: { issue_ids: issueIds, ...change } }),
    bulkDelete: (slug: string, projectId: string, issueIds: string[]) =>
      client.request<{ deleted: number }>('DELETE', `${projectPath(slug, projectId)}/bulk-delete-issues`, { body: { issue_ids: issueIds } }),
    /** Takes a deletion back (the toast's Undo): the deleted issues among `issueIds` are live again. */
    undoDelete: (slug: string, projectId: string, issueIds: string[]) =>
      client.request<{ restored: number }>('POST', `${projectPath(slug, projectId)}/bulk-delete-issues/undo`, { body: { issue_ids: issueIds } }),
    search: (slug: string, projectId: string, query: IssueSearchQuery, signal?: AbortSignal) =>
      client.request<ListedIssue[]>('GET', `${projectPath(slug, projectId)}/search-issues`, { query, signal }),
    description: (slug: string, projectId: string, issueId: string) =>
      client.request<Description>('GET', `${issuePath(slug, projectId, issueId)}/description`),
    /** Saves a description edited from `version`; a stale version is refused with 409 and the current text in `body.current`. */
    saveDescription: (slug: string, projectId: string, issueId: string, input: DescriptionSave) =>
      client.request<Description>('PUT', `${issuePath(slug, projectId, issueId)}/description`, { body: input }),
  };
}
