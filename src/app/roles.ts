/** The numeric roles of a workspace or project member (spec section 6). */
export const Role = { Guest: 5, Viewer: 10, Member: 15, Admin: 20 } as const;

/** One of the role numbers. */
export type RoleValue = (typeof Role)[keyof typeof Role];

/** Whether someone with `role` may do what needs at least `min`; no role (not a member) may do nothing. */
export function can(role: number | null | undefined, min: number): boolean {
  return typeof role === 'number' && role >= min;
}

/** The role's name as the UI shows it ("Member"), or "Unknown" for a number that is not a role. */
export function roleName(role: number): string {
  const entry = Object.entries(Role).find(([, value]) => value === role);
  return entry ? entry[0] : 'Unknown';
}
