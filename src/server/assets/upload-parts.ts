import type { FastifyRequest } from 'fastify';
import { ENGLISH } from '../../core/strings.js';
import { badRequest, HttpError } from '../http/errors.js';
import { skipPart, unreadableMultipart } from '../http/multipart-parts.js';

/** The multipart field holding the file (spec section 7: multipart asset). */
export const ASSET_FIELD = 'asset';

/** The answer when a request carries no file (the spec's editor alert). */
export const NO_FILE_MESSAGE = ENGLISH['upload.noFile'];

/** The answer when a request carries more than one file (spec: one file only). */
export const ONE_FILE_MESSAGE = 'Upload one file at a time.';

/** Longest `attributes` JSON kept with an upload, in characters. */
const MAX_ATTRIBUTES_LENGTH = 4096;

/** How an upload route reads its request. */
export interface UploadPartsOptions {
  /** The largest file in bytes: a bigger one is cut off by the parser and answered 413. */
  limit: number;
  /** The 413 answer's sentence for that limit. */
  sizeMessage: (limit: number) => string;
  /** What the file is called in the answers ("image", "file"). */
  noun: string;
}

/** The one file of an upload, as the client sent it, and its `attributes`. */
export interface UploadParts {
  bytes: Buffer;
  /** The name the client gave the file, unchecked ('' when none). */
  filename: string;
  /** The content type the client declared, unchecked. */
  mimetype: string;
  /** The upload's `attributes` field: a JSON object, `{}` when absent. */
  attributes: Record<string, unknown>;
}

function parseAttributes(value: unknown): Record<string, unknown> {
  let parsed = value;
  if (typeof value === 'string') {
    if (value.length > MAX_ATTRIBUTES_LENGTH) throw badRequest(`Attributes can have at most ${MAX_ATTRIBUTES_LENGTH} characters.`);
    try {
      parsed = JSON.parse(value);
    } catch {
      parsed = null;
    }
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw badRequest('Attributes must be a JSON object.');
  return parsed as Record<string, unknown>;
}

/** The HTTP answer for one of @fastify/multipart's own errors, or null for any other error. */
function multipartRefusal(error: unknown, options: UploadPartsOptions): HttpError | null {
  switch ((error as { code?: unknown } | null)?.code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new HttpError(413, options.sizeMessage(options.limit));
    case 'FST_FILES_LIMIT':
      return badRequest(ONE_FILE_MESSAGE);
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return badRequest(`Send only the ${ASSET_FIELD} file and its attributes.`);
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return badRequest('Attributes must be a JSON object.');
    default:
      return unreadableMultipart(error);
  }
}

/**
 * Reads one file from a multipart request: the file in the `asset` field (at most `limit` bytes:
 * a bigger one is cut off by the parser, never buffered whole, and answered 413), optional
 * `attributes` JSON, nothing else; 400 with NO_FILE_MESSAGE when there is no file. What the file
 * may be is the caller's check.
 */
export async function readUploadParts(request: FastifyRequest, options: UploadPartsOptions): Promise<UploadParts> {
  const { noun, limit } = options;
  if (!request.isMultipart()) throw badRequest(`Send the ${noun} as multipart/form-data in the "${ASSET_FIELD}" field.`);
  let file: { bytes: Buffer; filename: string; mimetype: string } | null = null;
  let attributes: Record<string, unknown> = {};
  let problem: HttpError | null = null;
  try {
    for await (const part of request.parts({ limits: { fileSize: limit, files: 1, fields: 5 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== ASSET_FIELD) {
          skipPart(part.file);
          problem ??= badRequest(`Send the ${noun} in the "${ASSET_FIELD}" field.`);
          continue;
        }
        file = { bytes: await part.toBuffer(), filename: part.filename ?? '', mimetype: part.mimetype ?? '' };
      } else if (part.fieldname === 'attributes') {
        try {
          attributes = parseAttributes(part.value);
        } catch (error) {
          problem ??= error as HttpError;
        }
      } else {
        problem ??= badRequest(`Unknown field "${part.fieldname}": send the ${ASSET_FIELD} file and optional attributes.`);
      }
    }
  } catch (error) {
    throw multipartRefusal(error, options) ?? error;
  }
  if (problem) throw problem;
  if (!file) throw badRequest(NO_FILE_MESSAGE);
  return { ...file, attributes };
}
