/**
 * The checks every image upload passes (spec section 5, dialog image upload): a size
 * limit and an allowed type, judged by content. SVG uploads come out sanitised.
 */
import { IMAGE_CONTENT_TYPES, IMAGE_EXTENSIONS, rasterImageType, svgMarkup, type ImageType } from './image-type.js';
import { sanitiseSvg } from './svg-sanitiser.js';

/** Default upload size limit in bytes (spec: 5242880, 5 MB). */
export const DEFAULT_IMAGE_SIZE_LIMIT = 5_242_880;

/** The spec's message for a file of a type that is not allowed. */
export const INVALID_IMAGE_FORMAT_MESSAGE = 'Please upload a file in a valid format.';

/** File name extensions an upload may carry (spec: png, jpg, jpeg, svg, webp). */
export const ALLOWED_IMAGE_EXTENSIONS: readonly string[] = ['png', 'jpg', 'jpeg', 'svg', 'webp'];

/** Declared content types accepted for those extensions (`image/jpg` and `image/pjpeg` are sent by some clients). */
const ALLOWED_DECLARED_TYPES = new Set(['image/png', 'image/jpeg', 'image/jpg', 'image/pjpeg', 'image/svg+xml', 'image/webp']);

/** Declared types that say nothing about the file; the content decides. */
const UNINFORMATIVE_TYPES = new Set(['', 'application/octet-stream', 'binary/octet-stream']);

/** The spec's size message for a limit: "The image size cannot exceed 5 MB." at the default. */
export function imageSizeMessage(limit: number): string {
  const megabytes = Math.round((limit / 1_048_576) * 100) / 100;
  return `The image size cannot exceed ${megabytes} MB.`;
}

/** An upload to check. */
export interface ImageUploadInput {
  bytes: Uint8Array;
  /** The name the client gave the file, if any. */
  filename?: string | null;
  /** The content type the client declared, if any. */
  declaredType?: string | null;
  /** The size limit in bytes; the default is 5 MB. */
  limit?: number;
}

/** An accepted upload: its type by content, how to store and serve it, and the bytes to store. */
export interface ImageUploadAccepted {
  ok: true;
  type: ImageType;
  contentType: string;
  extension: string;
  /** The upload itself, or for SVG the sanitised markup as UTF-8. */
  bytes: Uint8Array;
}

/** A refused upload: the spec's message and the HTTP status to answer with. */
export interface ImageUploadRefused {
  ok: false;
  error: string;
  status: 413 | 415;
}

function extensionOf(filename: string): string | null {
  const base = filename.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : null;
}

function declaredTypeAllowed(declared: string): boolean {
  const type = declared.split(';')[0].trim().toLowerCase();
  return UNINFORMATIVE_TYPES.has(type) || ALLOWED_DECLARED_TYPES.has(type);
}

/**
 * Checks an image upload: at most `limit` bytes, a name and declared type among the
 * allowed ones, and content that really is PNG, JPEG, WebP or SVG. The stored type
 * comes from the content, so `photo.jpg` holding a PNG is stored and served as PNG,
 * and a `.png` holding anything else is refused.
 */
export function checkImageUpload(input: ImageUploadInput): ImageUploadAccepted | ImageUploadRefused {
  const limit = input.limit ?? DEFAULT_IMAGE_SIZE_LIMIT;
  if (input.bytes.byteLength > limit) return { ok: false, error: imageSizeMessage(limit), status: 413 };
  const invalid: ImageUploadRefused = { ok: false, error: INVALID_IMAGE_FORMAT_MESSAGE, status: 415 };
  if (input.filename) {
    const extension = extensionOf(input.filename);
    if (extension !== null && !ALLOWED_IMAGE_EXTENSIONS.includes(extension)) return invalid;
  }
  if (input.declaredType && !declaredTypeAllowed(input.declaredType)) return invalid;
  const raster = rasterImageType(input.bytes);
  if (raster) return accept(raster, input.bytes);
  const markup = svgMarkup(input.bytes);
  if (markup === null) return invalid;
  let clean: string;
  try {
    // Parsing to sanitise also confirms the root is <svg>, as sniffImageType does.
    clean = sanitiseSvg(markup);
  } catch (error) {
    if (error instanceof RangeError) return invalid;
    throw error;
  }
  return accept('svg', new TextEncoder().encode(clean));
}

function accept(type: ImageType, bytes: Uint8Array): ImageUploadAccepted {
  return { ok: true, type, contentType: IMAGE_CONTENT_TYPES[type], extension: IMAGE_EXTENSIONS[type], bytes };
}
