import type { ApiClient } from './client.js';

/** An Unsplash-style cover image (spec section 3). */
export interface CoverImage {
  id: string;
  urls: { regular: string; small: string };
  alt_description: string | null;
}

/** The cover picker's sources: the product's project covers and the Unsplash search. */
export function coversApi(client: ApiClient) {
  return {
    list: () => client.request<string[]>('GET', '/project-covers/'),
    searchUnsplash: async (query: string) => (await client.request<{ results: CoverImage[] }>('GET', '/unsplash/', { query: { query } })).results,
  };
}
