import type { Migration } from './migration.js';

/**
 * Stored files are checked and cleaned up: each upload records the SHA-256 digest of its bytes
 * (served files are checked against it and their size), and files whose rows go away (uploads
 * past their retention, a deleted workspace's or user's uploads, export files past theirs) are
 * queued in `storage_deletions`, in the same transaction, for the storage sweep to remove.
 */
export const storageIntegrityAndSweeps: Migration = {
  id: '0007-storage-integrity-and-sweeps',
  sql: /* sql */ `
    -- Lower-case hex; null for files uploaded before digests were kept (checked by size only).
    ALTER TABLE file_assets ADD COLUMN sha256 text CHECK (sha256 ~ '^[0-9a-f]{64}$');
    CREATE INDEX file_assets_deleted_at_idx ON file_assets (deleted_at) WHERE deleted_at IS NOT NULL;
    CREATE INDEX export_jobs_file_completed_at_idx ON export_jobs (completed_at) WHERE file_key IS NOT NULL;

    -- Files to remove from storage. A sweeping process claims a row until claimed_until; one that
    -- stops before removing the file lets the claim lapse, and another process takes it over.
    CREATE TABLE storage_deletions (
      storage_key text PRIMARY KEY,
      claimed_until timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    );

    CREATE FUNCTION queue_file_asset_deletion() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO storage_deletions (storage_key) VALUES (OLD.storage_key) ON CONFLICT DO NOTHING;
      RETURN NULL;
    END
    $$;
    CREATE TRIGGER file_assets_queue_deletion AFTER DELETE ON file_assets
      FOR EACH ROW EXECUTE FUNCTION queue_file_asset_deletion();

    CREATE FUNCTION queue_export_file_deletion() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF OLD.file_key IS NOT NULL AND (TG_OP = 'DELETE' OR NEW.file_key IS DISTINCT FROM OLD.file_key) THEN
        INSERT INTO storage_deletions (storage_key) VALUES (OLD.file_key) ON CONFLICT DO NOTHING;
      END IF;
      RETURN NULL;
    END
    $$;
    CREATE TRIGGER export_jobs_queue_file_deletion AFTER DELETE OR UPDATE OF file_key ON export_jobs
      FOR EACH ROW EXECUTE FUNCTION queue_export_file_deletion();
  `,
};
