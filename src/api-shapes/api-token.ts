import { Type, type Static } from 'typebox';
import { API_TOKEN_ACCESS } from './api-token-access.js';
import { API_TOKEN_LABEL_MAX } from './api-token-limits.js';
import { nullableTimestamp, string, stringEnum, text, timestamp, uuid } from './fields.js';
import { displayUserShape } from './user.js';

// A personal API token lets a program call the API as its owner, with the owner's role in one
// workspace. The secret is shown once, when it is made; afterwards a token is known by its label
// and the first characters of the secret (`token_prefix`), which are not enough to use it. Its
// `access` (api-token-access.ts) is set when it is made and cannot be raised: a new token is made.

/** A token's access level: `read` or `write`. */
const access = stringEnum(API_TOKEN_ACCESS);

/**
 * POST /workspaces/:slug/api-tokens: a label, optionally when the token stops working (none:
 * never) and its access (none: DEFAULT_API_TOKEN_ACCESS, as for the tokens made before levels).
 */
export const apiTokenCreateBody = Type.Object(
  { label: text(API_TOKEN_LABEL_MAX, 1), expires_at: Type.Optional(Type.String({ format: 'date-time' })), access: Type.Optional(access) },
  { additionalProperties: false },
);

/** What making a token sends. */
export type ApiTokenCreateBody = Static<typeof apiTokenCreateBody>;

/** A token as its owner lists it: never the secret. */
export const apiTokenShape = Type.Object({
  id: uuid,
  label: string,
  access,
  token_prefix: string,
  expires_at: nullableTimestamp,
  last_used_at: nullableTimestamp,
  created_at: timestamp,
});

/** A token as its owner lists it. */
export type ApiToken = Static<typeof apiTokenShape>;

/** The answer to making a token: the listed token and, this once, its secret. */
export const createdApiTokenShape = Type.Object({ ...apiTokenShape.properties, token: string });

/** The answer to making a token, with its secret. */
export type CreatedApiToken = Static<typeof createdApiTokenShape>;

/** A token of another member as a workspace admin lists it (GET …/api-tokens/members): whose it is, never the secret. */
export const memberApiTokenShape = Type.Object({ ...apiTokenShape.properties, owner: displayUserShape });

/** Another member's token, as an admin sees it. */
export type MemberApiToken = Static<typeof memberApiTokenShape>;
