export { IssuePickerDialog, type IssuePickerDialogProps } from './issue-picker-dialog.js';
export {
  PICKER_FAILED,
  SELECT_AT_LEAST_ONE,
  pickerIssueKey,
  type IssueSearchParams,
  type PickerIssue,
} from './picker-issue.js';
