import { Type, type Static } from 'typebox';
import { editorDocument, nullable, string, stringEnum, timestamp, uuid } from './fields.js';
import { REACTION_KEYS } from './reactions.js';
import { displayUserShape } from './user.js';

/** One reaction to a comment: its key (reactions.ts) and who reacted so, first first. */
export const commentReactionShape = Type.Object({ reaction: stringEnum(REACTION_KEYS), user_ids: Type.Array(uuid) });

/**
 * A comment on an issue, with its author in the display shape (null once their account is gone)
 * and its reactions, in the order each was first given.
 */
export const commentShape = Type.Object({
  id: uuid,
  issue_id: uuid,
  comment_html: string,
  actor: nullable(displayUserShape),
  reactions: Type.Array(commentReactionShape),
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
