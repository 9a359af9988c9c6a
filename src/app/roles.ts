import { Role, ROLE_VALUES, type RoleValue } from '../api-shapes/roles.js';

// The numeric roles of a workspace or project member (spec section 6), as the server defines them.
export { Role, type RoleValue } from '../api-shapes/roles.js';

/** Whether someone with `role` may do what needs at least `min`; no role (not a member) may do nothing. */
export function can(role: number | null | undefined, min: number): boolean {
  return typeof role === 'number' && role >= min;
}

/** The role's name as the UI shows it ("Member"), or "Unknown" for a number that is not a role. */
export function roleName(role: number): string {
  const entry = Object.entries(Role).find(([, value]) => value === role);
  return entry ? entry[0] : 'Unknown';
}

/** Whether `value` is one of the role numbers (a role picker's value read back as a number). */
export function isRole(value: number): value is RoleValue {
  return (ROLE_VALUES as readonly number[]).includes(value);
}
