import { Type, type Static, type TSchema, type TUnsafe } from 'typebox';
import { ROLE_VALUES, type RoleValue } from './roles.js';

// TypeBox fragments the API shapes are built from. Each one is plain JSON schema at run time
// (TypeBox keeps its own markers non-enumerable), so fastify's ajv sees exactly the schema
// written here, and each one also carries its TypeScript type.

/** A UUID string. */
export const uuid = Type.String({ format: 'uuid' });

/** A calendar date 'YYYY-MM-DD'. */
export const date = Type.String({ format: 'date' });

/** A stored timestamp: a Date in the server's rows, ISO 8601 text on the wire. */
export const timestamp = Type.Codec(Type.String({ format: 'date-time' }))
  .Decode((value: string) => new Date(value))
  .Encode((value: Date) => value.toISOString());

/** A timestamp, or null (for example `archived_at`). */
export const nullableTimestamp = Type.Codec(Type.Unsafe<string | null>({ type: ['string', 'null'], format: 'date-time' }))
  .Decode((value: string | null) => (value === null ? null : new Date(value)))
  .Encode((value: Date | null) => (value === null ? null : value.toISOString()));

/** A role number: 5, 10, 15 or 20. */
export const role = Type.Unsafe<RoleValue>({ type: 'integer', enum: ROLE_VALUES });

/**
 * An image or link address the app may put in an attribute: http(s) or a same-site path
 * (never javascript:, data: or a protocol-relative //host). Browsers read `\` as `/` in such
 * addresses, so `/\host/x.png` is protocol-relative too and refused.
 */
export const imageUrl = Type.String({ maxLength: 2048, pattern: '^(https?://[^\\s]+|/(?![/\\\\])[^\\s]*)$' });

/** A colour as the colour pickers send it: # and 3 or 6 hex digits (a pattern, to build others from). */
export const HEX_COLOUR_PATTERN = '#([0-9a-fA-F]{3}|[0-9a-fA-F]{6})';

/** A colour: # and 3 or 6 hex digits. */
export const hexColour = Type.String({ pattern: `^${HEX_COLOUR_PATTERN}$` });

/** The editor's JSON document (checked by the editor's schema when normalised, not here). */
export const editorDocument = Type.Unsafe<Record<string, unknown>>({ type: 'object' });

/** A string of bounded length. */
export function text(maxLength: number, minLength = 0) {
  return Type.String({ minLength, maxLength });
}

/** Any string (text the server made, not bounded here). */
export const string = Type.String();

/** A whole number. */
export const integer = Type.Integer();

/** A number. */
export const number = Type.Number();

/** true or false. */
export const boolean = Type.Boolean();

/**
 * `schema`, or null. Written as `type: [t, 'null']` rather than `anyOf`, so a wrong value gets
 * one error naming the field ("Target date must be text or null") and the serialiser stays fast.
 * Timestamps use `nullableTimestamp` instead (their row type is a Date).
 */
export function nullable<S extends TSchema & { type: string }>(schema: S): TUnsafe<Static<S> | null> {
  return Type.Unsafe<Static<S> | null>({ ...schema, type: [schema.type, 'null'] });
}

/** One of `values`, as a string enum (`{ type: 'string', enum }`: a number is "must be text"). */
export function stringEnum<const V extends readonly string[]>(values: V): TUnsafe<V[number]> {
  return Type.Unsafe<V[number]>({ type: 'string', enum: values });
}

/** `properties` with each one optional: the fields of a body that sends only what it sets. */
export function optionalFields<P extends Record<string, TSchema>>(properties: P): { [K in keyof P]: ReturnType<typeof Type.Optional<P[K]>> } {
  return Object.fromEntries(Object.entries(properties).map(([key, schema]) => [key, Type.Optional(schema)])) as {
    [K in keyof P]: ReturnType<typeof Type.Optional<P[K]>>;
  };
}
