// Plain data, no imports: the app loads this module at run time.

/** The numeric roles of the spec, shared by workspaces and projects. */
export const Role = { Guest: 5, Viewer: 10, Member: 15, Admin: 20 } as const;

/** One of the role numbers: 5, 10, 15 or 20. */
export type RoleValue = (typeof Role)[keyof typeof Role];

/** Every role number, lowest first. */
export const ROLE_VALUES: readonly RoleValue[] = [Role.Guest, Role.Viewer, Role.Member, Role.Admin];
