import type { FastifyReply, FastifyRequest } from 'fastify';
import { notFound } from '../http/errors.js';
import type { Storage } from '../storage/index.js';
import { cacheHeadersFor, IMAGE_CONTENT_TYPES, imageResponseHeaders, type ImageType } from '../uploads/index.js';

/** The message of every "no such file" answer (also for files of workspaces one is not in, and deleted ones). */
export const ASSET_NOT_FOUND = 'File not found.';

const TYPE_OF_CONTENT = new Map(Object.entries(IMAGE_CONTENT_TYPES).map(([type, contentType]) => [contentType, type as ImageType]));

/**
 * Streams a stored upload with its stored content type, the image headers (SVGs sandboxed) and
 * year-long private caching: every upload has a key of its own, so its bytes never change.
 * A matching If-None-Match gets 304 without reading the file.
 */
export async function sendAsset(request: FastifyRequest, reply: FastifyReply, storage: Storage, asset: { storage_key: string; content_type: string }) {
  const type = TYPE_OF_CONTENT.get(asset.content_type);
  const headers = {
    ...(type ? imageResponseHeaders(type) : { 'Content-Type': 'application/octet-stream', 'X-Content-Type-Options': 'nosniff' }),
    ...cacheHeadersFor(asset.storage_key),
  };
  if (request.headers['if-none-match'] === headers.ETag) return reply.code(304).headers(headers).send();
  const stored = await storage.get(asset.storage_key);
  if (!stored) throw notFound(ASSET_NOT_FOUND);
  return reply.headers({ ...headers, 'Content-Length': String(stored.meta.size) }).send(stored.stream);
}
