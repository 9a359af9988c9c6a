export { BulkDeleteDialog, type BulkDeleteDialogProps } from './bulk-delete-dialog.js';
export { matchesIssue, type ListedIssue } from './listed-issue.js';
export { issueKey, SELECT_AT_LEAST_ONE } from '../issue-checklist/checklist-issue.js';
export { DELETED_TOAST, DELETE_FAILED_TOAST, type Notify, type Toast } from './messages.js';
