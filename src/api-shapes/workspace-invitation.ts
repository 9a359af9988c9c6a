import { Type, type Static } from 'typebox';
import { nullable, role, string, text, timestamp, uuid } from './fields.js';

/** An invitation to a workspace not yet accepted, as its admins see it. */
export const invitationShape = Type.Object({
  id: uuid,
  email: string,
  role,
  /** Who sent it (null when their account is gone). */
  invited_by: nullable(string),
  created_at: timestamp,
  expires_at: timestamp,
});

/** An invitation to a workspace not yet accepted. */
export type Invitation = Static<typeof invitationShape>;

/** POST /workspaces/:slug/invitations: the email to invite and the role it gets. */
export const invitationCreateBody = Type.Object({ email: text(254, 1), role }, { additionalProperties: false });

/** What inviting someone sends. */
export type InvitationCreateBody = Static<typeof invitationCreateBody>;

/** What a mailed link's token opens (POST /workspace-invitations/read): whom it invites where. */
export const invitationPreviewShape = Type.Object({
  workspace_name: string,
  workspace_slug: string,
  email: string,
  role,
  invited_by: nullable(string),
  expires_at: timestamp,
  /** Whether the invited email has an account (then its owner signs in to accept). */
  has_account: Type.Boolean(),
  /** The email of the account the reader is signed in to (null when signed out): they may join with it. */
  signed_in_as: nullable(string),
});

/** What a mailed link's token opens. */
export type InvitationPreview = Static<typeof invitationPreviewShape>;

/** POST /workspace-invitations/sign-up: an account for the invited email, made with the link's token. */
export interface InvitationSignUpBody {
  token: string;
  password: string;
  display_name?: string;
}
