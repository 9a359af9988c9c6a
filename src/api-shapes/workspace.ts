import { Type, type Static } from 'typebox';
import { imageUrl, nullable, optionalFields, role, string, text, timestamp, uuid } from './fields.js';

/** A workspace's own columns, as the API returns them. */
export const workspaceRowShape = Type.Object({
  id: uuid,
  slug: string,
  name: string,
  logo: nullable(imageUrl),
  created_at: timestamp,
  updated_at: timestamp,
});

/** A workspace, with the caller's role in it. */
export const workspaceShape = Type.Object({ ...workspaceRowShape.properties, role });

/** A workspace, with the caller's role in it. */
export type Workspace = Static<typeof workspaceShape>;

const workspaceFields = {
  name: text(80, 1),
  // Checked further (trimmed, lower-cased, reserved words) by the rules of workspace-slug.ts.
  slug: text(100, 1),
  logo: nullable(imageUrl),
};

/** POST /workspaces: a new workspace; name and slug are required. */
export const workspaceCreateBody = Type.Object(
  { name: workspaceFields.name, slug: workspaceFields.slug, logo: Type.Optional(workspaceFields.logo) },
  { additionalProperties: false },
);

/** What creating a workspace sends. */
export type WorkspaceCreateBody = Static<typeof workspaceCreateBody>;

/** PATCH /workspaces/:slug: a new name or logo (the slug never changes). */
export const workspaceUpdateBody = Type.Object(optionalFields({ name: workspaceFields.name, logo: workspaceFields.logo }), {
  additionalProperties: false,
  minProperties: 1,
});

/** What changing a workspace sends. */
export type WorkspaceUpdateBody = Static<typeof workspaceUpdateBody>;

/** POST /workspaces/:slug/members: the account's e-mail address and the role it gets. */
export const workspaceMemberCreateBody = Type.Object({ email: text(254, 1), role }, { additionalProperties: false });

/** What adding a workspace member sends. */
export type WorkspaceMemberCreateBody = Static<typeof workspaceMemberCreateBody>;

/** PATCH /workspaces/:slug/members/:userId: the member's new role. */
export const workspaceMemberUpdateBody = Type.Object({ role }, { additionalProperties: false });

/** What changing a workspace member's role sends. */
export type WorkspaceMemberUpdateBody = Static<typeof workspaceMemberUpdateBody>;
