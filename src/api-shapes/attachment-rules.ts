// Plain data, no imports: the app loads this module at run time.

// The rules of issue attachments that the server enforces and the app checks before sending, with
// their words, so both say the same sentence.

/** The longest attachment name kept, in characters (after cleaning). */
export const ATTACHMENT_NAME_MAX = 255;

/** The answer for a file of no bytes. */
export const EMPTY_ATTACHMENT_MESSAGE = 'The file is empty. Please select a file that has content.';

/** The answer for a file whose name is nothing once cleaned (only a path, dots or invisible characters). */
export const ATTACHMENT_NAME_INVALID_MESSAGE = 'The file name is not valid. Please rename the file and try again.';

/** The answer for a name longer than ATTACHMENT_NAME_MAX. */
export const ATTACHMENT_NAME_TOO_LONG_MESSAGE = `The file name can have at most ${ATTACHMENT_NAME_MAX} characters.`;

/** The answer when deleting someone else's attachment without being an admin. */
export const ATTACHMENT_DELETE_FORBIDDEN = 'Only the person who uploaded an attachment or an admin can delete it.';

/** The answer for an attachment that is not there (or not on this issue). */
export const ATTACHMENT_NOT_FOUND = 'Attachment not found.';

/**
 * The answer (413) for a file over the upload limit: the spec's "File size too large. Please
 * select a file smaller than 5MB." at the default limit (spec: 5242880 bytes), naming another
 * limit as the editor names it (src/core 'upload.tooLarge' and sizeLabel: 1.5MB, 512KB).
 */
export function attachmentSizeMessage(limit: number): string {
  const mib = limit / 1048576;
  const size = mib >= 1 ? `${Number.isInteger(mib) ? mib : Number(mib.toFixed(1))}MB` : `${Math.max(1, Math.round(limit / 1024))}KB`;
  return `File size too large. Please select a file smaller than ${size}.`;
}
