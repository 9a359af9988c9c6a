export { BulkDeleteDialog, type BulkDeleteDialogProps } from './bulk-delete-dialog.js';
export { issueKey, matchesIssue, type ListedIssue } from './listed-issue.js';
export { DELETED_TOAST, DELETE_FAILED_TOAST, SELECT_AT_LEAST_ONE, type Notify, type Toast } from './messages.js';
