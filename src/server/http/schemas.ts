import { ROLE_VALUES } from '../roles.js';

// JSON-schema fragments shared by the routes' `schema` options (validated by fastify's ajv).

/** A UUID string. */
export const uuid = { type: 'string', format: 'uuid' } as const;

/** A workspace slug as it appears in a URL. */
export const slug = { type: 'string', minLength: 1, maxLength: 48 } as const;

/** A role number: 5, 10, 15 or 20. */
export const role = { type: 'integer', enum: ROLE_VALUES } as const;

/** A timestamp (a Date from the database, sent as ISO 8601). */
export const timestamp = { type: 'string', format: 'date-time' } as const;

/** A calendar date 'YYYY-MM-DD'. */
export const date = { type: 'string', format: 'date' } as const;

/** A string of bounded length. */
export function text(maxLength: number, minLength = 0) {
  return { type: 'string', minLength, maxLength } as const;
}

/** `schema`, or null. */
export function nullable<S extends { type: string }>(schema: S) {
  return { ...schema, type: [schema.type, 'null'] } as const;
}

/**
 * An image or link address the app may put in an attribute: http(s) or a same-site path
 * (never javascript:, data: or a protocol-relative //host). Browsers read `\` as `/` in such
 * addresses, so `/\host/x.png` is protocol-relative too and refused.
 */
export const imageUrl = { type: 'string', maxLength: 2048, pattern: '^(https?://[^\\s]+|/(?![/\\\\])[^\\s]*)$' } as const;

/** Route params of everything under /api/workspaces/:slug. */
export const workspaceParams = {
  type: 'object',
  required: ['slug'],
  properties: { slug },
} as const;

/** Route params of everything under /api/workspaces/:slug/projects/:projectId. */
export const projectParams = {
  type: 'object',
  required: ['slug', 'projectId'],
  properties: { slug, projectId: uuid },
} as const;

/**
 * A whole number (0 to 999,999,999) in a query string. Input is never type-coerced, so query
 * values arrive as strings: declare them with this, read them with `Number(query.x)`, and
 * check or clamp the range yourself.
 */
export const queryInteger = { type: 'string', pattern: '^[0-9]{1,9}$' } as const;

/** A boolean in a query string: 'true' or 'false'; read it with `query.x === 'true'`. */
export const queryBoolean = { type: 'string', enum: ['true', 'false'] } as const;

/** Query string of a paged list: ?limit=50&offset=0 (read it with `pagination(query)`). */
export const paginationQuery = {
  type: 'object',
  properties: {
    limit: queryInteger,
    offset: queryInteger,
  },
} as const;

/** A page of a list: how many rows, after how many. */
export interface Pagination {
  limit: number;
  offset: number;
}

/** The page a paginationQuery asks for: limit 1–100 (default 50), offset from 0 (default 0). */
export function pagination(query: { limit?: string; offset?: string }, defaultLimit = 50): Pagination {
  const limit = query.limit === undefined ? defaultLimit : Number(query.limit);
  return { limit: Math.min(Math.max(limit, 1), 100), offset: query.offset === undefined ? 0 : Number(query.offset) };
}

/** The body of every 4xx/5xx answer. */
export const errorBody = {
  type: 'object',
  required: ['error'],
  properties: { error: { type: 'string' } },
} as const;
