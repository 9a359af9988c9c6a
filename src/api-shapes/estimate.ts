import { Type, type Static } from 'typebox';
import { boolean, integer, optionalFields, string, stringEnum, text, uuid } from './fields.js';
import { ESTIMATE_TYPES, ESTIMATE_VALUE_MAX_LENGTH } from './estimate-values.js';

export { DEFAULT_ESTIMATE_VALUES, ESTIMATE_TYPES, estimateValuesProblem, type EstimateType } from './estimate-values.js';

/** One value of a project's estimate system, in its place (`key`, from 1). */
export const estimatePointShape = Type.Object({ id: uuid, key: integer, value: string });

/** One value of an estimate system. */
export type EstimatePoint = Static<typeof estimatePointShape>;

/**
 * A project's estimate system: whether it is on, its type and its values in order. A project
 * that never had one answers off, points, and no values.
 */
export const estimateShape = Type.Object({
  project_id: uuid,
  enabled: boolean,
  type: stringEnum(ESTIMATE_TYPES),
  points: Type.Array(estimatePointShape),
});

/** A project's estimate system. */
export type Estimate = Static<typeof estimateShape>;

/** A value as an update sends it: with the id of the value it renames or moves, without one for a new value. */
export const estimatePointInput = Type.Object({ id: Type.Optional(uuid), value: text(ESTIMATE_VALUE_MAX_LENGTH) }, { additionalProperties: false });

/** A value as an update sends it. */
export type EstimatePointInput = Static<typeof estimatePointInput>;

/**
 * PATCH …/estimate: at least one field. `points` is the whole new list, in order; values left
 * out are removed (and taken off the issues that had them).
 */
export const estimateUpdateBody = Type.Object(
  optionalFields({ enabled: boolean, type: stringEnum(ESTIMATE_TYPES), points: Type.Array(estimatePointInput, { maxItems: 100 }) }),
  { additionalProperties: false, minProperties: 1 },
);

/** What changing a project's estimate system sends. */
export type EstimateUpdateBody = Static<typeof estimateUpdateBody>;
