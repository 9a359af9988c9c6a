// Plain data, no imports: the app loads this module at run time.

/** What a person can keep among their favorites, each opened from the sidebar. */
export const FAVORITE_KINDS = ['issue', 'cycle', 'module', 'page'] as const;

/** One kind of favorite. */
export type FavoriteKind = (typeof FAVORITE_KINDS)[number];

/** How many favorites one person keeps in one workspace. */
export const MAX_FAVORITES = 50;

/** Said when the favorites are full. */
export const FAVORITES_FULL = `You can keep up to ${MAX_FAVORITES} favorites in a workspace: remove one to add another.`;

/** Said when what is to be kept is not there for the caller (missing, deleted, or not theirs to see), or the favorite is not theirs. */
export const FAVORITE_NOT_FOUND = 'Favorite not found.';
