import type { Migration } from './migration.js';

/**
 * A personal API token's access level: 'read' (only requests that change nothing) or 'write'
 * (all its owner's role allows). Every token made before could do everything, so every one is
 * 'write', and so is a row written without a level.
 */
export const apiTokenAccess: Migration = {
  id: '0034-api-token-access',
  sql: /* sql */ `
    ALTER TABLE api_tokens
      ADD COLUMN access text NOT NULL DEFAULT 'write' CONSTRAINT api_tokens_access CHECK (access IN ('read', 'write'));
  `,
};
