import type { Migration } from './migration.js';

/**
 * Overdue reminders (planning/overdue-reminders.ts): the target day each issue was last reminded
 * of, so its people are told once per day it misses, and the `overdue` notification kind. Issues
 * already overdue when reminders begin are taken as reminded: the first run tells of issues that
 * become overdue from then on, not of every one missed before. Written to run again unchanged
 * (the test of that first step does).
 */
export const overdueReminders: Migration = {
  id: '0032-overdue-reminders',
  sql: /* sql */ `
    CREATE TABLE IF NOT EXISTS issue_overdue_reminders (
      issue_id uuid PRIMARY KEY REFERENCES issues (id) ON DELETE CASCADE,
      target_date date NOT NULL,
      reminded_at timestamptz NOT NULL DEFAULT now()
    );
    INSERT INTO issue_overdue_reminders (issue_id, target_date)
      SELECT id, target_date FROM issues WHERE target_date IS NOT NULL AND target_date < current_date
      ON CONFLICT (issue_id) DO NOTHING;
    ALTER TABLE notifications DROP CONSTRAINT IF EXISTS notifications_kind_check;
    ALTER TABLE notifications ADD CONSTRAINT notifications_kind_check
      CHECK (kind IN ('assigned', 'mentioned', 'mentioned_in_comment', 'commented', 'state_changed', 'overdue'));
  `,
};
