/** Checks on image files before upload, with the spec's exact messages (editor image upload). */
import { ENGLISH, fill, type Words } from '../strings.js';
import { MAX_IMAGE_FILE_SIZE } from './image-limit.js';

export { MAX_IMAGE_FILE_SIZE } from './image-limit.js';

/** The alert when no file was given (spec, editor image upload). */
export const NO_FILE_MESSAGE = ENGLISH['upload.noFile'];

/** The alert when the file's type does not contain `image/` (spec, editor image upload). */
export const INVALID_TYPE_MESSAGE = ENGLISH['upload.invalidType'];

/** The alert when the file is larger than 5242880 bytes (spec, editor image upload). */
export const FILE_TOO_LARGE_MESSAGE = fill(ENGLISH['upload.tooLarge'], { size: '5MB' });

/** What an image file must be to be uploaded: the host's limits (the element's `maxImageSize` and `imageTypes`). */
export interface ImageRules {
  /** The largest file, in bytes (5242880 by default). */
  maxSize?: number;
  /** Accepted types: MIME types (`image/png`) or `image/*` (the default: any type containing `image/`). */
  types?: readonly string[];
}

/** A size limit as the alert names it: `5MB`, `512KB`, `1.5MB`. */
export function sizeLabel(bytes: number): string {
  const mib = bytes / 1048576;
  if (mib >= 1) return `${Number.isInteger(mib) ? mib : Number(mib.toFixed(1))}MB`;
  return `${Math.max(1, Math.round(bytes / 1024))}KB`;
}

function typeAccepted(type: string, accepted: readonly string[] | undefined): boolean {
  if (!type.includes('image/')) return false;
  if (!accepted?.length) return true;
  return accepted.some((entry) => entry === type || entry === 'image/*' || (entry.endsWith('/*') && type.startsWith(entry.slice(0, -1))));
}

/**
 * The spec's message for a file that cannot be uploaded, or `null` when it can. With
 * the default limit the too-large message is the spec's word for word; another limit is
 * named in it (`{size}` in the strings table).
 */
export function validateImageFile(file: File | null | undefined, rules: ImageRules = {}, words: Words = ENGLISH): string | null {
  if (!file) return words['upload.noFile'];
  if (!typeAccepted(file.type, rules.types)) return words['upload.invalidType'];
  const maxSize = rules.maxSize ?? MAX_IMAGE_FILE_SIZE;
  if (file.size > maxSize) return fill(words['upload.tooLarge'], { size: sizeLabel(maxSize) });
  return null;
}
