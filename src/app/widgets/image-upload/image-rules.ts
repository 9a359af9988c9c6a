/** The default upload limit in bytes (5 MB), used when the server gives none. */
export const DEFAULT_MAX_IMAGE_SIZE = 5242880;

/** The file extensions an image dialog accepts. */
export const IMAGE_EXTENSIONS: readonly string[] = ['png', 'jpg', 'jpeg', 'svg', 'webp'];

/** The MIME types an image dialog accepts. */
export const IMAGE_MIME_TYPES: readonly string[] = ['image/png', 'image/jpeg', 'image/svg+xml', 'image/webp'];

/** The file input's `accept` attribute: both the extensions and the MIME types. */
export const IMAGE_ACCEPT = [...IMAGE_EXTENSIONS.map((extension) => `.${extension}`), ...IMAGE_MIME_TYPES].join(',');

/** The message for a file of another type, or for more than one file (only these two messages exist). */
export const INVALID_FORMAT_MESSAGE = 'Please upload a file in a valid format.';

/** The message when an upload fails without an error text of its own. */
export const UPLOAD_FAILED_MESSAGE = 'Something went wrong. Please try again.';

const MEGABYTE = 1024 * 1024;

/** A byte limit in megabytes for people: 5242880 is "5", 1572864 is "1.5" (rounded down so the stated limit is never above the real one). */
export function formatMegabytes(bytes: number): string {
  return String(Math.floor((bytes / MEGABYTE) * 100) / 100);
}

/** The size message for a limit in bytes: "The image size cannot exceed 5 MB." for the default. */
export function sizeLimitMessage(maxSize: number): string {
  return `The image size cannot exceed ${formatMegabytes(maxSize)} MB.`;
}

/** The limit to apply: the server's when it gave a usable one, otherwise 5 MB. */
export function effectiveMaxSize(maxSize: number | null | undefined): number {
  return typeof maxSize === 'number' && Number.isFinite(maxSize) && maxSize > 0 ? maxSize : DEFAULT_MAX_IMAGE_SIZE;
}

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Whether a file is an allowed image by both its extension and its MIME type. */
export function isAllowedImage(file: Pick<File, 'name' | 'type'>): boolean {
  return IMAGE_EXTENSIONS.includes(extensionOf(file.name)) && IMAGE_MIME_TYPES.includes(file.type.toLowerCase());
}

/** Why these files cannot be uploaded (the spec's message), or null when they are exactly one acceptable image. */
export function checkImageFiles(files: ArrayLike<Pick<File, 'name' | 'type' | 'size'>>, maxSize?: number | null): string | null {
  if (files.length !== 1) return INVALID_FORMAT_MESSAGE;
  const file = files[0];
  if (!isAllowedImage(file)) return INVALID_FORMAT_MESSAGE;
  const limit = effectiveMaxSize(maxSize);
  if (file.size > limit) return sizeLimitMessage(limit);
  return null;
}

/** The text to show for a failed upload: the error's own text (the server's `error` text, on the error or in its JSON body, else the error message), or the generic message. */
export function uploadErrorText(error: unknown): string {
  if (error && typeof error === 'object') {
    const { error: own, body } = error as { error?: unknown; body?: { error?: unknown } | null };
    const serverText = typeof own === 'string' ? own : typeof body?.error === 'string' ? body.error : '';
    if (serverText.trim()) return serverText;
    if (error instanceof Error && error.message.trim()) return error.message;
  }
  return UPLOAD_FAILED_MESSAGE;
}
