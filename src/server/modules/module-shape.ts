import type { Db } from '../db/index.js';
import { date, nullable, slug, timestamp, uuid } from '../http/schemas.js';
import { distributionSchema, type Distribution } from '../planning/distribution.js';
import { MODULE_GROUP } from '../planning/issue-group.js';
import { STATE_COUNT_COLUMNS, STATE_COUNT_FIELDS, stateCountProperties, stateCountsJoin, type StateCounts } from '../planning/state-counts.js';

/** The statuses a module can have; new modules are planned. */
export const MODULE_STATUSES = ['backlog', 'planned', 'in-progress', 'paused', 'completed', 'cancelled'] as const;

/** One of the module statuses. */
export type ModuleStatus = (typeof MODULE_STATUSES)[number];

/** A module as the API returns it, with its issues counted by state group. */
export interface ModuleJson extends StateCounts {
  id: string;
  project_id: string;
  name: string;
  description: string;
  status: ModuleStatus;
  start_date: string | null;
  target_date: string | null;
  lead_id: string | null;
  created_by: string | null;
  archived_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** A module with its progress breakdown (GET of one module). */
export interface ModuleDetailJson extends ModuleJson {
  distribution: Distribution;
}

/** Route params of everything under …/modules/:moduleId. */
export const moduleParams = {
  type: 'object',
  required: ['slug', 'projectId', 'moduleId'],
  properties: { slug, projectId: uuid, moduleId: uuid },
} as const;

const moduleProperties = {
  id: uuid,
  project_id: uuid,
  name: { type: 'string' },
  description: { type: 'string' },
  status: { type: 'string', enum: MODULE_STATUSES },
  start_date: nullable(date),
  target_date: nullable(date),
  lead_id: nullable(uuid),
  created_by: nullable(uuid),
  archived_at: nullable(timestamp),
  created_at: timestamp,
  updated_at: timestamp,
  ...stateCountProperties,
} as const;

const moduleRequired = ['id', 'project_id', 'name', 'description', 'status', 'start_date', 'target_date', 'lead_id', 'archived_at', ...STATE_COUNT_FIELDS];

/** Response schema of a module. */
export const moduleSchema = { type: 'object', required: moduleRequired, properties: moduleProperties } as const;

/** Response schema of one module with its distribution. */
export const moduleDetailSchema = {
  type: 'object',
  required: [...moduleRequired, 'distribution'],
  properties: { ...moduleProperties, distribution: distributionSchema },
} as const;

/** The message of every "no such module here" answer. */
export const MODULE_NOT_FOUND = 'Module not found.';

const MODULE_SELECT = `
  SELECT m.id, m.project_id, m.name, m.description, m.status, m.start_date, m.target_date, m.lead_id, m.created_by,
         m.archived_at, m.created_at, m.updated_at, ${STATE_COUNT_COLUMNS}
    FROM modules m ${stateCountsJoin(MODULE_GROUP, 'm.id')}`;

/** The modules of a project, by name. */
export function listModules(db: Db, projectId: string): Promise<ModuleJson[]> {
  return db.query<ModuleJson>(`${MODULE_SELECT} WHERE m.project_id = $1 ORDER BY lower(m.name), m.created_at`, [projectId]);
}

/** One module of a project, or null. */
export function findModule(db: Db, projectId: string, moduleId: string): Promise<ModuleJson | null> {
  return db.maybeOne<ModuleJson>(`${MODULE_SELECT} WHERE m.id = $1 AND m.project_id = $2`, [moduleId, projectId]);
}
