import type { Migration } from './migration.js';

/**
 * A person's notifications: one row per receiver and event (assigned, mentioned, a comment or a
 * new state on an issue they created or follow), written by the change that caused it in the
 * same transaction. Read, snoozed and archived are the receiver's own marks on it; `updated_at`
 * moves with each, so the unread count's ETag changes with any of them.
 */
export const notifications: Migration = {
  id: '0013-notifications',
  sql: /* sql */ `
    CREATE TABLE notifications (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
      receiver_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      issue_id uuid NOT NULL REFERENCES issues (id) ON DELETE CASCADE,
      actor_id uuid REFERENCES users (id) ON DELETE SET NULL,
      kind text NOT NULL CHECK (kind IN ('assigned', 'mentioned', 'mentioned_in_comment', 'commented', 'state_changed')),
      detail text,
      read_at timestamptz,
      snoozed_till timestamptz,
      archived_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX notifications_receiver_idx ON notifications (receiver_id, workspace_id, created_at DESC);
    CREATE INDEX notifications_unread_idx ON notifications (receiver_id, workspace_id) WHERE read_at IS NULL AND archived_at IS NULL;
    CREATE INDEX notifications_issue_idx ON notifications (issue_id);
    CREATE TRIGGER notifications_updated_at BEFORE UPDATE ON notifications FOR EACH ROW EXECUTE FUNCTION set_updated_at();
  `,
};
