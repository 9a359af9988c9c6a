import type { RelationCreateBody, RelationType } from '../../api-shapes/issue-relation.js';
import type { SubIssuesAddBody } from '../../api-shapes/sub-issues.js';
import type { ApiClient } from './client.js';
import { issuePath } from './issues.js';
import type { IssueRelation, IssueSummary } from './types.js';

/** An issue's ties to other issues: its relations and its sub-issues (src/server/README.md, "Sub-issues and relations"). */
export function issueRelationsApi(client: ApiClient) {
  const relations = (slug: string, projectId: string, issueId: string) => `${issuePath(slug, projectId, issueId)}/relations`;
  const subIssues = (slug: string, projectId: string, issueId: string) => `${issuePath(slug, projectId, issueId)}/sub-issues`;
  return {
    list: (slug: string, projectId: string, issueId: string) => client.request<IssueRelation[]>('GET', relations(slug, projectId, issueId)),
    /** Relates the issues to this one with `type` (as seen from this one); answers the new relations. */
    add: (slug: string, projectId: string, issueId: string, type: RelationType, issueIds: string[]) =>
      client.request<IssueRelation[]>('POST', relations(slug, projectId, issueId), {
        body: { relation_type: type, issue_ids: issueIds } satisfies RelationCreateBody,
      }),
    remove: (slug: string, projectId: string, issueId: string, relationId: string) =>
      client.request<void>('DELETE', `${relations(slug, projectId, issueId)}/${encodeURIComponent(relationId)}`),
    subIssues: (slug: string, projectId: string, issueId: string) => client.request<IssueSummary[]>('GET', subIssues(slug, projectId, issueId)),
    /** Makes existing issues of the project sub-issues of this one, all or none; answers the sub-issues. */
    addSubIssues: (slug: string, projectId: string, issueId: string, issueIds: string[]) =>
      client.request<IssueSummary[]>('POST', subIssues(slug, projectId, issueId), { body: { issue_ids: issueIds } satisfies SubIssuesAddBody }),
  };
}
