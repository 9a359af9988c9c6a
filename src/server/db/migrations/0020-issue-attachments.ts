import type { Migration } from './migration.js';

/**
 * Attachments: files of any type uploaded onto an issue. They are workspace uploads (stored,
 * digested, deleted and swept like every other) that name their issue; an issue deleted for good
 * takes its attachments with it (the deletion trigger queues their files for the sweep).
 */
export const issueAttachments: Migration = {
  id: '0020-issue-attachments',
  sql: /* sql */ `
    ALTER TABLE file_assets ADD COLUMN issue_id uuid REFERENCES issues (id) ON DELETE CASCADE;
    ALTER TABLE file_assets ADD CONSTRAINT file_assets_attachment_in_workspace CHECK (issue_id IS NULL OR workspace_id IS NOT NULL);
    CREATE INDEX file_assets_issue_id_idx ON file_assets (issue_id, created_at) WHERE issue_id IS NOT NULL;
  `,
};
