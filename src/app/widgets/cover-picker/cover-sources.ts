/** An Unsplash-style cover image (spec section 3). */
export interface UnsplashImage {
  id: string;
  urls: { regular: string; small: string };
  alt_description: string | null;
}

/** Searches Unsplash for cover images. */
export type SearchUnsplash = (query: string) => Promise<UnsplashImage[]>;

/** Lists the product's own project covers as URLs. */
export type ListCovers = () => Promise<string[]>;

/** The message for a failed request without an error text of its own. */
export const LOAD_FAILED_MESSAGE = 'Something went wrong. Please try again.';

/** The text to show for a failed request: the server's `error` text (on the error or in its JSON body) or the error message, or the generic message. */
export function requestErrorText(error: unknown): string {
  if (error && typeof error === 'object') {
    const { error: own, body } = error as { error?: unknown; body?: { error?: unknown } | null };
    const serverText = typeof own === 'string' ? own : typeof body?.error === 'string' ? body.error : '';
    if (serverText.trim()) return serverText;
    if (error instanceof Error && error.message.trim()) return error.message;
  }
  return LOAD_FAILED_MESSAGE;
}
