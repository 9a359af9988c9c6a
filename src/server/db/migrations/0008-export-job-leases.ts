import type { Migration } from './migration.js';

/**
 * Export jobs become a durable queue shared by every server process on one database: a worker
 * claims a job (`FOR UPDATE SKIP LOCKED`) and holds a lease on it (`lease_owner` until
 * `lease_expires_at`) that it renews while working. A job whose lease expired (its process died)
 * is claimed again by another worker; `attempts` counts the claims.
 */
export const exportJobLeases: Migration = {
  id: '0008-export-job-leases',
  sql: /* sql */ `
    ALTER TABLE export_jobs
      ADD COLUMN attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
      ADD COLUMN lease_owner text,
      ADD COLUMN lease_expires_at timestamptz;
    CREATE INDEX export_jobs_pending_idx ON export_jobs (created_at, id) WHERE status IN ('queued', 'processing');
  `,
};
