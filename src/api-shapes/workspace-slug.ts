// Plain data and pure functions, no imports: the app checks a slug as it is typed with the
// same rules and sentences the server answers with.

/** Top-level paths of the app that a workspace slug may not take (spec). */
export const RESERVED_SLUGS: readonly string[] = [
  '404',
  'accounts',
  'api',
  'create-workspace',
  'error',
  'god-mode',
  'installations',
  'invitations',
  'onboarding',
  'profile',
  'spaces',
  'workspace-invitations',
];

/**
 * Slugs the API's own paths use as words after /api/workspaces/ (file assets are
 * addressed as /api/workspaces/file-assets/…): a workspace with one of them would have
 * its routes shadowed.
 */
export const API_PATH_SLUGS: readonly string[] = ['file-assets'];

/** Longest accepted slug. */
export const SLUG_MAX_LENGTH = 48;

/** The slug as stored: trimmed and lower-case. */
export function normalizeSlug(slug: string): string {
  return slug.trim().toLowerCase();
}

/** Why a (normalised) slug cannot be used, or null when it can. */
export function slugProblem(slug: string): string | null {
  if (!slug) return 'Workspace URL is required.';
  if (slug.length > SLUG_MAX_LENGTH) return `Workspace URL can have at most ${SLUG_MAX_LENGTH} characters.`;
  if (!/^[a-z0-9][a-z0-9_-]*$/.test(slug)) {
    return 'Workspace URL can only contain letters, numbers, hyphens and underscores, and must start with a letter or number.';
  }
  if (RESERVED_SLUGS.includes(slug) || API_PATH_SLUGS.includes(slug)) return 'This workspace URL is reserved.';
  return null;
}
