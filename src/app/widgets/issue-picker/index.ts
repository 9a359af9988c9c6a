export { IssuePickerDialog, type IssuePickerDialogProps } from './issue-picker-dialog.js';
export {
  PICKER_FAILED,
  SEARCH_DEBOUNCE_MS,
  SELECT_AT_LEAST_ONE,
  pickerIssueKey,
  type IssueSearchParams,
  type PickerIssue,
} from './picker-issue.js';
export { useDebouncedValue } from './use-debounced-value.js';
