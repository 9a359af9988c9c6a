import type { Migration } from './migration.js';

/**
 * Several server processes on one PostgreSQL apply each other's changes to the shared documents
 * they hold (src/server/collab/log-relay.ts): each row appended to `collab_updates` announces
 * itself on the `rich_editor_collab` channel as `u <seq> <document>`, delivered on commit to every
 * listening process, which reads the rows it has not applied yet. A compaction's row is a new row
 * like any other (its `seq` a new number, no longer the last one it replaces), so a process that
 * missed a row the compaction folded in still learns of it.
 */
export const collabUpdateNotifications: Migration = {
  id: '0012-collab-update-notifications',
  sql: /* sql */ `
    CREATE FUNCTION notify_collab_update() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM pg_notify('rich_editor_collab', 'u ' || NEW.seq || ' ' || NEW.document);
      RETURN NULL;
    END $$;

    CREATE TRIGGER collab_updates_notify AFTER INSERT ON collab_updates FOR EACH ROW EXECUTE FUNCTION notify_collab_update();
  `,
};
