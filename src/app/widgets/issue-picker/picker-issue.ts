import type { ChecklistIssue } from '../issue-checklist/checklist-issue.js';

/** An issue as the picker's search answers it (the spec's "as listed" shape). */
export interface PickerIssue extends ChecklistIssue {
  state_id: string | null;
  project_id: string;
}

/** What the picker asks its search for: the typed text and whether to look across the workspace. */
export interface IssueSearchParams {
  search: string;
  workspace_search: boolean;
}

/** Shown when searching or submitting failed. */
export const PICKER_FAILED = 'Something went wrong. Please try again.';
