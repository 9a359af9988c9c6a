import type { Migration } from './migration.js';

/**
 * The durable job queues (export_jobs, import_jobs, webhook_deliveries; jobs/lease-queue.ts)
 * announce on the `rich_editor_jobs` channel, with the table's name, each committed change that
 * may let a worker claim a job sooner: a job added, a job whose status changed to queued or
 * processing (queued again for a retry, or claimed: the others then look when its lease ends), a
 * job given back an attempt, a lease ended or cut short. Every server process listens
 * (jobs/job-signals.ts), so a job queued by any process, or by hand in the database, starts at
 * once, and an idle process sends the database nothing: it looks again only when told, or when
 * the earliest retry or lease falls due. A lease renewed (made longer) and a progress or outcome
 * write announce nothing.
 */
export const jobNotifications: Migration = {
  id: '0022-job-notifications',
  sql: /* sql */ `
    CREATE FUNCTION notify_job() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      IF NEW.status IN ('queued', 'processing') AND (
        TG_OP = 'INSERT'
        OR NEW.status IS DISTINCT FROM OLD.status
        OR NEW.attempts < OLD.attempts
        OR (NEW.lease_expires_at IS DISTINCT FROM OLD.lease_expires_at
            AND coalesce(NEW.lease_expires_at, '-infinity') < coalesce(OLD.lease_expires_at, 'infinity'))
      ) THEN
        PERFORM pg_notify('rich_editor_jobs', TG_TABLE_NAME);
      END IF;
      RETURN NULL;
    END $$;

    CREATE TRIGGER export_jobs_notify AFTER INSERT OR UPDATE ON export_jobs FOR EACH ROW EXECUTE FUNCTION notify_job();
    CREATE TRIGGER import_jobs_notify AFTER INSERT OR UPDATE ON import_jobs FOR EACH ROW EXECUTE FUNCTION notify_job();
    CREATE TRIGGER webhook_deliveries_notify AFTER INSERT OR UPDATE ON webhook_deliveries FOR EACH ROW EXECUTE FUNCTION notify_job();
  `,
};
