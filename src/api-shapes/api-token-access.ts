// Plain data, no imports: the app loads this module at run time, so the token dialog's and list's
// words match what the server says of a token's access.

/**
 * What a personal API token may do, set when it is made and never raised afterwards (a new token
 * is made instead): `read` calls only the methods that change nothing (GET, HEAD, OPTIONS);
 * `write` does everything its owner's role allows.
 */
export const API_TOKEN_ACCESS = ['read', 'write'] as const;

/** One access level of a token. */
export type ApiTokenAccess = (typeof API_TOKEN_ACCESS)[number];

/**
 * The access of a token made without one: what every token could do before tokens had a level,
 * so the tokens and the scripts made before keep working.
 */
export const DEFAULT_API_TOKEN_ACCESS: ApiTokenAccess = 'write';

/** Each access level as people read it, in the app and in the server's refusals. */
export const API_TOKEN_ACCESS_LABELS: Readonly<Record<ApiTokenAccess, string>> = {
  read: 'Read only',
  write: 'Read and write',
};

/** 403 for a read-only token on a request that could change something (any method but GET, HEAD, OPTIONS). */
export const READ_ONLY_TOKEN_REFUSAL =
  `This API token has ${API_TOKEN_ACCESS_LABELS.read} access: it can read (GET, HEAD and OPTIONS requests) but not create, change or delete anything. ` +
  `Create a token with ${API_TOKEN_ACCESS_LABELS.write} access for this.`;
