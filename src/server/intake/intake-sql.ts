/**
 * SQL condition on the issue row `alias` (a table alias of `issues`): the issue is not waiting in
 * an inbox. An intake issue joins the project's issues only once accepted; until then every
 * read of issues (lists, counts, search, the issue's own routes, exports, shared documents,
 * cycles and modules) leaves it out with this one condition. The inbox routes read it.
 */
export function notInIntakeSql(alias: string): string {
  return `NOT EXISTS (SELECT 1 FROM intake_issues waiting WHERE waiting.issue_id = ${alias}.id AND waiting.status <> 'accepted')`;
}
