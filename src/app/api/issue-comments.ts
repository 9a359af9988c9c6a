import type { CommentBody } from '../../api-shapes/comment.js';
import type { ReactionKey } from '../../api-shapes/reactions.js';
import type { ApiClient } from './client.js';
import { issuePath } from './issues.js';
import type { Comment } from './types.js';

/** The body of a comment written or changed in the app (the server takes its HTML through the editor's schema). */
const commentBody = (html: CommentBody['comment_html']): CommentBody => ({ comment_html: html });

/** An issue's comments. */
export function issueCommentsApi(client: ApiClient) {
  const comments = (slug: string, projectId: string, issueId: string) => `${issuePath(slug, projectId, issueId)}/comments`;
  return {
    list: (slug: string, projectId: string, issueId: string) => client.request<Comment[]>('GET', comments(slug, projectId, issueId)),
    create: (slug: string, projectId: string, issueId: string, html: CommentBody['comment_html']) =>
      client.request<Comment>('POST', comments(slug, projectId, issueId), { body: commentBody(html) }),
    update: (slug: string, projectId: string, issueId: string, commentId: string, html: CommentBody['comment_html']) =>
      client.request<Comment>('PATCH', `${comments(slug, projectId, issueId)}/${encodeURIComponent(commentId)}`, { body: commentBody(html) }),
    remove: (slug: string, projectId: string, issueId: string, commentId: string) =>
      client.request<void>('DELETE', `${comments(slug, projectId, issueId)}/${encodeURIComponent(commentId)}`),
    /** Gives (`give`) or takes back the signed-in user's reaction; answers the comment as it is then. */
    react: (slug: string, projectId: string, issueId: string, commentId: string, reaction: ReactionKey, give: boolean) =>
      client.request<Comment>(give ? 'PUT' : 'DELETE', `${comments(slug, projectId, issueId)}/${encodeURIComponent(commentId)}/reactions/${reaction}`),
  };
}
