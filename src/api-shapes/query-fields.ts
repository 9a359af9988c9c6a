import { Type } from 'typebox';

// Query string values: text on the wire (input is never type-coerced), each a codec whose
// decoded type is what the text means, for the app that builds the query.

/**
 * A whole number (0 to 999,999,999) in a query string. Input is never type-coerced, so the
 * server reads it with `Number(query.x)` and checks or clamps the range itself.
 */
export const queryInteger = Type.Codec(Type.String({ pattern: '^[0-9]{1,9}$' }))
  .Decode((value: string) => Number(value))
  .Encode((value: number) => String(value));

/** A boolean in a query string: 'true' or 'false'; the server reads it with `query.x === 'true'`. */
export const queryBoolean = Type.Codec(Type.Unsafe<'true' | 'false'>({ type: 'string', enum: ['true', 'false'] }))
  .Decode((value: 'true' | 'false') => value === 'true')
  .Encode((value: boolean) => (value ? 'true' : 'false'));
