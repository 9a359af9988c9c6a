// Plain data, no imports: the app loads this module at run time.

/** A day in milliseconds: the unit of the app's and the server's day-long spans (expiries, drafts, burn-down). */
export const DAY_MS = 86_400_000;
