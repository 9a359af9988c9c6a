import type { Notification, Notify } from '../../ui/toasts.js';

/** A toast for the app shell to show; `title` is "Success!" or "Error!" as the spec says. */
export type Toast = Notification & { title: string };

export type { Notify };

/** The toast after the issues were deleted. */
export const DELETED_TOAST: Toast = { type: 'success', title: 'Success!', message: 'Issues deleted successfully!' };

/** The toast when deleting failed; the selection is kept for another try. */
export const DELETE_FAILED_TOAST: Toast = { type: 'error', title: 'Error!', message: 'Something went wrong. Please try again.' };
