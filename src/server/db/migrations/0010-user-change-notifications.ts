import type { Migration } from './migration.js';

/**
 * A change to a user row announced `*` (drop every kept answer), so one person saving their
 * theme emptied every process's issue lists. Now a user row announces `u:<user id>` (their own
 * sessions, which carry their row) on any change, and `*` only when it changes what other kept
 * answers show of them: the display user of issue lists (src/api-shapes/user.ts
 * `displayUserShape`: name, first name, bot flag, picture), or when it is deleted.
 * test/server/read-caches.test.ts changes each display column and fails if one is missing here.
 */
export const userChangeNotifications: Migration = {
  id: '0010-user-change-notifications',
  sql: /* sql */ `
    CREATE FUNCTION notify_users() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM notify_change('u:' || OLD.id);
      IF TG_OP = 'DELETE'
        OR (OLD.display_name, OLD.first_name, OLD.is_bot, OLD.avatar) IS DISTINCT FROM (NEW.display_name, NEW.first_name, NEW.is_bot, NEW.avatar)
      THEN
        PERFORM notify_change('*');
      END IF;
      RETURN NULL;
    END $$;

    DROP TRIGGER users_notify ON users;
    CREATE TRIGGER users_notify AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION notify_users();
  `,
};
