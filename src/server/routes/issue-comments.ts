import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type StaticDecode } from 'typebox';
import { commentBody, commentShape, type CommentBody } from '../../api-shapes/comment.js';
import { COMMENT_EMPTY } from '../../api-shapes/comment-empty.js';
import { REACTION_KEYS, type ReactionKey } from '../../api-shapes/reactions.js';
import { announceLive } from '../live/live-events.js';
import type { Db } from '../db/index.js';
import { selectList } from '../db/select-list.js';
import { currentProject, currentUser } from '../http/context.js';
import { badRequest, forbidden, notFound } from '../http/errors.js';
import { requireProjectRole } from '../http/permissions.js';
import { projectParams, withIds } from '../http/schemas.js';
import { typedRoutes } from '../http/type-provider.js';
import { recordIssueActivity } from '../issues/activity.js';
import { findIssue, findIssueToChange } from '../issues/issue-lookup.js';
import { DISPLAY_USER_JSON, issueParams } from '../issues/issue-shape.js';
import { normalisedRichText } from '../issues/rich-text-input.js';
import { notify, notifyMentions } from '../notifications/notify.js';
import { Role } from '../roles.js';

// The comment shape is defined once in src/api-shapes/comment.ts (shared with the app).

/** A comment as the server reads it (timestamps as Dates). */
type CommentJson = StaticDecode<typeof commentShape>;

const commentParams = withIds(projectParams, 'issueId', 'commentId');

const reactionParams = {
  type: 'object',
  required: [...commentParams.required, 'reaction'],
  properties: { ...commentParams.properties, reaction: { type: 'string', title: 'reaction', enum: REACTION_KEYS } },
} as const;

/** SELECT list of a comment from `issue_comments c` and its author `users u` (gone: a null actor). */
const COMMENT_COLUMNS = selectList(commentShape, 'c', {
  actor: `CASE WHEN u.id IS NULL THEN NULL ELSE ${DISPLAY_USER_JSON} END`,
  // Each reaction with who gave it, in the order reactions were first given.
  reactions: `COALESCE((SELECT json_agg(json_build_object('reaction', r.reaction, 'user_ids', r.user_ids) ORDER BY r.first, r.reaction)
      FROM (SELECT reaction, array_agg(user_id ORDER BY created_at, user_id) AS user_ids, min(created_at) AS first
              FROM comment_reactions WHERE comment_id = c.id GROUP BY reaction) r), '[]'::json)`,
});

const COMMENT_SELECT = `SELECT ${COMMENT_COLUMNS} FROM issue_comments c LEFT JOIN users u ON u.id = c.actor_id`;

/** The comment normalised through the editor's schema; 400 when it shows nothing. */
async function checkedComment(request: FastifyRequest, body: CommentBody) {
  const richText = await normalisedRichText(request, { html: body.comment_html, json: body.comment_json }, 'comment');
  if (richText.blank) throw badRequest(COMMENT_EMPTY);
  return richText;
}

function readComment(db: Db, commentId: string): Promise<CommentJson> {
  return db.one<CommentJson>(`${COMMENT_SELECT} WHERE c.id = $1`, [commentId]);
}

/** The comment of the issue, locked, or 404; 403 unless the caller wrote it or is a project admin. */
async function ownComment(db: Db, issueId: string, commentId: string, userId: string, role: number): Promise<{ id: string; comment_html: string; comment_json: unknown }> {
  const comment = await db.maybeOne<{ id: string; comment_html: string; comment_json: unknown; actor_id: string | null }>(
    'SELECT id, comment_html, comment_json, actor_id FROM issue_comments WHERE id = $1 AND issue_id = $2 FOR UPDATE',
    [commentId, issueId],
  );
  if (!comment) throw notFound('Comment not found.');
  if (comment.actor_id !== userId && role < Role.Admin) throw forbidden('Only the author of a comment or an admin can change or delete it.');
  return comment;
}

/** The comment of the issue, or 404. */
async function commentOf(db: Db, issueId: string, commentId: string): Promise<{ id: string }> {
  const comment = await db.maybeOne<{ id: string }>('SELECT id FROM issue_comments WHERE id = $1 AND issue_id = $2', [commentId, issueId]);
  if (!comment) throw notFound('Comment not found.');
  return comment;
}

/**
 * An issue's comments: everyone in the project reads them, members and admins write them and
 * react to them, their author or a project admin edits and deletes them. The HTML goes through
 * the editor's schema, and the feed records each under comment (reactions are not recorded).
 */
