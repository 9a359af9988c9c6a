import { Type, type Static, type TUnsafe } from 'typebox';
import type { XStatic } from 'typebox/schema';
import { ESTIMATE_VALUE_MAX_LENGTH } from './estimate-values.js';
import { boolean, editorDocument, integer, nullable, nullableTimestamp, number, optionalFields, string, text, timestamp, uuid } from './fields.js';
import { PLAIN_ISSUE_FIELDS, type PlainIssueField } from './issue-plain-fields.js';
import { labelShape } from './label.js';
import { displayUserShape } from './user.js';

export { PRIORITIES, type Priority } from './issue-priority.js';
export { isPlainIssueField, PLAIN_ISSUE_FIELD_KEYS, PLAIN_ISSUE_FIELDS, type PlainIssueField } from './issue-plain-fields.js';

/** The plain scalar issue fields (PLAIN_ISSUE_FIELDS: one column each, set as given) as TypeBox types. */
export const plainIssueFields = Object.fromEntries(Object.entries(PLAIN_ISSUE_FIELDS).map(([key, schema]) => [key, Type.Unsafe(schema)])) as {
  [K in PlainIssueField]: TUnsafe<XStatic<(typeof PLAIN_ISSUE_FIELDS)[K]>>;
};

// Where answers carry the plain fields: the target date with every listed issue (the spec's
// "issue as listed"), the start date on the issue's page only, every other one in each row of
// an issue list (and so on its page too).
const { target_date: _listed, start_date: _detailOnly, ...rowPlainFields } = plainIssueFields;

/**
 * The spec's "issue as listed" (id, name, sequence_id, state_id, project_id, project__identifier,
 * state__color) and its target date, which issue lists show in each row.
 */
export const listedIssueShape = Type.Object({
  id: uuid,
  name: string,
  sequence_id: integer,
  state_id: nullable(uuid),
  project_id: uuid,
  project__identifier: string,
  state__color: nullable(string),
  target_date: plainIssueFields.target_date,
});

/** An issue as listed. */
export type ListedIssue = Static<typeof listedIssueShape>;

/** A label as an issue shows it: the label's id, name and colour. */
export const issueLabelShape = Type.Pick(labelShape, ['id', 'name', 'color']);

/** A label as an issue shows it. */
export type IssueLabel = Static<typeof issueLabelShape>;

/**
 * An issue as another issue's page lists it (its sub-issues, its relations): the listed issue
 * with its state's name and group, so the page shows the state and counts what is done.
 */
export const issueSummaryShape = Type.Object({
  ...listedIssueShape.properties,
  state__name: nullable(string),
  state__group: nullable(string),
});

/** An issue as another issue's page lists it. */
export type IssueSummary = Static<typeof issueSummaryShape>;

/**
 * A row of an issue list (a project's list and board, the workspace tabs, cycle and module
 * lists): the listed issue plus what a row shows, its state's name and group, priority, labels,
 * assignees and estimate, so every row is complete whichever projects it mixes.
 */
export const issueRowShape = Type.Object({
  ...issueSummaryShape.properties,
  ...rowPlainFields,
  assignee_ids: Type.Array(uuid),
  assignees: Type.Array(displayUserShape),
  label_ids: Type.Array(uuid),
  labels: Type.Array(issueLabelShape),
  /** The value of the project's estimate system the issue has; null for none or while the project's estimates are off. */
  estimate_point: nullable(string),
  /** When it was archived (read-only until restored); null for the others. Cycles and modules list theirs. */
  archived_at: nullableTimestamp,
});

/** A row of an issue list. */
export type IssueRow = Static<typeof issueRowShape>;

/** The issue an issue is a sub-issue of, as its page names it. */
export const parentDetailShape = Type.Object({ id: uuid, name: string, sequence_id: integer, project__identifier: string });

/** One issue with everything its page shows. */
export const issueDetailShape = Type.Object({
  ...issueRowShape.properties,
  workspace_id: uuid,
  /** `{project identifier}-{sequence_id}`, as the spec shows an issue. */
  key: string,
  start_date: plainIssueFields.start_date,
  parent_id: nullable(uuid),
  parent_detail: nullable(parentDetailShape),
  sort_order: number,
  description_html: string,
  description_version: integer,
  is_subscribed: boolean,
  /** The cycle the issue is in (an issue is in at most one), or null. */
  cycle_id: nullable(uuid),
  /** The modules the issue is in, first added first. */
  module_ids: Type.Array(uuid),
  completed_at: nullableTimestamp,
  created_by: nullable(uuid),
  updated_by: nullable(uuid),
  created_at: timestamp,
  updated_at: timestamp,
});

/** One issue with everything its page shows. */
export type IssueDetail = Static<typeof issueDetailShape>;

/** The most assignees or labels one issue can carry. */
export const MAX_ISSUE_SET = 100;

// The priority comes before the state and the other plain fields after the labels, as they
// always have: an update's activity rows follow this order (src/server/issues/issue-update.ts).
const { priority, ...otherPlainFields } = plainIssueFields;

/** Body fields of an issue creation or update (each optional here; creation requires `name`). */
export const issueFields = {
  name: text(255),
  description_html: string,
  // The editor's JSON document; when given it is the one normalised and stored (the HTML follows from it).
  description_json: editorDocument,
  priority,
  state_id: uuid,
  assignee_ids: Type.Array(uuid, { maxItems: MAX_ISSUE_SET }),
  label_ids: Type.Array(uuid, { maxItems: MAX_ISSUE_SET }),
  // A value of the project's estimate system (src/api-shapes/estimate.ts), or null for none.
  estimate_point: nullable(text(ESTIMATE_VALUE_MAX_LENGTH)),
  ...otherPlainFields,
  parent_id: nullable(uuid),
  sort_order: number,
};

/** POST …/issues: a new issue; only the name is required. Unknown fields are refused. */
export const issueCreateBody = Type.Object({ ...optionalFields(issueFields), name: issueFields.name }, { additionalProperties: false });

/** What creating an issue sends. */
export type IssueCreateBody = Static<typeof issueCreateBody>;

/**
 * PATCH …/issues/:issueId: at least one field. A description goes with the version the client
 * edited (`description_version`), so a concurrent edit is refused instead of overwritten; a name
 * may go with the name the client's edit started from (`name_base`), refused when someone renamed
 * the issue meanwhile (issue-rename.ts). Without it, the last name sent wins.
 */
export const issueUpdateBody = Type.Object(
  {
    ...optionalFields(issueFields),
    description_version: Type.Optional(Type.Integer({ minimum: 1 })),
    name_base: Type.Optional(issueFields.name),
  },
  { additionalProperties: false, minProperties: 1 },
);

/** What changing an issue sends. */
export type IssueUpdateBody = Static<typeof issueUpdateBody>;
