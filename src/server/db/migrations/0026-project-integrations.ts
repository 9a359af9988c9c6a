import type { Migration } from './migration.js';

/**
 * A project's connections to other services (routes/integrations.ts): one per service. The
 * secret the service signs its events with is derived from the server's secret and this row's
 * `secret_nonce` (renewing it draws a new nonce), so the table alone holds no secret. The bot
 * account in whose name the service's changes are recorded; the last event taken and its result.
 */
export const projectIntegrations: Migration = {
  id: '0026-project-integrations',
  sql: /* sql */ `
    CREATE TABLE project_integrations (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      project_id uuid NOT NULL REFERENCES projects (id) ON DELETE CASCADE,
      provider text NOT NULL CHECK (provider IN ('github')),
      secret_nonce text NOT NULL,
      bot_user_id uuid NOT NULL REFERENCES users (id),
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      last_delivery_at timestamptz,
      last_delivery_result text,
      UNIQUE (project_id, provider)
    );
  `,
};
