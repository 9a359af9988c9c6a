import type { ApiClient } from './client.js';
import { issuePath } from './issues.js';
import type { Comment } from './types.js';

/** An issue's comments. */
export function issueCommentsApi(client: ApiClient) {
  const comments = (slug: string, projectId: string, issueId: string) => `${issuePath(slug, projectId, issueId)}/comments`;
  return {
    list: (slug: string, projectId: string, issueId: string) => client.request<Comment[]>('GET', comments(slug, projectId, issueId)),
    create: (slug: string, projectId: string, issueId: string, html: string) =>
      client.request<Comment>('POST', comments(slug, projectId, issueId), { body: { comment_html: html } }),
    update: (slug: string, projectId: string, issueId: string, commentId: string, html: string) =>
      client.request<Comment>('PATCH', `${comments(slug, projectId, issueId)}/${encodeURIComponent(commentId)}`, { body: { comment_html: html } }),
    remove: (slug: string, projectId: string, issueId: string, commentId: string) =>
      client.request<void>('DELETE', `${comments(slug, projectId, issueId)}/${encodeURIComponent(commentId)}`),
  };
}
