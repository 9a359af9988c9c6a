import type { Migration } from './migration.js';

/**
 * Every server process keeps a few answers in memory (sessions, the caller's roles, issue
 * lists: see src/server/cache). Triggers on the tables those answers are read from announce
 * each committed change on the `rich_editor_changes` channel (PostgreSQL's NOTIFY, delivered to
 * every listening process in commit order; identical messages of one transaction arrive once):
 *
 * - `p:<project id>`: the project's issue lists changed (issues, their assignees and labels,
 *   the project's states and labels, the project's identifier);
 * - `u:<user id>`: the user's sessions changed (signed out, renewed, expired by hand);
 * - `m`: workspaces, projects or memberships changed (who may open what, with which role);
 * - `*`: anything else that every answer may show (a user's name or picture), or a TRUNCATE.
 *
 * Creating an issue bumps its project's `issue_sequence`: that alone announces nothing, as no
 * cached answer shows it.
 */
export const changeNotifications: Migration = {
  id: '0009-change-notifications',
  sql: /* sql */ `
    CREATE FUNCTION notify_change(message text) RETURNS void LANGUAGE sql AS $$
      SELECT pg_notify('rich_editor_changes', message)
    $$;

    CREATE FUNCTION notify_project_rows() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'INSERT' THEN PERFORM notify_change('p:' || OLD.project_id); END IF;
      IF TG_OP <> 'DELETE' THEN PERFORM notify_change('p:' || NEW.project_id); END IF;
      RETURN NULL;
    END $$;

    -- Assignees and labels of an issue: the issue's project (gone already when the issue itself
    -- was deleted, which announced its project).
    CREATE FUNCTION notify_issue_rows() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF TG_OP <> 'INSERT' THEN
        PERFORM notify_change('p:' || i.project_id) FROM issues i WHERE i.id = OLD.issue_id;
      END IF;
      IF TG_OP <> 'DELETE' THEN
        PERFORM notify_change('p:' || i.project_id) FROM issues i WHERE i.id = NEW.issue_id;
      END IF;
      RETURN NULL;
    END $$;

    CREATE FUNCTION notify_projects() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM notify_change('m');
      IF TG_OP <> 'INSERT' THEN PERFORM notify_change('p:' || OLD.id); END IF;
      RETURN NULL;
    END $$;

    CREATE FUNCTION notify_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM notify_change('u:' || OLD.user_id);
      RETURN NULL;
    END $$;

    CREATE FUNCTION notify_memberships() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM notify_change('m');
      RETURN NULL;
    END $$;

    CREATE FUNCTION notify_everything() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      PERFORM notify_change('*');
      RETURN NULL;
    END $$;

    CREATE TRIGGER issues_notify AFTER INSERT OR UPDATE OR DELETE ON issues FOR EACH ROW EXECUTE FUNCTION notify_project_rows();
    CREATE TRIGGER states_notify AFTER INSERT OR UPDATE OR DELETE ON states FOR EACH ROW EXECUTE FUNCTION notify_project_rows();
    CREATE TRIGGER labels_notify AFTER INSERT OR UPDATE OR DELETE ON labels FOR EACH ROW EXECUTE FUNCTION notify_project_rows();
    CREATE TRIGGER issue_assignees_notify AFTER INSERT OR UPDATE OR DELETE ON issue_assignees FOR EACH ROW EXECUTE FUNCTION notify_issue_rows();
    CREATE TRIGGER issue_labels_notify AFTER INSERT OR UPDATE OR DELETE ON issue_labels FOR EACH ROW EXECUTE FUNCTION notify_issue_rows();
    CREATE TRIGGER projects_notify AFTER INSERT OR DELETE ON projects FOR EACH ROW EXECUTE FUNCTION notify_projects();
    CREATE TRIGGER projects_update_notify AFTER UPDATE ON projects FOR EACH ROW
      WHEN (OLD.issue_sequence = NEW.issue_sequence) EXECUTE FUNCTION notify_projects();
    CREATE TRIGGER sessions_notify AFTER UPDATE OR DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION notify_sessions();
    CREATE TRIGGER workspaces_notify AFTER INSERT OR UPDATE OR DELETE ON workspaces FOR EACH ROW EXECUTE FUNCTION notify_memberships();
    CREATE TRIGGER workspace_members_notify AFTER INSERT OR UPDATE OR DELETE ON workspace_members FOR EACH ROW EXECUTE FUNCTION notify_memberships();
    CREATE TRIGGER project_members_notify AFTER INSERT OR UPDATE OR DELETE ON project_members FOR EACH ROW EXECUTE FUNCTION notify_memberships();
    CREATE TRIGGER users_notify AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION notify_everything();

    CREATE TRIGGER issues_truncate_notify AFTER TRUNCATE ON issues FOR EACH STATEMENT EXECUTE FUNCTION notify_everything();
    CREATE TRIGGER states_truncate_notify AFTER TRUNCATE ON states FOR EACH STATEMENT EXECUTE FUNCTION notify_everything();
    CREATE TRIGGER labels_truncate_notify AFTER TRUNCATE ON labels FOR EACH STATEMENT EXECUTE FUNCTION notify_everything();
    CREATE TRIGGER issue_assignees_truncate_notify AFTER TRUNCATE ON issue_assignees FOR EACH STATEMENT EXECUTE FUNCTION notify_everything();
    CREATE TRIGGER issue_labels_truncate_notify AFTER TRUNCATE ON issue_labels FOR EACH STATEMENT EXECUTE FUNCTION notify_everything();
    CREATE TRIGGER projects_truncate_notify AFTER TRUNCATE ON projects FOR EACH STATEMENT EXECUTE FUNCTION notify_everything();
    CREATE TRIGGER sessions_truncate_notify AFTER TRUNCATE ON sessions FOR EACH STATEMENT EXECUTE FUNCTION notify_everything();
    CREATE TRIGGER workspaces_truncate_notify AFTER TRUNCATE ON workspaces FOR EACH STATEMENT EXECUTE FUNCTION notify_everything();
    CREATE TRIGGER workspace_members_truncate_notify AFTER TRUNCATE ON workspace_members FOR EACH STATEMENT EXECUTE FUNCTION notify_everything();
    CREATE TRIGGER project_members_truncate_notify AFTER TRUNCATE ON project_members FOR EACH STATEMENT EXECUTE FUNCTION notify_everything();
    CREATE TRIGGER users_truncate_notify AFTER TRUNCATE ON users FOR EACH STATEMENT EXECUTE FUNCTION notify_everything();
  `,
};
