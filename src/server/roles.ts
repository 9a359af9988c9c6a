import { Role } from '../api-shapes/roles.js';

// The role numbers are shared with the app (src/api-shapes/roles.ts): one definition.
export { Role, ROLE_VALUES, type RoleValue } from '../api-shapes/roles.js';

/** The role's name as people read it ("Admin"). */
export function roleName(role: number): string {
  const entry = Object.entries(Role).find(([, value]) => value === role);
  return entry ? entry[0] : `role ${role}`;
}
