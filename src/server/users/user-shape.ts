import type { StaticDecode } from 'typebox';
import { authUserShape, displayUserShape, memberShape } from '../../api-shapes/user.js';
import { selectList } from '../db/select-list.js';

// The user shapes are defined once in src/api-shapes/user.ts (shared with the app); this module
// gives the server their SQL and row types.

/** The signed-in user as the server knows them (never the password hash). */
export type AuthUser = StaticDecode<typeof authUserShape>;

/** SELECT list producing an AuthUser from `users u`. */
export const AUTH_USER_COLUMNS = selectList(authUserShape, 'u');

/** Response schema of an AuthUser (GET /api/users/me). */
export const authUserSchema = authUserShape;

/** SELECT list of the spec's user display shape (id, display_name, first_name, is_bot, avatar) from `users u`. */
export const DISPLAY_USER_COLUMNS = selectList(displayUserShape, 'u');

/** A workspace or project member: the display shape plus the role in that scope. */
export const memberSchema = memberShape;

/** A member row as the member routes return it. */
export type Member = StaticDecode<typeof memberShape>;
