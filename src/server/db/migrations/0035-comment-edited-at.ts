import type { Migration } from './migration.js';

/**
 * A comment's `updated_at` says when its words last changed: the app marks a comment whose
 * `updated_at` differs from its `created_at` as edited. The shared trigger moved it on any update
 * of the row, so a comment whose author's account was deleted (its `actor_id` set to null) read as
 * edited; only a change of `comment_html` moves it now.
 */
export const commentEditedAt: Migration = {
  id: '0035-comment-edited-at',
  sql: /* sql */ `
    CREATE FUNCTION issue_comment_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.comment_html IS DISTINCT FROM OLD.comment_html THEN
        NEW.updated_at = now();
      ELSE
        NEW.updated_at = OLD.updated_at;
      END IF;
      RETURN NEW;
    END
    $$;
    DROP TRIGGER issue_comments_updated_at ON issue_comments;
    CREATE TRIGGER issue_comments_updated_at BEFORE UPDATE ON issue_comments FOR EACH ROW EXECUTE FUNCTION issue_comment_updated_at();
  `,
};
