import type { Migration } from './migration.js';

/**
 * Reactions to comments (routes/comment-reactions.ts): one row per person, comment and reaction
 * (its key, api-shapes/reactions.ts), gone with the comment or the person.
 */
export const commentReactions: Migration = {
  id: '0030-comment-reactions',
  sql: /* sql */ `
    CREATE TABLE comment_reactions (
      comment_id uuid NOT NULL REFERENCES issue_comments (id) ON DELETE CASCADE,
      reaction text NOT NULL,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (comment_id, reaction, user_id)
    );
    CREATE INDEX comment_reactions_user_id_idx ON comment_reactions (user_id);
  `,
};
