/** An issue as the picker's search answers it (the spec's "as listed" shape). */
export interface PickerIssue {
  id: string;
  name: string;
  sequence_id: number;
  state_id: string | null;
  project_id: string;
  project__identifier: string;
  state__color: string | null;
}

/** What the picker asks its search for: the typed text and whether to look across the workspace. */
export interface IssueSearchParams {
  search: string;
  workspace_search: boolean;
}

/** The key people read an issue by: `{project identifier}-{sequence_id}`. */
export function pickerIssueKey(issue: PickerIssue): string {
  return `${issue.project__identifier}-${issue.sequence_id}`;
}

/** Shown when the picker is submitted with nothing selected. */
export const SELECT_AT_LEAST_ONE = 'Please select at least one issue.';

/** Shown when searching or submitting failed. */
export const PICKER_FAILED = 'Something went wrong. Please try again.';
