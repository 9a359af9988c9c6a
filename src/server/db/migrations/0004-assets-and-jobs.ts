import type { Migration } from './migration.js';

/** Uploaded files, AI usage, export jobs, API tokens and webhooks. */
export const assetsAndJobs: Migration = {
  id: '0004-assets-and-jobs',
  sql: /* sql */ `
    -- A file belongs either to a workspace (editor images, covers, logos) or to a user (avatars).
    CREATE TABLE file_assets (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      workspace_id uuid REFERENCES workspaces (id) ON DELETE CASCADE,
      user_id uuid REFERENCES users (id) ON DELETE CASCADE,
      storage_key text NOT NULL UNIQUE,
      name text NOT NULL DEFAULT '',
      content_type text NOT NULL,
      size bigint NOT NULL CHECK (size >= 0),
      attributes jsonb NOT NULL DEFAULT '{}',
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      deleted_at timestamptz,
      CONSTRAINT file_assets_one_scope CHECK ((workspace_id IS NULL) <> (user_id IS NULL))
    );
    CREATE INDEX file_assets_workspace_id_idx ON file_assets (workspace_id);
    CREATE INDEX file_assets_user_id_idx ON file_assets (user_id);

    -- One row per AI assistant call; the monthly allowance counts them per calendar month.
    CREATE TABLE ai_requests (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      workspace_id uuid REFERENCES workspaces (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX ai_requests_user_id_idx ON ai_requests (user_id, created_at);

    CREATE TABLE export_jobs (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
      provider text NOT NULL CHECK (provider IN ('csv', 'xlsx', 'json')),
      status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'processing', 'completed', 'failed')),
      progress smallint NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
      project_ids uuid[] NOT NULL DEFAULT '{}',
      file_key text,
      error text,
      requested_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      completed_at timestamptz
    );
    CREATE INDEX export_jobs_workspace_id_idx ON export_jobs (workspace_id, created_at);
    CREATE TRIGGER export_jobs_updated_at BEFORE UPDATE ON export_jobs FOR EACH ROW EXECUTE FUNCTION set_updated_at();

    CREATE TABLE api_tokens (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      label text NOT NULL,
      description text NOT NULL DEFAULT '',
      token_hash text NOT NULL UNIQUE,
      last_used_at timestamptz,
      expires_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX api_tokens_workspace_id_idx ON api_tokens (workspace_id);

    CREATE TABLE webhooks (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
      url text NOT NULL,
      is_active boolean NOT NULL DEFAULT true,
      secret_hash text,
      events jsonb NOT NULL DEFAULT '[]',
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX webhooks_workspace_id_idx ON webhooks (workspace_id);
    CREATE TRIGGER webhooks_updated_at BEFORE UPDATE ON webhooks FOR EACH ROW EXECUTE FUNCTION set_updated_at();
  `,
};
