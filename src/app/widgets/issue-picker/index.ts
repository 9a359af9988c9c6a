export { IssuePickerDialog, type IssuePickerDialogProps } from './issue-picker-dialog.js';
export { PICKER_FAILED, type IssueSearchParams, type PickerIssue } from './picker-issue.js';
export { issueKey as pickerIssueKey, SELECT_AT_LEAST_ONE } from '../issue-checklist/checklist-issue.js';
