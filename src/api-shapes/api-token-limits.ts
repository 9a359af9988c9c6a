// Plain data (no TypeBox), so the app loads it at run time: the token form's limits match the
// server's checks.

/** The longest label a personal API token may have. */
export const API_TOKEN_LABEL_MAX = 255;
