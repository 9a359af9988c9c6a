import { imageUrl, nullable, role, timestamp, uuid } from '../http/schemas.js';

/** The feature toggles of a project (spec: cycles, modules, pages, views, inbox). */
export const FEATURE_TOGGLES = ['cycle_view', 'module_view', 'page_view', 'issue_views_view', 'inbox_view'] as const;

/** A project as the API returns it, with the caller's effective role. */
export interface ProjectJson {
  id: string;
  workspace_id: string;
  identifier: string;
  name: string;
  description: string;
  cover_image: string | null;
  cycle_view: boolean;
  module_view: boolean;
  page_view: boolean;
  issue_views_view: boolean;
  inbox_view: boolean;
  created_by: string | null;
  created_at: Date;
  updated_at: Date;
  role: number;
  is_member: boolean;
}

/** SELECT list of a project from `projects p` (add role and is_member yourself). */
export const PROJECT_COLUMNS =
  'p.id, p.workspace_id, p.identifier, p.name, p.description, p.cover_image, p.cycle_view, p.module_view, p.page_view, p.issue_views_view, p.inbox_view, p.created_by, p.created_at, p.updated_at';

/** Response schema of a project. */
export const projectSchema = {
  type: 'object',
  required: ['id', 'workspace_id', 'identifier', 'name', 'description', 'cover_image', ...FEATURE_TOGGLES, 'role', 'is_member'],
  properties: {
    id: uuid,
    workspace_id: uuid,
    identifier: { type: 'string' },
    name: { type: 'string' },
    description: { type: 'string' },
    cover_image: nullable(imageUrl),
    cycle_view: { type: 'boolean' },
    module_view: { type: 'boolean' },
    page_view: { type: 'boolean' },
    issue_views_view: { type: 'boolean' },
    inbox_view: { type: 'boolean' },
    created_by: nullable(uuid),
    created_at: timestamp,
    updated_at: timestamp,
    role,
    is_member: { type: 'boolean' },
  },
} as const;

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
