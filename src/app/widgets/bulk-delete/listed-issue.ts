import type { ListedIssue as ApiListedIssue } from '../../../api-shapes/issue.js';
import { issueKey } from '../issue-checklist/checklist-issue.js';

/** An issue in the spec's "as listed" shape (the API's, without the target date lists add). */
export type ListedIssue = Omit<ApiListedIssue, 'target_date'>;

/** Whether the issue's name or key contains `query`, ignoring case and surrounding spaces. */
export function matchesIssue(issue: ListedIssue, query: string): boolean {
  const needle = query.trim().toLowerCase();
  if (!needle) return true;
  return issue.name.toLowerCase().includes(needle) || issueKey(issue).toLowerCase().includes(needle);
}
