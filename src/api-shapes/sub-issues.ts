import { Type, type Static } from 'typebox';
import { uuid } from './fields.js';
import { MAX_ISSUES_ADDED } from './planning.js';

/**
 * POST …/issues/:issueId/sub-issues: existing issues of the project made sub-issues of this one,
 * all or none (an empty list is answered with the spec's sentence).
 */
export const subIssuesAddBody = Type.Object({ issue_ids: Type.Array(uuid, { maxItems: MAX_ISSUES_ADDED }) }, { additionalProperties: false });

/** What adding sub-issues sends. */
export type SubIssuesAddBody = Static<typeof subIssuesAddBody>;
