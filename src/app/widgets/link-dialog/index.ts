export { LinkDialog, type LinkDialogProps } from './link-dialog.js';
export { COPIED_TOAST, COPY_FAILED_TOAST, LinkList, type LinkListProps, type LinkToast } from './link-list.js';
export {
  CANNOT_ADD_LINKS,
  CANNOT_EDIT_LINKS,
  EMPTY_LINK_FORM,
  LINK_FAILED,
  LINK_RESET_DELAY_MS,
  URL_NOT_HTTP,
  URL_REQUIRED,
  linkInput,
  linkUrlProblem,
  type IssueLink,
  type LinkFormValues,
  type LinkInput,
} from './link-fields.js';
