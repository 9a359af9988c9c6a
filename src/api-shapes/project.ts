import { Type, type Static } from 'typebox';
import { boolean, imageUrl, nullable, optionalFields, role, string, text, timestamp, uuid } from './fields.js';

/** The feature toggles of a project (spec: cycles, modules, pages, views, inbox). */
export const FEATURE_TOGGLES = ['cycle_view', 'module_view', 'page_view', 'issue_views_view', 'inbox_view'] as const;

/** One of the project feature toggles. */
export type ProjectFeature = (typeof FEATURE_TOGGLES)[number];

const toggles = {
  cycle_view: boolean,
  module_view: boolean,
  page_view: boolean,
  issue_views_view: boolean,
  inbox_view: boolean,
} satisfies Record<ProjectFeature, typeof boolean>;

/** A project's own columns, as the API returns them. */
export const projectRowShape = Type.Object({
  id: uuid,
  workspace_id: uuid,
  identifier: string,
  name: string,
  description: string,
  cover_image: nullable(imageUrl),
  ...toggles,
  created_by: nullable(uuid),
  created_at: timestamp,
  updated_at: timestamp,
});

/** A project, with the caller's effective role in it and whether they are a member. */
export const projectShape = Type.Object({ ...projectRowShape.properties, role, is_member: boolean });

/** A project, with the caller's effective role and its feature toggles. */
export type Project = Static<typeof projectShape>;

const projectFields = {
  name: text(255, 1),
  identifier: text(12, 1),
  description: text(10_000),
  cover_image: nullable(imageUrl),
  ...toggles,
};

/** POST …/projects: a new project; name and identifier are required. */
export const projectCreateBody = Type.Object(
  { ...optionalFields(projectFields), name: projectFields.name, identifier: projectFields.identifier },
  { additionalProperties: false },
);

/** What creating a project sends. */
export type ProjectCreateBody = Static<typeof projectCreateBody>;

/** PATCH …/projects/:projectId: at least one field. */
export const projectUpdateBody = Type.Object(optionalFields(projectFields), { additionalProperties: false, minProperties: 1 });

/** What changing a project sends. */
export type ProjectUpdateBody = Static<typeof projectUpdateBody>;

/** POST …/projects/:projectId/members: a workspace member and the project role they get. */
export const projectMemberCreateBody = Type.Object({ user_id: uuid, role }, { additionalProperties: false });

/** What adding a project member sends. */
export type ProjectMemberCreateBody = Static<typeof projectMemberCreateBody>;

/** PATCH …/projects/:projectId/members/:userId: the member's new project role. */
export const projectMemberUpdateBody = Type.Object({ role }, { additionalProperties: false });

/** What changing a project member's role sends. */
export type ProjectMemberUpdateBody = Static<typeof projectMemberUpdateBody>;
