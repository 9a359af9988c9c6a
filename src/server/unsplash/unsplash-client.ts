/**
 * Cover image search through the Unsplash API (spec: the cover image picker's
 * `GET /api/unsplash/`). Only the fields the picker shows leave this module.
 */

/** One search result (spec section 3: id, urls.regular, urls.small, alt_description). */
export interface UnsplashImage {
  id: string;
  urls: { regular: string; small: string };
  alt_description: string | null;
}

/** How to reach Unsplash; without an access key searches give no results. */
export interface UnsplashClientOptions {
  /** The application's access key (sent as `Client-ID`). */
  accessKey?: string | null;
  /** The API origin; `https://api.unsplash.com` by default. */
  baseUrl?: string;
  /** The fetch to use; the global one by default. */
  fetch?: typeof fetch;
  /** Milliseconds before a search is abandoned; 10 s by default. */
  timeoutMs?: number;
}

/** Paging of a search. */
export interface UnsplashSearchOptions {
  /** The page, from 1. */
  page?: number;
  /** Results per page, 1 to 30 (Unsplash's maximum); 20 by default. */
  perPage?: number;
  signal?: AbortSignal;
}

/** The Unsplash search client. */
export interface UnsplashClient {
  /** Whether an access key is set. */
  readonly isConfigured: boolean;
  /** Photos matching the query; an empty list without a key or for an empty query. Throws `UnsplashError`. */
  search(query: string, options?: UnsplashSearchOptions): Promise<UnsplashImage[]>;
}

/**
 * Unsplash failed: an error status, an unreadable answer, no connection or no answer
 * in time. `statusCode` is what the API should answer with.
 */
export class UnsplashError extends Error {
  readonly statusCode: 502 | 503 | 504;
  /** Unsplash's HTTP status, or `null` when it never answered. */
  readonly upstreamStatus: number | null;
  /** Whether Unsplash refused because the key's hourly quota is used up. */
  readonly rateLimited: boolean;

  constructor(upstreamStatus: number | null, message: string, options: ErrorOptions & { rateLimited?: boolean; timedOut?: boolean } = {}) {
    super(message, options);
    this.name = 'UnsplashError';
    this.upstreamStatus = upstreamStatus;
    this.rateLimited = options.rateLimited ?? false;
    this.statusCode = options.timedOut ? 504 : this.rateLimited ? 503 : 502;
  }
}

/** Unsplash's largest page. */
const MAX_PER_PAGE = 30;

/** The default API origin. */
export const UNSPLASH_API_URL = 'https://api.unsplash.com';

function clampInt(value: number | undefined, min: number, max: number, fallback: number): number {
  if (typeof value !== 'number' || !Number.isFinite(value)) return fallback;
  return Math.min(max, Math.max(min, Math.floor(value)));
}

function webUrl(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' || url.protocol === 'http:' ? value : null;
  } catch {
    return null;
  }
}

/** A result in the shape the picker uses, or `null` when it lacks what the picker needs. */
function toImage(raw: unknown): UnsplashImage | null {
  const item = raw as { id?: unknown; urls?: { regular?: unknown; small?: unknown }; alt_description?: unknown } | null;
  if (!item || typeof item.id !== 'string') return null;
  const regular = webUrl(item.urls?.regular);
  const small = webUrl(item.urls?.small);
  if (!regular || !small) return null;
  return { id: item.id, urls: { regular, small }, alt_description: typeof item.alt_description === 'string' ? item.alt_description : null };
}

/** Creates the client; no request is made until `search`. */
export function createUnsplashClient(options: UnsplashClientOptions): UnsplashClient {
  const accessKey = options.accessKey?.trim() || null;
  const baseUrl = (options.baseUrl ?? UNSPLASH_API_URL).replace(/\/+$/, '');
  const doFetch = options.fetch ?? globalThis.fetch;
  const timeoutMs = options.timeoutMs ?? 10_000;

  return {
    isConfigured: !!accessKey,
    async search(query: string, searchOptions: UnsplashSearchOptions = {}): Promise<UnsplashImage[]> {
      const text = typeof query === 'string' ? query.trim() : '';
      if (!accessKey || !text) return [];
      const params = new URLSearchParams({
        query: text,
        page: String(clampInt(searchOptions.page, 1, 10_000, 1)),
        per_page: String(clampInt(searchOptions.perPage, 1, MAX_PER_PAGE, 20)),
      });
      const timeout = AbortSignal.timeout(timeoutMs);
      const signal = searchOptions.signal ? AbortSignal.any([timeout, searchOptions.signal]) : timeout;
      let status: number | null = null;
      let body: unknown;
      try {
        const response = await doFetch(`${baseUrl}/search/photos?${params}`, {
          headers: { Authorization: `Client-ID ${accessKey}`, 'Accept-Version': 'v1', Accept: 'application/json' },
          signal,
        });
        status = response.status;
        const textBody = await response.text();
        if (!response.ok) {
          // Unsplash answers 403 "Rate Limit Exceeded" when the hourly quota is used up.
          const rateLimited = status === 429 || (status === 403 && (response.headers.get('x-ratelimit-remaining') === '0' || /rate limit/i.test(textBody)));
          throw new UnsplashError(
            status,
            rateLimited ? 'The image search has reached its hourly limit. Please try again later.' : `The image search failed (status ${status}).`,
            { rateLimited },
          );
        }
        body = JSON.parse(textBody);
      } catch (error) {
        if (error instanceof UnsplashError) throw error;
        if (timeout.aborted) throw new UnsplashError(null, 'The image search did not answer in time.', { timedOut: true, cause: error });
        if (searchOptions.signal?.aborted) throw searchOptions.signal.reason;
        if (error instanceof SyntaxError) throw new UnsplashError(status, 'The image search sent an answer that could not be read.', { cause: error });
        throw new UnsplashError(null, 'The image search could not be reached.', { cause: error });
      }
      const results = (body as { results?: unknown } | null)?.results;
      if (!Array.isArray(results)) throw new UnsplashError(status, 'The image search sent an answer that could not be read.');
      return results.map(toImage).filter((image): image is UnsplashImage => image !== null);
    },
  };
}
