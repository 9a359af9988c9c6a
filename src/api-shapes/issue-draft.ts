import { Type, type Static } from 'typebox';
import { nullable, optionalFields, string, text, timestamp, uuid } from './fields.js';
import { issueFields, plainIssueFields } from './issue.js';

// A draft is what the create-issue dialog held when it was closed without creating: the same
// fields as an issue creation (src/api-shapes/issue.ts), each optional (the title may still be
// empty), plus the cycle and module the dialog adds the issue to once it exists. It is its
// author's alone: nobody else lists, reads or changes it.

/** The fields a draft keeps, as a body sends them (all optional). */
export const issueDraftFields = {
  name: text(255),
  description_html: issueFields.description_html,
  description_json: issueFields.description_json,
  priority: issueFields.priority,
  state_id: nullable(uuid),
  assignee_ids: issueFields.assignee_ids,
  label_ids: issueFields.label_ids,
  start_date: issueFields.start_date,
  target_date: issueFields.target_date,
  cycle_id: nullable(uuid),
  module_id: nullable(uuid),
  parent_id: issueFields.parent_id,
  estimate_point: issueFields.estimate_point,
};

/** POST /workspaces/:slug/issue-drafts: a new draft in a project the caller may create issues in. */
export const issueDraftCreateBody = Type.Object({ project_id: uuid, ...optionalFields(issueDraftFields) }, { additionalProperties: false });

/** What saving a new draft sends. */
export type IssueDraftCreateBody = Static<typeof issueDraftCreateBody>;

/** PATCH /workspaces/:slug/issue-drafts/:draftId: the fields that changed (at least one). */
export const issueDraftUpdateBody = Type.Object(
  { project_id: Type.Optional(uuid), ...optionalFields(issueDraftFields) },
  { additionalProperties: false, minProperties: 1 },
);

/** What changing a draft sends. */
export type IssueDraftUpdateBody = Static<typeof issueDraftUpdateBody>;

/** A draft as its author reads it: every field the dialog holds, its project, and when it was last edited. */
export const issueDraftShape = Type.Object({
  id: uuid,
  workspace_id: uuid,
  project_id: uuid,
  project__identifier: string,
  project__name: string,
  name: string,
  description_html: string,
  priority: plainIssueFields.priority,
  state_id: nullable(uuid),
  assignee_ids: Type.Array(uuid),
  label_ids: Type.Array(uuid),
  start_date: plainIssueFields.start_date,
  target_date: plainIssueFields.target_date,
  cycle_id: nullable(uuid),
  module_id: nullable(uuid),
  parent_id: nullable(uuid),
  estimate_point: nullable(string),
  created_at: timestamp,
  updated_at: timestamp,
});

/** A draft as its author reads it. */
export type IssueDraft = Static<typeof issueDraftShape>;
