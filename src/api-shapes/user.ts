import { Type, type Static } from 'typebox';
import { boolean, nullable, role, string, text, timestamp, uuid } from './fields.js';

/** The spec's user display shape (id, display_name, first_name, is_bot, avatar). */
export const displayUserShape = Type.Object({
  id: uuid,
  display_name: string,
  first_name: string,
  is_bot: boolean,
  avatar: nullable(text(2048)),
});

/** A user in the spec's display shape. */
export type DisplayUser = Static<typeof displayUserShape>;

/** A workspace or project member: the display shape plus the role in that scope. */
export const memberShape = Type.Object({ ...displayUserShape.properties, role });

/** A workspace or project member. */
export type Member = Static<typeof memberShape>;

/** The signed-in user (GET /api/users/me): never the password hash. */
export const authUserShape = Type.Object({
  id: uuid,
  email: string,
  display_name: string,
  first_name: string,
  last_name: string,
  avatar: nullable(text(2048)),
  is_bot: boolean,
  created_at: timestamp,
  updated_at: timestamp,
});

/** The signed-in user. */
export type User = Static<typeof authUserShape>;

/** Whom the browser is signed in as (GET /api/auth/session): the user, or null when signed out. */
export const sessionShape = Type.Object({ user: nullable(authUserShape) });

/** The browser's session as the app asks for it at load. */
export type Session = Static<typeof sessionShape>;
