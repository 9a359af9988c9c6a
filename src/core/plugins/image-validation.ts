/** Checks on image files before upload, with the spec's exact messages (editor image upload). */

/** The largest image file the editor uploads, in bytes (spec: 5242880 bytes, 5 MB). */
export const MAX_IMAGE_FILE_SIZE = 5242880;

/** The alert when no file was given (spec, editor image upload). */
export const NO_FILE_MESSAGE = 'No file selected. Please select a file to upload.';

/** The alert when the file's type does not contain `image/` (spec, editor image upload). */
export const INVALID_TYPE_MESSAGE = 'Invalid file type. Please select an image file.';

/** The alert when the file is larger than 5242880 bytes (spec, editor image upload). */
export const FILE_TOO_LARGE_MESSAGE = 'File size too large. Please select a file smaller than 5MB.';

/** The spec's message for a file that cannot be uploaded, or `null` when it can. */
export function validateImageFile(file: File | null | undefined): string | null {
  if (!file) return NO_FILE_MESSAGE;
  if (!file.type.includes('image/')) return INVALID_TYPE_MESSAGE;
  if (file.size > MAX_IMAGE_FILE_SIZE) return FILE_TOO_LARGE_MESSAGE;
  return null;
}
