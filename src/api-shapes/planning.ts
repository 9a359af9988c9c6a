import { Type, type Static } from 'typebox';
import { integer, nullable, number, string, uuid } from './fields.js';
import { STATE_GROUPS, stateCountKey, type StateCountKey } from './state-groups.js';

// What cycles and modules share: their issues counted by state group, their progress by
// assignee and by label (spec section 3: distribution), and the body adding issues to them.

/** A group's live issues counted by state group; issues without a state count in the total only. */
export const stateCountsShape = Type.Object({
  ...(Object.fromEntries(STATE_GROUPS.map((group) => [stateCountKey(group), integer])) as Record<StateCountKey, typeof integer>),
  total_issues: integer,
});

/** Issue counts by state group, as cycles and modules carry them. */
export type StateCounts = Static<typeof stateCountsShape>;

/** A category of the project's estimates and how many of a group's live issues have it (and are completed). */
export const estimateCategoryCountShape = Type.Object({ value: string, completed_issues: integer, total_issues: integer });

/** A category's count in a cycle or module. */
export type EstimateCategoryCount = Static<typeof estimateCategoryCountShape>;

/**
 * A group's estimate (src/api-shapes/estimate-values.ts): with points, the sum of its live
 * issues' points and of those completed (state group completed); with categories, the issues
 * counted per category, every category in order (the sums are then null, as sizes do not add
 * up). While the project's estimates are off: null, null and no categories.
 */
export const estimateTotalsShape = Type.Object({
  total_estimate: nullable(number),
  completed_estimate: nullable(number),
  estimate_categories: Type.Array(estimateCategoryCountShape),
});

/** A cycle's or module's estimate totals. */
export type EstimateTotals = Static<typeof estimateTotalsShape>;

/** One assignee's share of a group; the row of unassigned issues has a null id. */
export const assigneeDistributionShape = Type.Object({
  assignee_id: nullable(uuid),
  display_name: nullable(string),
  avatar: nullable(string),
  completed_issues: integer,
  total_issues: integer,
});

/** One assignee's share of a cycle or module. */
export type AssigneeDistribution = Static<typeof assigneeDistributionShape>;

/** One label's share of a group; the row of unlabelled issues has a null id. */
export const labelDistributionShape = Type.Object({
  label_id: nullable(uuid),
  label_name: nullable(string),
  color: nullable(string),
  completed_issues: integer,
  total_issues: integer,
});

/** One label's share of a cycle or module. */
export type LabelDistribution = Static<typeof labelDistributionShape>;

/** Pending (not completed) issues at the end of each day ('YYYY-MM-DD') of the group's dates; null for days still to come. */
export const completionChartShape = Type.Unsafe<Record<string, number | null>>({ type: 'object', additionalProperties: { type: ['integer', 'null'] } });

/** A burn-down of a cycle or module. */
export type CompletionChart = Static<typeof completionChartShape>;

/** The progress breakdown of a cycle or module (the answer for one of them carries it). */
export const distributionShape = Type.Object({
  assignees: Type.Array(assigneeDistributionShape),
  labels: Type.Array(labelDistributionShape),
  /** Present when the group has both a start and an end date. */
  completion_chart: Type.Optional(completionChartShape),
});

/** A cycle's or module's progress by assignee and by label. */
export type Distribution = Static<typeof distributionShape>;

/** The most issues one request adds to a cycle or module. */
export const MAX_ISSUES_ADDED = 1000;

/** POST …/cycle-issues and …/module-issues: `{ issues: [ids] }` (an empty list is answered with the spec's sentence). */
export const addIssuesBody = Type.Object(
  { issues: Type.Optional(Type.Array(uuid, { maxItems: MAX_ISSUES_ADDED })) },
  { additionalProperties: false },
);

/** What adding issues to a cycle or module sends. */
export type AddIssuesBody = Static<typeof addIssuesBody>;
