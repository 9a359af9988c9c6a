// JSON-schema fragments shared by the routes' `schema` options (validated by fastify's ajv).
// The field fragments the API shapes are made of are defined once, in src/api-shapes/fields.ts.
import { uuid } from '../../api-shapes/fields.js';
import { queryInteger } from '../../api-shapes/query-fields.js';

export { date, imageUrl, nullable, role, text, timestamp, uuid } from '../../api-shapes/fields.js';
// Query values arrive as strings (no coercion): declare them with these, convert in the handler.
export { queryBoolean, queryInteger } from '../../api-shapes/query-fields.js';

/** A workspace slug as it appears in a URL. */
export const slug = { type: 'string', minLength: 1, maxLength: 48 } as const;

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

/** A route's path parameters, as a JSON schema. */
export interface ParamsSchema {
  readonly type: 'object';
  readonly required: readonly string[];
  readonly properties: Readonly<Record<string, object>>;
}

/** `Base` with the uuid parameters `Ids` after its own: the literal types routes read their params from. */
export type ParamsWithIds<Base extends ParamsSchema, Ids extends readonly string[]> = {
  readonly type: 'object';
  readonly required: readonly [...Base['required'], ...Ids];
  readonly properties: { readonly [Key in keyof Base['properties'] | Ids[number]]: Key extends Ids[number] ? typeof uuid : Base['properties'][Key] };
};

/**
 * `base`'s path parameters followed by more ids, each a uuid: `withIds(projectParams, 'cycleId')`
 * for everything under …/projects/:projectId/cycles/:cycleId.
 */
export function withIds<const Base extends ParamsSchema, const Ids extends readonly string[]>(base: Base, ...ids: Ids): ParamsWithIds<Base, Ids> {
  return {
    type: 'object',
    required: [...base.required, ...ids],
    properties: { ...base.properties, ...Object.fromEntries(ids.map((id) => [id, uuid])) },
  } as unknown as ParamsWithIds<Base, Ids>;
}

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
