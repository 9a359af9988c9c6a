// The slug rules are shared with the app (it checks a slug as it is typed): one definition.
export { API_PATH_SLUGS, normalizeSlug, RESERVED_SLUGS, SLUG_MAX_LENGTH, slugProblem } from '../../api-shapes/workspace-slug.js';
