/**
 * Image types told apart by content, never by name: a file is what its bytes say,
 * so a page of HTML renamed `photo.png` is not an image and is never served as one.
 */
import { DOMParser } from 'linkedom';
import { markupTooDeep } from './markup-depth.js';

/** The image types an upload may have (spec: png, jpg, jpeg, svg, webp). */
export type ImageType = 'png' | 'jpeg' | 'webp' | 'svg';

/** The content type each image type is stored and served with. */
export const IMAGE_CONTENT_TYPES: Readonly<Record<ImageType, string>> = {
  png: 'image/png',
  jpeg: 'image/jpeg',
  webp: 'image/webp',
  svg: 'image/svg+xml',
};

/** The file extension each image type is stored under. */
export const IMAGE_EXTENSIONS: Readonly<Record<ImageType, string>> = { png: 'png', jpeg: 'jpg', webp: 'webp', svg: 'svg' };

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

function ascii(bytes: Uint8Array, start: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(start, start + length));
}

function isPng(bytes: Uint8Array): boolean {
  // The signature, then the IHDR chunk, which the format requires to come first.
  return bytes.length >= 24 && PNG_SIGNATURE.every((b, i) => bytes[i] === b) && ascii(bytes, 12, 4) === 'IHDR';
}

function isJpeg(bytes: Uint8Array): boolean {
  return bytes.length >= 4 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff;
}

function isWebp(bytes: Uint8Array): boolean {
  return bytes.length >= 16 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP' && /^VP8[ LX]$/.test(ascii(bytes, 12, 4));
}

/** The index where the root element starts, after an XML declaration, comments, processing instructions and a doctype. */
function rootStart(text: string): number {
  let at = 0;
  for (;;) {
    while (at < text.length && /\s/.test(text[at])) at++;
    if (text.startsWith('<?', at)) at = endOf(text, '?>', at);
    else if (text.startsWith('<!--', at)) at = endOf(text, '-->', at);
    else if (text.slice(at, at + 9).toUpperCase() === '<!DOCTYPE') at = doctypeEnd(text, at);
    else return at;
    if (at < 0) return -1;
  }
}

function endOf(text: string, marker: string, from: number): number {
  const end = text.indexOf(marker, from);
  return end < 0 ? -1 : end + marker.length;
}

function doctypeEnd(text: string, from: number): number {
  const close = text.indexOf('>', from);
  const subset = text.indexOf('[', from);
  // An internal subset may hold `>` characters; it ends at `]` followed by `>`.
  if (subset >= 0 && (close < 0 || subset < close)) {
    const end = text.indexOf(']', subset);
    return end < 0 ? -1 : endOf(text, '>', end);
  }
  return close < 0 ? -1 : close + 1;
}

/**
 * The text of bytes that may be an SVG file, by the cheap checks: UTF-8 markup whose
 * first element is `<svg>`, nested at most `MAX_MARKUP_DEPTH` deep. `null` otherwise.
 */
export function svgMarkup(bytes: Uint8Array): string | null {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    return null;
  }
  if (text.includes('\u0000')) return null;
  const start = rootStart(text);
  if (start < 0 || !/^<svg[\s/>]/.test(text.slice(start, start + 5)) || markupTooDeep(text)) return null;
  return text;
}

/** The text of an SVG file when the bytes are one: `svgMarkup`, confirmed by parsing it as XML. */
export function svgText(bytes: Uint8Array): string | null {
  const text = svgMarkup(bytes);
  if (text === null) return null;
  const root = new DOMParser().parseFromString(text, 'image/svg+xml').documentElement;
  return root?.localName === 'svg' ? text : null;
}

/** The raster image type of the bytes by their magic numbers, or `null`. */
export function rasterImageType(bytes: Uint8Array): Exclude<ImageType, 'svg'> | null {
  if (isPng(bytes)) return 'png';
  if (isJpeg(bytes)) return 'jpeg';
  if (isWebp(bytes)) return 'webp';
  return null;
}

/** The image type of the bytes by their content (magic numbers; SVG by its markup), or `null`. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  // Markup is only tried for bytes that are no binary format: a PNG with markup after its header stays a PNG.
  return rasterImageType(bytes) ?? (svgText(bytes) !== null ? 'svg' : null);
}
