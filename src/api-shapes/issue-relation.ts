import { Type, type Static } from 'typebox';
import { stringEnum, uuid } from './fields.js';
import { issueSummaryShape } from './issue.js';
import { RELATION_TYPES } from './relation-types.js';

export { INVERSE_RELATION, RELATION_TYPES, type RelationType } from './relation-types.js';

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
