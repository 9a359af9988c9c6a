import type { StaticDecode } from 'typebox';
import { moduleDetailShape, moduleShape } from '../../api-shapes/module.js';
import type { Db } from '../db/index.js';
import { selectList } from '../db/select-list.js';
import { projectParams, withIds } from '../http/schemas.js';
import { MODULE_GROUP } from '../planning/issue-group.js';
import { ESTIMATE_TOTAL_SQL, estimateTotalsJoin } from '../planning/estimate-totals.js';
import { STATE_COUNT_SQL, stateCountsJoin } from '../planning/state-counts.js';

// The module's shapes are defined once in src/api-shapes/module.ts (shared with the app); this
// module gives the server their SQL and row types (timestamps as Dates).

/** A module as the API returns it, with its issues counted by state group. */
export type ModuleJson = StaticDecode<typeof moduleShape>;

/** A module with its progress breakdown (GET of one module). */
export type ModuleDetailJson = StaticDecode<typeof moduleDetailShape>;

/** Route params of everything under …/modules/:moduleId. */
export const moduleParams = withIds(projectParams, 'moduleId');

/** Response schema of a module. */
export const moduleSchema = moduleShape;

/** Response schema of one module with its distribution. */
export const moduleDetailSchema = moduleDetailShape;

/** The message of every "no such module here" answer. */
export const MODULE_NOT_FOUND = MODULE_GROUP.notFound;

const MODULE_SELECT = `
  SELECT ${selectList(moduleShape, 'm', { ...STATE_COUNT_SQL, ...ESTIMATE_TOTAL_SQL })}
    FROM modules m ${stateCountsJoin(MODULE_GROUP, 'm.id')} ${estimateTotalsJoin(MODULE_GROUP, 'm.id', 'm.project_id')}`;

/** The modules of a project, by name. */
export function listModules(db: Db, projectId: string): Promise<ModuleJson[]> {
  return db.query<ModuleJson>(`${MODULE_SELECT} WHERE m.project_id = $1 ORDER BY lower(m.name), m.created_at`, [projectId]);
}

/** One module of a project, or null. */
export function findModule(db: Db, projectId: string, moduleId: string): Promise<ModuleJson | null> {
  return db.maybeOne<ModuleJson>(`${MODULE_SELECT} WHERE m.id = $1 AND m.project_id = $2`, [moduleId, projectId]);
}
