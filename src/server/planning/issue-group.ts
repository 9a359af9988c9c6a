import type { ProjectFeature } from './project-feature.js';

/**
 * Cycles and modules are both groups of a project's issues, kept in a join table. The queries
 * that count, list and break down a group's issues, and taking an issue out of one, are shared
 * (group-issues.ts); this names the tables and the words that differ.
 */
export interface IssueGroup {
  /** The table of the groups themselves. */
  readonly groups: 'cycles' | 'modules';
  /** The join table holding the group's issues. */
  readonly table: 'cycle_issues' | 'module_issues';
  /** Its column naming the group. */
  readonly key: 'cycle_id' | 'module_id';
  /** The field an issue's activity names when the issue joins or leaves a group. */
  readonly field: 'cycles' | 'modules';
  /** The project feature every route of these groups needs (off: 403 with its message). */
  readonly feature: Extract<ProjectFeature, 'cycle_view' | 'module_view'>;
  /** The answer when the project has no such group (404). */
  readonly notFound: string;
  /** The answer when the issue to take out of a group is not in it (404). */
  readonly issueNotIn: string;
}

/** Cycles: an issue is in at most one. */
export const CYCLE_GROUP: IssueGroup = {
  groups: 'cycles',
  table: 'cycle_issues',
  key: 'cycle_id',
  field: 'cycles',
  feature: 'cycle_view',
  notFound: 'Cycle not found.',
  issueNotIn: 'This issue is not in the cycle.',
};

/** Modules: an issue may be in many. */
export const MODULE_GROUP: IssueGroup = {
  groups: 'modules',
  table: 'module_issues',
  key: 'module_id',
  field: 'modules',
  feature: 'module_view',
  notFound: 'Module not found.',
  issueNotIn: 'This issue is not in the module.',
};
