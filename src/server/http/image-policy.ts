/**
 * Where the images the app shows may come from. An image on another site is a tracking pixel:
 * every viewer's browser asks that site for it, telling it who looked and when. So by default
 * images come only from this server (uploads, covers, avatars) or are inline (`data:`, `blob:`);
 * an administrator can allow more hosts with IMAGE_HOSTS, and Unsplash's image hosts are allowed
 * when its cover search is configured (Unsplash asks that its images be shown from them).
 *
 * The policy is applied in three places: the pages' Content-Security-Policy (what a browser
 * loads at all, a shared document's live content included), rich text as it is stored (an image
 * elsewhere becomes a link to its address: nothing lost, nothing loaded), and the addresses of
 * logos, covers and avatars (refused).
 */
import { badRequest } from './errors.js';

/** A page of this server, as far as reading addresses goes: what resolves to its origin is ours. */
const OWN_PAGE = new URL('https://app.invalid/');

/** The hosts Unsplash serves its images from. */
export const UNSPLASH_IMAGE_ORIGINS: readonly string[] = ['https://images.unsplash.com', 'https://plus.unsplash.com'];

/**
 * The origins images may come from besides this server: IMAGE_HOSTS (comma-separated host
 * names or https origins), and Unsplash's when `unsplash` is configured. Throws, naming the
 * entry, for one that is not an https host.
 */
export function imageOrigins(imageHosts: string | null, unsplash: boolean): string[] {
  const origins = (imageHosts ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      let url: URL | null = null;
      try {
        url = new URL(entry.includes('://') ? entry : `https://${entry}`);
      } catch {
        // reported below
      }
      if (!url || url.protocol !== 'https:' || !url.hostname || (url.pathname !== '/' && url.pathname !== '')) {
        throw new Error(`IMAGE_HOSTS must list https hosts such as cdn.example.com, not "${entry}"`);
      }
      return url.origin;
    });
  return [...new Set([...origins, ...(unsplash ? UNSPLASH_IMAGE_ORIGINS : [])])];
}

/**
 * Whether an image at `src` may be shown: a path on this server, inline data, or an address on
 * one of `origins` (which may hold the server's own public origin).
 */
export function isAllowedImageSource(src: string, origins: readonly string[]): boolean {
  const value = src.trim();
  if (/^(data|blob):/i.test(value)) return true;
  let url: URL;
  try {
    // Read as a browser reads it on one of our pages: a relative address stays on this server,
    // while `//host` and `/\host` lead to another.
    url = new URL(value, OWN_PAGE);
  } catch {
    return false;
  }
  if (url.origin === OWN_PAGE.origin) return true;
  return (url.protocol === 'https:' || url.protocol === 'http:') && origins.includes(url.origin);
}

/** The image sources of the pages' Content-Security-Policy: this server, inline images, and `origins`. */
export function imageSourcesDirective(origins: readonly string[]): string {
  return ["img-src 'self' data: blob:", ...origins].join(' ');
}

/** Why `src` cannot be `what`'s image (a sentence for a 400), or null when it can. */
export function imageSourceProblem(src: string | null | undefined, origins: readonly string[], what: string): string | null {
  if (src === null || src === undefined || isAllowedImageSource(src, origins)) return null;
  return `The ${what} must be uploaded, or come from an image host this server allows.`;
}

/** Refuses (400) an address outside `origins` as `what`'s image (a logo, a cover, an avatar). */
export function requireAllowedImage(src: string | null | undefined, origins: readonly string[], what: string): void {
  const problem = imageSourceProblem(src, origins, what);
  if (problem) throw badRequest(problem);
}
