import { Type, type Static } from 'typebox';
import { integer, string, uuid } from './fields.js';
import { assigneeDistributionShape, labelDistributionShape, stateCountsShape } from './planning.js';

// A workspace's analytics: its live, unarchived issues in the projects the reader can open,
// counted as the cycles' and modules' progress breakdown counts them (src/api-shapes/planning.ts).

/** One project's issues: how many, and how many completed. */
export const projectProgressShape = Type.Object({
  project_id: uuid,
  name: string,
  identifier: string,
  completed_issues: integer,
  total_issues: integer,
});

/** A project's row of the analytics. */
export type ProjectProgress = Static<typeof projectProgressShape>;

/** GET /workspaces/:slug/analytics. */
export const workspaceAnalyticsShape = Type.Object({
  /** Counts by state group, and the total. */
  states: stateCountsShape,
  /** Every project the reader can open, by name (one without issues counts none). */
  projects: Type.Array(projectProgressShape),
  /** By assignee (an issue with two counts for each; unassigned issues have a null id). */
  assignees: Type.Array(assigneeDistributionShape),
  /** By label (unlabelled issues have a null id). */
  labels: Type.Array(labelDistributionShape),
});

/** A workspace's analytics. */
export type WorkspaceAnalytics = Static<typeof workspaceAnalyticsShape>;
