import { Type, type Static } from 'typebox';
import { date, nullable, nullableTimestamp, optionalFields, string, stringEnum, text, timestamp, uuid } from './fields.js';
import { distributionShape, estimateTotalsShape, stateCountsShape } from './planning.js';

/** The statuses a module can have; new modules are planned. */
export const MODULE_STATUSES = ['backlog', 'planned', 'in-progress', 'paused', 'completed', 'cancelled'] as const;

/** One of the module statuses. */
export type ModuleStatus = (typeof MODULE_STATUSES)[number];

/** A module of a project, with its issues counted by state group and its estimate totals (lists, creation, changes). */
export const moduleShape = Type.Object({
  id: uuid,
  project_id: uuid,
  name: string,
  description: string,
  status: stringEnum(MODULE_STATUSES),
  start_date: nullable(date),
  target_date: nullable(date),
  lead_id: nullable(uuid),
  created_by: nullable(uuid),
  archived_at: nullableTimestamp,
  created_at: timestamp,
  updated_at: timestamp,
  ...stateCountsShape.properties,
  ...estimateTotalsShape.properties,
});

/** A module of a project. */
export type Module = Static<typeof moduleShape>;

/** One module with its progress breakdown (GET of one module). */
export const moduleDetailShape = Type.Object({ ...moduleShape.properties, distribution: distributionShape });

/** One module with its progress breakdown. */
export type ModuleDetail = Static<typeof moduleDetailShape>;

const moduleFields = {
  name: text(255, 1),
  description: text(10_000),
  status: stringEnum(MODULE_STATUSES),
  start_date: nullable(date),
  target_date: nullable(date),
  /** A member of the project, or null. */
  lead_id: nullable(uuid),
};

/** POST …/modules: a new module; only the name is required. */
export const moduleCreateBody = Type.Object({ ...optionalFields(moduleFields), name: moduleFields.name }, { additionalProperties: false });

/** What creating a module sends. */
export type ModuleCreateBody = Static<typeof moduleCreateBody>;

/** PATCH …/modules/:moduleId: at least one field. */
export const moduleUpdateBody = Type.Object(optionalFields(moduleFields), { additionalProperties: false, minProperties: 1 });

/** What changing a module sends. */
export type ModuleUpdateBody = Static<typeof moduleUpdateBody>;
