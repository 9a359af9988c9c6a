import { nullable, role, text, timestamp, uuid } from '../http/schemas.js';

/** The signed-in user as the server knows them (never the password hash). */
export interface AuthUser {
  id: string;
  email: string;
  display_name: string;
  first_name: string;
  last_name: string;
  avatar: string | null;
  is_bot: boolean;
  created_at: Date;
  updated_at: Date;
}

/** SELECT list producing an AuthUser from `users u`. */
export const AUTH_USER_COLUMNS = 'u.id, u.email, u.display_name, u.first_name, u.last_name, u.avatar, u.is_bot, u.created_at, u.updated_at';

/** Response schema of an AuthUser (GET /api/users/me). */
export const authUserSchema = {
  type: 'object',
  required: ['id', 'email', 'display_name', 'first_name', 'last_name', 'avatar', 'is_bot'],
  properties: {
    id: uuid,
    email: { type: 'string' },
    display_name: { type: 'string' },
    first_name: { type: 'string' },
    last_name: { type: 'string' },
    avatar: nullable(text(2048)),
    is_bot: { type: 'boolean' },
    created_at: timestamp,
    updated_at: timestamp,
  },
} as const;

/** SELECT list of the spec's user display shape (id, display_name, first_name, is_bot, avatar) from `users u`. */
export const DISPLAY_USER_COLUMNS = 'u.id, u.display_name, u.first_name, u.is_bot, u.avatar';

/** Properties of the spec's user display shape. */
export const displayUserProperties = {
  id: uuid,
  display_name: { type: 'string' },
  first_name: { type: 'string' },
  is_bot: { type: 'boolean' },
  avatar: nullable(text(2048)),
} as const;

/** A workspace or project member: the display shape plus the role in that scope. */
export const memberSchema = {
  type: 'object',
  required: ['id', 'display_name', 'first_name', 'is_bot', 'avatar', 'role'],
  properties: { ...displayUserProperties, role },
} as const;

/** A member row as the member routes return it. */
export interface Member {
  id: string;
  display_name: string;
  first_name: string;
  is_bot: boolean;
  avatar: string | null;
  role: number;
}
