import { Type, type Static } from 'typebox';
import { nullable, string, stringEnum, timestamp, uuid } from './fields.js';
import { FAVORITE_KINDS } from './favorite-kinds.js';

export { FAVORITE_KINDS, type FavoriteKind } from './favorite-kinds.js';

/**
 * A favorite as its owner's sidebar lists it: what it is (`kind`, `entity_id`, its project) and
 * its name now (an issue's key too), so the list needs no other read.
 */
export const favoriteShape = Type.Object({
  id: uuid,
  kind: stringEnum(FAVORITE_KINDS),
  entity_id: uuid,
  project_id: uuid,
  name: string,
  // An issue's key (WEB-12); null for the other kinds.
  key: nullable(string),
  created_at: timestamp,
});

/** A favorite as listed. */
export type Favorite = Static<typeof favoriteShape>;

/** POST /workspaces/:slug/favorites: keep an issue, cycle, module or page the caller sees. */
export const favoriteCreateBody = Type.Object({ kind: stringEnum(FAVORITE_KINDS), entity_id: uuid }, { additionalProperties: false });

/** What adding a favorite sends. */
export type FavoriteCreateBody = Static<typeof favoriteCreateBody>;
