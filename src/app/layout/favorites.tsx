import { Star, type LucideIcon } from 'lucide-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { NavLink } from 'react-router';
import { useApi } from '../api/api-context.js';
import { errorMessage } from '../api/api-error.js';
import type { Favorite, FavoriteKind } from '../api/favorites.js';
import { queryKeys } from '../api/query-keys.js';
import { paths } from '../router/paths.js';
import { Button } from '../ui/button.js';
import { Icon } from '../ui/icon.js';
import { SECTION_ICONS } from './section-icons.js';
import { useStyles } from '../ui/styles.js';
import { useNotify } from '../ui/toasts.js';

/** Each kind's icon (its section's) and page. */
const KINDS: Record<FavoriteKind, { icon: LucideIcon; path: (slug: string, projectId: string, id: string) => string }> = {
  issue: { icon: SECTION_ICONS.issues, path: paths.issue },
  cycle: { icon: SECTION_ICONS.cycles, path: paths.cycle },
  module: { icon: SECTION_ICONS.modules, path: paths.module },
  page: { icon: SECTION_ICONS.pages, path: paths.page },
};

const favoritesCss = `
.app-sidebar-link .app-favorite-name { min-width: 0; overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.app-favorite-button[aria-pressed="true"] .app-icon { fill: currentColor; }
`;

/** The signed-in user's favorites in workspace `slug`, in the order kept. */
export function useFavorites(slug: string) {
  const api = useApi();
  return useQuery({ queryKey: queryKeys.favorites(slug), queryFn: () => api.favorites.list(slug), enabled: !!slug });
}

/** A favorite's name as the sidebar shows it: an issue's key and title, anything else its name. */
const favoriteName = (favorite: Favorite) => (favorite.key ? `${favorite.key} ${favorite.name}` : favorite.name || 'Untitled');

/** The sidebar's Favorites: a link to each, by its name now; nothing while there are none. */
export function SidebarFavorites({ slug }: { slug: string }) {
  useStyles('app-favorites', favoritesCss);
  const favorites = useFavorites(slug).data ?? [];
  if (!favorites.length) return null;
  return (
    <>
      <h2 className="app-sidebar-heading">
        <Icon icon={Star} size="small" />
        Favorites
      </h2>
      <ul>
        {favorites.map((favorite) => (
          <li key={favorite.id}>
            <NavLink className="app-sidebar-link" to={KINDS[favorite.kind].path(slug, favorite.project_id, favorite.entity_id)} title={favoriteName(favorite)}>
              <Icon icon={KINDS[favorite.kind].icon} />
              <span className="app-favorite-name">{favoriteName(favorite)}</span>
            </NavLink>
          </li>
        ))}
      </ul>
    </>
  );
}

/**
 * A toggle keeping an issue, cycle, module or page among the user's favorites (pressed while it
 * is one); anyone who can open it may. A refusal is a toast, and the sidebar follows at once.
 */
export function FavoriteButton({ slug, kind, entityId, size }: { slug: string; kind: FavoriteKind; entityId: string; size?: 'normal' | 'small' }) {
  useStyles('app-favorites', favoritesCss);
  const api = useApi();
  const queryClient = useQueryClient();
  const notify = useNotify();
  const favorites = useFavorites(slug);
  const kept = favorites.data?.find((favorite) => favorite.kind === kind && favorite.entity_id === entityId);
  const toggle = useMutation({
    mutationFn: async () => {
      if (kept) await api.favorites.remove(slug, kept.id);
      else await api.favorites.add(slug, kind, entityId);
    },
    onError: (error) => notify({ type: 'error', message: errorMessage(error) }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.favorites(slug) }),
  });
  // Until the list is read the state is unknown: the button waits (aria-disabled keeps it focusable).
  const ready = favorites.isSuccess && !toggle.isPending;
  return (
    <Button
      variant="ghost"
      size={size}
      className="app-favorite-button"
      aria-pressed={!!kept}
      aria-disabled={!ready || undefined}
      title={kept ? 'Remove from favorites' : 'Add to favorites'}
      onClick={() => {
        if (ready) toggle.mutate();
      }}
    >
      <Icon icon={Star} />
      Favorite
    </Button>
  );
}
