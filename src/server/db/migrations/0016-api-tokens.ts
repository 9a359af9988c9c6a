import type { Migration } from './migration.js';

/**
 * Personal API tokens (the table came with 0004, unused until now): the first characters of the
 * secret (`token_prefix`) so people can tell their tokens apart, a bounded label, and the owner's
 * workspace membership as a foreign key, so a token goes when its owner leaves the workspace
 * (and does not come back if they are added again). No token could be made before this
 * migration; rows without a membership could never be used and are removed first.
 */
export const apiTokens: Migration = {
  id: '0016-api-tokens',
  sql: /* sql */ `
    DELETE FROM api_tokens t
     WHERE NOT EXISTS (SELECT 1 FROM workspace_members m WHERE m.workspace_id = t.workspace_id AND m.user_id = t.user_id);
    ALTER TABLE api_tokens
      ADD COLUMN token_prefix text NOT NULL DEFAULT '',
      ADD CONSTRAINT api_tokens_label_length CHECK (length(label) BETWEEN 1 AND 255) NOT VALID,
      ADD CONSTRAINT api_tokens_owner_membership FOREIGN KEY (workspace_id, user_id)
        REFERENCES workspace_members (workspace_id, user_id) ON DELETE CASCADE;
    DROP INDEX api_tokens_workspace_id_idx;
    CREATE INDEX api_tokens_owner_idx ON api_tokens (workspace_id, user_id, created_at);
  `,
};
