import type { StaticDecode } from 'typebox';
import { projectRowShape, projectShape } from '../../api-shapes/project.js';
import { selectList } from '../db/select-list.js';

// The project shape is defined once in src/api-shapes/project.ts (shared with the app).

export { FEATURE_TOGGLES } from '../../api-shapes/project.js';

/** A project as the API returns it, with the caller's effective role. */
export type ProjectJson = StaticDecode<typeof projectShape>;

/** SELECT list of a project from `projects p` (add role and is_member yourself). */
export const PROJECT_COLUMNS = selectList(projectRowShape, 'p');

/** Response schema of a project. */
export const projectSchema = projectShape;

/** The identifier as stored: trimmed and upper-case. */
export function normalizeIdentifier(identifier: string): string {
  return identifier.trim().toUpperCase();
}

/** Why a (normalised) project identifier cannot be used, or null when it can. */
export function identifierProblem(identifier: string): string | null {
  if (!identifier) return 'Project identifier is required.';
  if (!/^[A-Z0-9]{1,12}$/.test(identifier)) return 'Project identifier can only contain letters and numbers, at most 12.';
  return null;
}
