import type { Migration } from './migration.js';

/**
 * Invitations to a workspace for emails without an account (routes/workspace-invitations.ts):
 * one per email and workspace (inviting again renews it with a new link), the HMAC of its
 * link's token (as sessions keep theirs), the role it gives, who sent it, and until when it works.
 */
export const workspaceInvitations: Migration = {
  id: '0025-workspace-invitations',
  sql: /* sql */ `
    CREATE TABLE workspace_invitations (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      workspace_id uuid NOT NULL REFERENCES workspaces (id) ON DELETE CASCADE,
      email text NOT NULL CHECK (length(email) <= 254),
      role smallint NOT NULL CHECK (role IN (5, 10, 15, 20)),
      token_hash text NOT NULL UNIQUE,
      invited_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      expires_at timestamptz NOT NULL,
      UNIQUE (workspace_id, email)
    );
  `,
};
