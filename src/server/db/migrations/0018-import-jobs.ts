import type { Migration } from './migration.js';

/**
 * Imports of issues into a project from another tracker's export file (GitHub issues as JSON,
 * Jira as CSV). A job is a durable lease queue row like an export job (jobs/lease-queue.ts): the
 * file's text waits in `content` until a worker has read it (then it is cleared), progress counts
 * the file's issues (`progress_done` of `progress_total`), and `report` holds what was imported
 * and, for a refused file, every problem found (row and reason). The job goes with its project.
 */
export const importJobs: Migration = {
  id: '0018-import-jobs',
  sql: /* sql */ `
    CREATE TABLE import_jobs (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
      project_id uuid NOT NULL,
      source text NOT NULL CHECK (source IN ('github', 'jira')),
      filename text NOT NULL DEFAULT '' CHECK (length(filename) <= 255),
      content text,
      status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'processing', 'completed', 'failed')),
      progress_done integer NOT NULL DEFAULT 0 CHECK (progress_done >= 0),
      progress_total integer NOT NULL DEFAULT 0 CHECK (progress_total >= 0),
      report jsonb,
      error text,
      requested_by uuid REFERENCES users (id) ON DELETE SET NULL,
      attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
      lease_owner text,
      lease_expires_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      completed_at timestamptz,
      FOREIGN KEY (project_id, workspace_id) REFERENCES projects (id, workspace_id) ON DELETE CASCADE
    );
    CREATE INDEX import_jobs_project_idx ON import_jobs (project_id, created_at);
    CREATE INDEX import_jobs_workspace_idx ON import_jobs (workspace_id);
    CREATE INDEX import_jobs_pending_idx ON import_jobs (created_at, id) WHERE status IN ('queued', 'processing');
    CREATE TRIGGER import_jobs_updated_at BEFORE UPDATE ON import_jobs FOR EACH ROW EXECUTE FUNCTION set_updated_at();
  `,
};
