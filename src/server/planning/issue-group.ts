/**
 * Cycles and modules are both groups of a project's issues, kept in a join table. The queries
 * that count, list and break down a group's issues are shared; this names the join table.
 */
export interface IssueGroup {
  /** The join table holding the group's issues. */
  readonly table: 'cycle_issues' | 'module_issues';
  /** Its column naming the group. */
  readonly key: 'cycle_id' | 'module_id';
}

/** Cycles: an issue is in at most one. */
export const CYCLE_GROUP: IssueGroup = { table: 'cycle_issues', key: 'cycle_id' };

/** Modules: an issue may be in many. */
export const MODULE_GROUP: IssueGroup = { table: 'module_issues', key: 'module_id' };
