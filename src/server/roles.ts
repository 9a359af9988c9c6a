import { Role } from '../api-shapes/roles.js';

// The role numbers are shared with the app (src/api-shapes/roles.ts): one definition.
export { Role, ROLE_VALUES, type RoleValue } from '../api-shapes/roles.js';

/** The role's name as people read it ("Admin"). */
export function roleName(role: number): string {
  const entry = Object.entries(Role).find(([, value]) => value === role);
  return entry ? entry[0] : `role ${role}`;
}

/**
 * The caller's role in a project from their workspace role and their project membership (null
 * when not a member): a workspace admin counts as every project's admin; anyone else has their
 * membership's role, or none (the project is not theirs to open).
 */
export function effectiveProjectRole(workspaceRole: number, memberRole: number | null): number | null {
  if (workspaceRole >= Role.Admin) return Role.Admin;
  return memberRole;
}
