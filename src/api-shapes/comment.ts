import { Type, type Static } from 'typebox';
import { editorDocument, nullable, string, timestamp, uuid } from './fields.js';
import { displayUserShape } from './user.js';

/** A comment on an issue, with its author in the display shape (null once their account is gone). */
export const commentShape = Type.Object({
  id: uuid,
  issue_id: uuid,
  comment_html: string,
  actor: nullable(displayUserShape),
  created_at: timestamp,
  updated_at: timestamp,
});

/** A comment on an issue. */
export type Comment = Static<typeof commentShape>;

/**
 * POST …/comments and PATCH …/comments/:commentId: the comment's HTML, and the editor's JSON
 * document when the client has it (then that one is normalised and stored).
 */
export const commentBody = Type.Object({ comment_html: string, comment_json: Type.Optional(editorDocument) }, { additionalProperties: false });

/** What writing or changing a comment sends. */
export type CommentBody = Static<typeof commentBody>;
