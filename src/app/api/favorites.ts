import type { Favorite, FavoriteKind } from '../../api-shapes/favorite.js';
import type { ApiClient } from './client.js';

export type { Favorite, FavoriteKind } from '../../api-shapes/favorite.js';

const favoritesPath = (slug: string, favoriteId?: string) => `/workspaces/${encodeURIComponent(slug)}/favorites${favoriteId ? `/${encodeURIComponent(favoriteId)}` : ''}`;

/** The signed-in user's favorites in a workspace: list, keep one, remove one. */
export function favoritesApi(client: ApiClient) {
  return {
    list: (slug: string) => client.request<Favorite[]>('GET', favoritesPath(slug)),
    add: (slug: string, kind: FavoriteKind, entityId: string) => client.request<Favorite>('POST', favoritesPath(slug), { body: { kind, entity_id: entityId } }),
    remove: (slug: string, favoriteId: string) => client.request<void>('DELETE', favoritesPath(slug, favoriteId)),
  };
}
