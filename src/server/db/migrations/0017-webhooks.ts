import type { Migration } from './migration.js';

/**
 * Webhooks: addresses a workspace admin registers to be told of changes (issues, comments,
 * cycles, modules, pages), each with the secret its deliveries are signed with (the webhooks
 * table of 0004, made ready for use).
 *
 * webhook_deliveries is a durable queue (jobs/lease-queue.ts) of one event for one webhook: a
 * row is written in the transaction of the change, with the event's data; a worker claims it,
 * POSTs it and records the outcome. A failed try puts it back as queued with `next_attempt_at`
 * later (exponential backoff) until its attempts run out. A delivery goes with its webhook.
 */
export const webhooks: Migration = {
  id: '0017-webhooks',
  sql: /* sql */ `
    -- The table 0004 set aside: its secret is kept (deliveries are signed with it), events are a
    -- JSON list of kinds. Nothing wrote to it before; a row that is there gets an unknown secret,
    -- to be replaced by an admin.
    ALTER TABLE webhooks RENAME COLUMN secret_hash TO secret;
    UPDATE webhooks SET secret = md5(random()::text || id::text) WHERE secret IS NULL;
    ALTER TABLE webhooks
      ALTER COLUMN secret SET NOT NULL,
      ALTER COLUMN events DROP DEFAULT,
      ADD CONSTRAINT webhooks_url_length CHECK (length(url) BETWEEN 1 AND 2048),
      ADD CONSTRAINT webhooks_events_list CHECK (jsonb_typeof(events) = 'array');

    CREATE TABLE webhook_deliveries (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      webhook_id uuid NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
      event text NOT NULL,
      action text NOT NULL,
      data jsonb NOT NULL,
      status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'processing', 'delivered', 'failed')),
      attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
      lease_owner text,
      lease_expires_at timestamptz,
      next_attempt_at timestamptz NOT NULL DEFAULT now(),
      last_attempt_at timestamptz,
      response_status integer,
      last_error text,
      created_at timestamptz NOT NULL DEFAULT now()
    );
    CREATE INDEX webhook_deliveries_log_idx ON webhook_deliveries (webhook_id, created_at DESC);
    CREATE INDEX webhook_deliveries_pending_idx ON webhook_deliveries (created_at, id) WHERE status IN ('queued', 'processing');
  `,
};
