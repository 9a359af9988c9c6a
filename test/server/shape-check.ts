import assert from 'node:assert/strict';
import type { TObject, TSchema } from 'typebox';
import { Value } from 'typebox/value';

/**
 * `schema` with every object closed (additionalProperties: false): an answer that carries a
 * field its shape does not know is as much a drift as one that lacks a field.
 */
export function closed(schema: unknown): TSchema {
  if (Array.isArray(schema)) return schema.map(closed) as unknown as TSchema;
  if (!schema || typeof schema !== 'object') return schema as TSchema;
  const copy: Record<string, unknown> = Object.fromEntries(Object.entries(schema).map(([key, value]) => [key, closed(value)]));
  const types = ([] as unknown[]).concat(copy.type);
  if (types.includes('object') && copy.properties) copy.additionalProperties = false;
  return copy as TSchema;
}

/** Asserts that `value` is exactly of `shape`, naming every place where it is not. */
export function assertShape(shape: TSchema, value: unknown, what: string): void {
  const errors = [...Value.Errors(closed(shape), value)].map((error) => `${error.instancePath || '/'} ${error.message}`);
  assert.deepEqual(errors, [], `${what} does not match its shape`);
}

/** The keys of an object shape, sorted: what `Object.keys(answer).sort()` must equal. */
export function shapeKeys(shape: TObject): string[] {
  return Object.keys(shape.properties).sort();
}
