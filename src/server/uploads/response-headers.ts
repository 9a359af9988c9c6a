/**
 * Headers for serving stored images. Uploaded SVGs are sanitised, and are also served
 * sandboxed so that even a file the sanitiser missed cannot run script or load anything
 * but the inline `data:` images the sanitiser keeps, when opened directly; `nosniff` stops browsers from reading any file as another type.
 */
import { createHash } from 'node:crypto';
import { IMAGE_CONTENT_TYPES, type ImageType } from './image-type.js';

/** The Content-Security-Policy SVG files are served with. */
export const SVG_CONTENT_SECURITY_POLICY = "default-src 'none'; style-src 'unsafe-inline'; img-src data:; sandbox";

/** Headers for serving an SVG file. */
export function svgResponseHeaders(): Record<string, string> {
  return {
    'Content-Type': IMAGE_CONTENT_TYPES.svg,
    'Content-Security-Policy': SVG_CONTENT_SECURITY_POLICY,
    'X-Content-Type-Options': 'nosniff',
  };
}

/** Headers for serving an image of a known type: its canonical content type, never sniffed. */
export function imageResponseHeaders(type: ImageType): Record<string, string> {
  if (type === 'svg') return svgResponseHeaders();
  return { 'Content-Type': IMAGE_CONTENT_TYPES[type], 'X-Content-Type-Options': 'nosniff' };
}

/** Options for `cacheHeadersFor`. */
export interface CacheOptions {
  /** Whether shared caches may keep the file (public files such as project covers); private by default. */
  shared?: boolean;
}

/**
 * Cache headers for a file stored under a key that is never reused for other bytes
 * (every upload gets a new key), so browsers may keep it for a year without asking again.
 */
export function cacheHeadersFor(immutableKey: string, options: CacheOptions = {}): Record<string, string> {
  const etag = createHash('sha256').update(immutableKey).digest('base64url').slice(0, 27);
  return {
    'Cache-Control': `${options.shared ? 'public' : 'private'}, max-age=31536000, immutable`,
    ETag: `"${etag}"`,
  };
}
