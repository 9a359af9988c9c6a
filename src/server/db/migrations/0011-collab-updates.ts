import type { Migration } from './migration.js';

/**
 * The shared documents of editing together (src/server/collab): each document is an append-only
 * log of Yjs updates, one row per stored change, named by what it is (`issue-description:<id>`,
 * `page:<id>`). A change is acknowledged to its editor only once its row is committed. Compaction
 * replaces a document's rows up to a sequence number with one row holding them all (keeping that
 * number), under an advisory lock on the document's name, so two processes never compact one
 * document at once. `seq` orders the rows of a document; numbers are shared by all documents.
 *
 * A document goes with what it belongs to: deleting an issue or a page row deletes its log
 * (issues are normally deleted softly, and keep theirs until the row itself goes).
 */
export const collabUpdates: Migration = {
  id: '0011-collab-updates',
  sql: /* sql */ `
    CREATE TABLE collab_updates (
      document text NOT NULL CHECK (length(document) BETWEEN 1 AND 200),
      seq bigserial NOT NULL,
      update bytea NOT NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (document, seq)
    );

    CREATE FUNCTION delete_issue_collab_document() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM collab_updates WHERE document = 'issue-description:' || OLD.id;
      RETURN NULL;
    END $$;

    CREATE FUNCTION delete_page_collab_document() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      DELETE FROM collab_updates WHERE document = 'page:' || OLD.id;
      RETURN NULL;
    END $$;

    CREATE TRIGGER issues_collab_document AFTER DELETE ON issues FOR EACH ROW EXECUTE FUNCTION delete_issue_collab_document();
    CREATE TRIGGER pages_collab_document AFTER DELETE ON pages FOR EACH ROW EXECUTE FUNCTION delete_page_collab_document();
  `,
};
