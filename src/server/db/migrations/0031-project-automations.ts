import type { Migration } from './migration.js';

/**
 * A project's automations (routes/automations.ts, planning/automations.ts): the months after which
 * issues done with are archived and idle ones closed (0: off), the state they close to, and the
 * bot account their changes are recorded under (made when one is first turned on).
 */
export const projectAutomations: Migration = {
  id: '0031-project-automations',
  sql: /* sql */ `
    CREATE TABLE project_automations (
      project_id uuid PRIMARY KEY REFERENCES projects (id) ON DELETE CASCADE,
      archive_in smallint NOT NULL DEFAULT 0 CHECK (archive_in IN (0, 1, 3, 6, 9, 12)),
      close_in smallint NOT NULL DEFAULT 0 CHECK (close_in IN (0, 1, 3, 6, 9, 12)),
      close_state_id uuid REFERENCES states (id) ON DELETE SET NULL,
      bot_user_id uuid REFERENCES users (id) ON DELETE SET NULL
    );
    CREATE INDEX project_automations_on_idx ON project_automations (project_id) WHERE archive_in > 0 OR close_in > 0;
  `,
};
