import { imageUrl, nullable, role, timestamp, uuid } from '../http/schemas.js';

/** A workspace as the API returns it, with the caller's role. */
export interface WorkspaceJson {
  id: string;
  slug: string;
  name: string;
  logo: string | null;
  created_at: Date;
  updated_at: Date;
  role: number;
}

/** SELECT list of a workspace from `workspaces w` (add the role yourself). */
export const WORKSPACE_COLUMNS = 'w.id, w.slug, w.name, w.logo, w.created_at, w.updated_at';

/** Response schema of a workspace. */
export const workspaceSchema = {
  type: 'object',
  required: ['id', 'slug', 'name', 'logo', 'role'],
  properties: {
    id: uuid,
    slug: { type: 'string' },
    name: { type: 'string' },
    logo: nullable(imageUrl),
    created_at: timestamp,
    updated_at: timestamp,
    role,
  },
} as const;
