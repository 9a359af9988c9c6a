import type { FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors.js';
import { checkImageUpload, imageSizeMessage, type ImageUploadAccepted } from '../uploads/index.js';
import { readUploadParts } from './upload-parts.js';

export { ASSET_FIELD, NO_FILE_MESSAGE, ONE_FILE_MESSAGE } from './upload-parts.js';

/** An accepted upload, ready to store (storeAsset): its bytes, type, key extension, name and attributes. */
export interface StoredUpload {
  bytes: Uint8Array;
  /** The type it is recorded (and, for images, served) with. */
  contentType: string;
  /** The storage key's extension. */
  extension: string;
  /** The name the client gave the file (kept for downloads), at most 255 characters. */
  filename: string;
  /** The upload's `attributes` field: a JSON object, `{}` when absent. */
  attributes: Record<string, unknown>;
}

/** An accepted image upload, ready to store. */
export interface ImageUpload extends ImageUploadAccepted, StoredUpload {}

/**
 * Reads one image from a multipart request (readUploadParts: 413 with the spec's text over
 * `limit`). The image passes checkImageUpload (type by content; SVG sanitised): 415 with the
 * spec's text otherwise.
 */
export async function readImageUpload(request: FastifyRequest, limit: number): Promise<ImageUpload> {
  const file = await readUploadParts(request, { limit, sizeMessage: imageSizeMessage, noun: 'image' });
  const checked = checkImageUpload({ bytes: file.bytes, filename: file.filename, declaredType: file.mimetype, limit });
  if (!checked.ok) throw new HttpError(checked.status, checked.error);
  return { ...checked, filename: file.filename.slice(0, 255), attributes: file.attributes };
}
