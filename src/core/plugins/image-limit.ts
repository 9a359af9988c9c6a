/**
 * The default size limit of an image upload, apart from the checks (image-validation.ts) so
 * that an editor gets its default without them: they come with image uploads.
 */

/** The largest image file the editor uploads by default, in bytes (spec: 5242880 bytes, 5 MB). */
export const MAX_IMAGE_FILE_SIZE = 5242880;
