import type { ListedIssue } from '../../../api-shapes/issue.js';

/** An issue as a checklist shows it: its key, its name and its state's colour. */
export type ChecklistIssue = Pick<ListedIssue, 'id' | 'name' | 'sequence_id' | 'project__identifier' | 'state__color'>;

/** The key people read an issue by: `{project identifier}-{sequence_id}`. */
export function issueKey(issue: Pick<ChecklistIssue, 'project__identifier' | 'sequence_id'>): string {
  return `${issue.project__identifier}-${issue.sequence_id}`;
}

/** Shown when a checklist is submitted with nothing selected (spec: bulk delete and issue add). */
export const SELECT_AT_LEAST_ONE = 'Please select at least one issue.';

/**
 * The issues a checklist lists, or where their search stands. While a search runs, `previous`
 * holds the last answer, which stays listed until the new one comes (the list does not flash to
 * "Loading…" under the pointer at every search).
 */
export type ChecklistResults<T extends ChecklistIssue> =
  | { status: 'loading'; previous?: readonly T[] }
  | { status: 'error'; message: string }
  | { status: 'done'; issues: readonly T[] };