export async function issueCommentRoutes(fastify: FastifyInstance): Promise<void> {
  const app = typedRoutes(fastify);
  const { db } = app;

  app.get(
    '/workspaces/:slug/projects/:projectId/issues/:issueId/comments',
    { preHandler: requireProjectRole(Role.Guest), schema: { params: issueParams, response: { 200: Type.Array(commentShape) } } },
    async (request) => {
      const issue = await findIssue(db, currentProject(request).id, request.params.issueId);
      return db.query<CommentJson>(`${COMMENT_SELECT} WHERE c.issue_id = $1 ORDER BY c.created_at, c.id`, [issue.id]);
    },
  );

  app.post(
    '/workspaces/:slug/projects/:projectId/issues/:issueId/comments',
    { preHandler: requireProjectRole(Role.Member), schema: { params: issueParams, body: commentBody, response: { 201: commentShape } } },
    async (request, reply) => {
      const user = currentUser(request);
      const richText = await checkedComment(request, request.body);
      const comment = await db.transaction(async (tx) => {
        const issue = await findIssueToChange(tx, currentProject(request).id, request.params.issueId);
        const created = await tx.one<{ id: string }>(
          'INSERT INTO issue_comments (issue_id, comment_html, comment_json, actor_id) VALUES ($1, $2, $3::jsonb, $4) RETURNING id',
          [issue.id, richText.html, JSON.stringify(richText.json), user.id],
        );
        await recordIssueActivity(tx, { issue, actorId: user.id, field: 'comment', verb: 'created', newValue: richText.html, newIdentifier: created.id });
        // Those the comment mentions hear of it once, as a mention.
        const mentioned = await notifyMentions(tx, { issue, actorId: user.id, kind: 'mentioned_in_comment', document: richText.json });
        await notify(tx, { issue, actorId: user.id, kind: 'commented', to: 'followers', except: mentioned });
        return readComment(tx, created.id);
      });
      return reply.code(201).send(comment);
    },
  );

  app.patch(
    '/workspaces/:slug/projects/:projectId/issues/:issueId/comments/:commentId',
    { preHandler: requireProjectRole(Role.Guest), schema: { params: commentParams, body: commentBody, response: { 200: commentShape } } },
    async (request) => {
      const project = currentProject(request);
      const user = currentUser(request);
      const richText = await checkedComment(request, request.body);
      return db.transaction(async (tx) => {
        const issue = await findIssueToChange(tx, project.id, request.params.issueId);
        const comment = await ownComment(tx, issue.id, request.params.commentId, user.id, project.role);
        if (comment.comment_html !== richText.html) {
          await tx.query('UPDATE issue_comments SET comment_html = $2, comment_json = $3::jsonb WHERE id = $1', [
            comment.id,
            richText.html,
            JSON.stringify(richText.json),
          ]);
          await recordIssueActivity(tx, {
            issue,
            actorId: user.id,
            field: 'comment',
            verb: 'updated',
            oldValue: comment.comment_html,
            newValue: richText.html,
            oldIdentifier: comment.id,
            newIdentifier: comment.id,
          });
          await notifyMentions(tx, { issue, actorId: user.id, kind: 'mentioned_in_comment', document: richText.json, before: comment.comment_json });
        }
        return readComment(tx, comment.id);
      });
    },
  );

  app.delete(
    '/workspaces/:slug/projects/:projectId/issues/:issueId/comments/:commentId',
    { preHandler: requireProjectRole(Role.Guest), schema: { params: commentParams } },
    async (request, reply) => {
      const project = currentProject(request);
      const user = currentUser(request);
      await db.transaction(async (tx) => {
        const issue = await findIssueToChange(tx, project.id, request.params.issueId);
        const comment = await ownComment(tx, issue.id, request.params.commentId, user.id, project.role);
        await tx.query('DELETE FROM issue_comments WHERE id = $1', [comment.id]);
        await recordIssueActivity(tx, { issue, actorId: user.id, field: 'comment', verb: 'deleted', oldValue: comment.comment_html, oldIdentifier: comment.id });
      });
      return reply.code(204).send();
    },
  );

  // Reacting (members and admins): PUT gives the caller's reaction, DELETE takes it back; each
  // answers the comment as it is then, and doing it twice changes nothing. The open screens are
  // told (ids only); the feed and notifications are not, as a reaction is not news.
  for (const [method, change] of [
    ['PUT', 'INSERT INTO comment_reactions (comment_id, reaction, user_id) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING'],
    ['DELETE', 'DELETE FROM comment_reactions WHERE comment_id = $1 AND reaction = $2 AND user_id = $3'],
  ] as const) {
    app.route({
      method,
      url: '/workspaces/:slug/projects/:projectId/issues/:issueId/comments/:commentId/reactions/:reaction',
      preHandler: requireProjectRole(Role.Member),
      schema: { params: reactionParams, response: { 200: commentShape } },
      handler: async (request) => {
        const user = currentUser(request);
        const { issueId, commentId, reaction } = request.params as { issueId: string; commentId: string; reaction: ReactionKey };
        return db.transaction(async (tx) => {
          const issue = await findIssueToChange(tx, currentProject(request).id, issueId);
          const comment = await commentOf(tx, issue.id, commentId);
          const changed = await tx.query(`${change} RETURNING comment_id`, [comment.id, reaction, user.id]);
          if (changed.length) {
            await announceLive(tx, { workspaceId: issue.workspace_id, event: 'comment', action: 'updated', data: { project_id: issue.project_id, id: comment.id, issue_id: issue.id, actor_id: user.id } });
          }
          return readComment(tx, comment.id);
        });
      },
    });
  }
}
