import { Type, type Static } from 'typebox';
import { editorDocument, integer, nullable, nullableTimestamp, string, stringEnum, text, timestamp, uuid } from './fields.js';
import { queryInteger } from './query-fields.js';
import { displayUserShape } from './user.js';

// A project's inbox (intake): issues that guests and members file for the project, which wait
// there, outside every issue list, until a member accepts, declines, snoozes or marks them as a
// duplicate. An intake issue is an issue with an intake status.

/** Every status an intake issue can be in; it starts `pending`. */
export const INTAKE_STATUSES = ['pending', 'accepted', 'declined', 'snoozed', 'duplicate'] as const;

/** One intake status. */
export type IntakeStatus = (typeof INTAKE_STATUSES)[number];

/** What a member can turn an intake issue into (everything but back to pending). */
export const INTAKE_DECISIONS = ['accepted', 'declined', 'snoozed', 'duplicate'] as const;

/** One decision on an intake issue. */
export type IntakeDecision = (typeof INTAKE_DECISIONS)[number];

/** The inbox's tabs: open (pending, and snoozed ones whose date has come) and closed (accepted, declined, duplicate). */
export const INTAKE_TABS = ['open', 'closed'] as const;

/** One inbox tab. */
export type IntakeTab = (typeof INTAKE_TABS)[number];

/** The statuses of the closed tab. */
export const CLOSED_INTAKE_STATUSES: readonly IntakeStatus[] = ['accepted', 'declined', 'duplicate'];

/** POST …/intake-issues: a new request, its name and (optionally) its description. */
export const intakeCreateBody = Type.Object(
  { name: text(255), description_html: Type.Optional(string), description_json: Type.Optional(editorDocument) },
  { additionalProperties: false },
);

/** What filing an intake issue sends. */
export type IntakeCreateBody = Static<typeof intakeCreateBody>;

/** PATCH …/intake-issues/:intakeId: the decision, with its date (snoozed) or its issue (duplicate). */
export const intakeUpdateBody = Type.Object(
  {
    status: stringEnum(INTAKE_DECISIONS),
    snoozed_till: Type.Optional(Type.String({ format: 'date-time' })),
    duplicate_of: Type.Optional(uuid),
  },
  { additionalProperties: false },
);

/** What deciding on an intake issue sends. */
export type IntakeUpdateBody = Static<typeof intakeUpdateBody>;

/** GET …/intake-issues: which tab (open unless said) and which page (the total comes in x-total-count). */
export const intakeListQuery = Type.Object(
  { tab: Type.Optional(stringEnum(INTAKE_TABS)), limit: Type.Optional(queryInteger), offset: Type.Optional(queryInteger) },
  { additionalProperties: false },
);

/** An intake issue as the inbox shows it: the issue's key, name and description, its status and who filed it when. */
export const intakeIssueShape = Type.Object({
  id: uuid,
  issue_id: uuid,
  project_id: uuid,
  sequence_id: integer,
  key: string,
  name: string,
  description_html: string,
  status: stringEnum(INTAKE_STATUSES),
  snoozed_till: nullableTimestamp,
  duplicate_of: nullable(uuid),
  /** The key of the issue it duplicates (null when none, or when that issue is gone). */
  duplicate_of__key: nullable(string),
  created_by: Type.Union([displayUserShape, Type.Null()]),
  created_at: timestamp,
  updated_at: timestamp,
});

/** An intake issue as the inbox shows it. */
export type IntakeIssue = Static<typeof intakeIssueShape>;
