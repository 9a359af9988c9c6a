import { Type, type Static } from 'typebox';
import { date, nullable, nullableTimestamp, optionalFields, string, stringEnum, text, timestamp, uuid } from './fields.js';
import { distributionShape, estimateTotalsShape, stateCountsShape } from './planning.js';

/** Where a cycle stands today: no dates yet, not started, running, or over. */
export const CYCLE_STATUSES = ['draft', 'upcoming', 'current', 'completed'] as const;

/** One of the cycle statuses. */
export type CycleStatus = (typeof CYCLE_STATUSES)[number];

/** A cycle of a project, with its issues counted by state group and its estimate totals (lists, creation, changes). */
export const cycleShape = Type.Object({
  id: uuid,
  project_id: uuid,
  name: string,
  description: string,
  start_date: nullable(date),
  end_date: nullable(date),
  status: stringEnum(CYCLE_STATUSES),
  owned_by: nullable(uuid),
  archived_at: nullableTimestamp,
  created_at: timestamp,
  updated_at: timestamp,
  ...stateCountsShape.properties,
  ...estimateTotalsShape.properties,
});

/** A cycle of a project. */
export type Cycle = Static<typeof cycleShape>;

/** One cycle with its progress breakdown (GET of one cycle). */
export const cycleDetailShape = Type.Object({ ...cycleShape.properties, distribution: distributionShape });

/** One cycle with its progress breakdown. */
export type CycleDetail = Static<typeof cycleDetailShape>;

const cycleFields = {
  name: text(255, 1),
  description: text(10_000),
  start_date: nullable(date),
  end_date: nullable(date),
};

/** POST …/cycles: a new cycle; only the name is required. */
export const cycleCreateBody = Type.Object({ ...optionalFields(cycleFields), name: cycleFields.name }, { additionalProperties: false });

/** What creating a cycle sends. */
export type CycleCreateBody = Static<typeof cycleCreateBody>;

/** PATCH …/cycles/:cycleId: at least one field. */
export const cycleUpdateBody = Type.Object(optionalFields(cycleFields), { additionalProperties: false, minProperties: 1 });

/** What changing a cycle sends. */
export type CycleUpdateBody = Static<typeof cycleUpdateBody>;
