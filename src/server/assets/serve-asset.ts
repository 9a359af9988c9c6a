import type { FastifyReply, FastifyRequest } from 'fastify';
import { pipeline } from 'node:stream';
import { HttpError } from '../http/errors.js';
import type { Storage } from '../storage/index.js';
import { cacheHeadersFor, IMAGE_CONTENT_TYPES, imageResponseHeaders, type ImageType } from '../uploads/index.js';
import { attachmentDisposition } from './attachment-name.js';
import { digestCheck } from './digest-check.js';

/** The message of every "no such file" answer (also for files of workspaces one is not in, and deleted ones). */
export const ASSET_NOT_FOUND = 'File not found.';

/** The answer (500) when a recorded file's stored bytes are missing or differ from its record. */
export const ASSET_DAMAGED = 'This file is damaged or missing on the server. Please upload it again.';

/** A file_assets row as serving needs it. */
export interface ServedAsset {
  storage_key: string;
  content_type: string;
  /** Recorded size in bytes. */
  size: number;
  /** Recorded SHA-256 (hex); null for files recorded before digests were kept. */
  sha256: string | null;
}

/** SELECT list of a ServedAsset from `file_assets fa`. */
export const SERVED_ASSET_COLUMNS = 'fa.storage_key, fa.content_type, fa.size, fa.sha256';

const TYPE_OF_CONTENT = new Map(Object.entries(IMAGE_CONTENT_TYPES).map(([type, contentType]) => [contentType, type as ImageType]));

/**
 * Headers of a download (an issue attachment): any type, so always saved, never shown: no type a
 * browser renders, no sniffing, and a sandbox in case one opens it anyway.
 */
function downloadHeaders(name: string): Record<string, string> {
  return {
    'Content-Type': 'application/octet-stream',
    'Content-Disposition': attachmentDisposition(name),
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': "default-src 'none'; sandbox",
  };
}

/** How sendAsset answers. */
export interface SendAssetOptions {
  /** Send the file as a download under this name (attachments) instead of as an image. */
  download?: string;
}

/** Headers that would let a client keep the answer; an error answer must not carry them. */
const CACHING_HEADERS = ['cache-control', 'etag', 'content-length'];

/**
 * Streams a stored upload with its stored content type, the image headers (SVGs sandboxed), or
 * with `download` as a file to save (downloadHeaders), and year-long private caching: every upload has a key of its own, so its bytes never change.
 * A matching If-None-Match gets 304 without reading the file.
 *
 * The stored bytes are checked against the row: a missing file or another size is a 500 with
 * ASSET_DAMAGED (a server fault, not a file the client may treat as gone) and no caching headers,
 * logged with the key. A different digest is found only at the end: a file that fits in one read
 * gets the same answer; a longer one, whose headers are already sent, is cut off before its last
 * bytes (a transfer no client or cache keeps as complete). Every mismatch is logged.
 */
export async function sendAsset(request: FastifyRequest, reply: FastifyReply, storage: Storage, asset: ServedAsset, options: SendAssetOptions = {}) {
  const type = TYPE_OF_CONTENT.get(asset.content_type);
  const headers = {
    ...(options.download !== undefined
      ? downloadHeaders(options.download)
      : type
        ? imageResponseHeaders(type)
        : { 'Content-Type': 'application/octet-stream', 'X-Content-Type-Options': 'nosniff' }),
    ...cacheHeadersFor(asset.storage_key),
  };
  if (request.headers['if-none-match'] === headers.ETag) return reply.code(304).headers(headers).send();
  const stored = await storage.get(asset.storage_key);
  if (!stored || stored.meta.size !== asset.size) {
    stored?.stream.destroy();
    request.log.error(
      { storageKey: asset.storage_key, recordedSize: asset.size, storedSize: stored ? stored.meta.size : null },
      stored ? 'stored file size does not match its record' : 'stored file is missing',
    );
    throw new HttpError(500, ASSET_DAMAGED);
  }
  reply.headers({ ...headers, 'Content-Length': String(stored.meta.size) });
  if (!asset.sha256) return reply.send(stored.stream);
  const checked = digestCheck(asset.sha256, (actual) => {
    request.log.error({ storageKey: asset.storage_key, recordedDigest: asset.sha256, storedDigest: actual }, 'stored file digest does not match its record');
    if (!reply.raw.headersSent) {
      // Sending a stream copied the file's headers onto the raw response; the error answer is JSON.
      for (const name of reply.raw.getHeaderNames()) reply.raw.removeHeader(name);
      for (const name of CACHING_HEADERS) reply.removeHeader(name);
    }
    return new HttpError(500, ASSET_DAMAGED);
  });
  return reply.send(pipeline(stored.stream, checked, () => {}));
}
