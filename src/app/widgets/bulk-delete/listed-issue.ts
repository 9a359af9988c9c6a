/** An issue in the spec's "as listed" shape. */
export interface ListedIssue {
  id: string;
  name: string;
  sequence_id: number;
  state_id: string | null;
  project_id: string;
  project__identifier: string;
  state__color: string | null;
}

/** The key people read an issue by: `{project identifier}-{sequence_id}`. */
export function issueKey(issue: ListedIssue): string {
  return `${issue.project__identifier}-${issue.sequence_id}`;
}

/** Whether the issue's name or key contains `query`, ignoring case and surrounding spaces. */
export function matchesIssue(issue: ListedIssue, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return issue.name.toLowerCase().includes(needle) || issueKey(issue).toLowerCase().includes(needle);
}
