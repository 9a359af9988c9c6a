import { Type, type Static } from 'typebox';
import { stringEnum, uuid } from './fields.js';
import { issueSummaryShape } from './issue.js';

/** The relation types between two issues (the spec's activity fields), each as seen from one side. */
export const RELATION_TYPES = ['relates_to', 'blocking', 'blocked_by', 'duplicate'] as const;

/** A relation type. */
export type RelationType = (typeof RELATION_TYPES)[number];

/** What stands where an answer would embed an issue the reader cannot open: `{ "hidden": true }` and no field of it. */
export const hiddenIssueShape = Type.Unsafe<{ hidden: true }>({
  type: 'object',
  required: ['hidden'],
  additionalProperties: false,
  properties: { hidden: { type: 'boolean', enum: [true] } },
});

/** An issue the reader cannot open. */
export type HiddenIssue = Static<typeof hiddenIssueShape>;

/** A relation as seen from one issue: its type from that side and the other issue (hidden when the reader cannot open it). */
export const issueRelationShape = Type.Object({
  id: uuid,
  relation_type: stringEnum(RELATION_TYPES),
  issue: Type.Union([issueSummaryShape, hiddenIssueShape]),
});

/** A relation as seen from one issue. */
export type IssueRelation = Static<typeof issueRelationShape>;

/** The most issues one request relates at once. */
export const MAX_RELATED = 50;

/** POST …/relations: relate several issues to this one with one type (an empty list is answered with the spec's sentence). */
export const relationCreateBody = Type.Object(
  { relation_type: stringEnum(RELATION_TYPES), issue_ids: Type.Array(uuid, { maxItems: MAX_RELATED }) },
  { additionalProperties: false },
);

/** What relating issues sends. */
export type RelationCreateBody = Static<typeof relationCreateBody>;
