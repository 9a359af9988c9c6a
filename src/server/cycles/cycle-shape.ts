import type { StaticDecode } from 'typebox';
import { cycleDetailShape, cycleShape } from '../../api-shapes/cycle.js';
import type { Db } from '../db/index.js';
import { selectList } from '../db/select-list.js';
import { projectParams, withIds } from '../http/schemas.js';
import { CYCLE_GROUP } from '../planning/issue-group.js';
import { ESTIMATE_TOTAL_SQL, estimateTotalsJoin } from '../planning/estimate-totals.js';
import { STATE_COUNT_SQL, stateCountsJoin } from '../planning/state-counts.js';

// The cycle's shapes are defined once in src/api-shapes/cycle.ts (shared with the app); this
// module gives the server their SQL and row types (timestamps as Dates).

/** A cycle as the API returns it, with its issues counted by state group. */
export type CycleJson = StaticDecode<typeof cycleShape>;

/** A cycle with its progress breakdown (GET of one cycle). */
export type CycleDetailJson = StaticDecode<typeof cycleDetailShape>;

/** Route params of everything under …/cycles/:cycleId. */
export const cycleParams = withIds(projectParams, 'cycleId');

/** Response schema of a cycle. */
export const cycleSchema = cycleShape;

/** Response schema of one cycle with its distribution. */
export const cycleDetailSchema = cycleDetailShape;

/** The message of every "no such cycle here" answer. */
export const CYCLE_NOT_FOUND = CYCLE_GROUP.notFound;

const CYCLE_SELECT = `
  SELECT ${selectList(cycleShape, 'c', {
    status: `CASE WHEN c.start_date IS NULL OR c.end_date IS NULL THEN 'draft'
                  WHEN c.end_date < current_date THEN 'completed'
                  WHEN c.start_date > current_date THEN 'upcoming'
                  ELSE 'current' END`,
    ...STATE_COUNT_SQL,
    ...ESTIMATE_TOTAL_SQL,
  })}
    FROM cycles c ${stateCountsJoin(CYCLE_GROUP, 'c.id')} ${estimateTotalsJoin(CYCLE_GROUP, 'c.id', 'c.project_id')}`;

/** The cycles of a project, newest dates first (drafts last). */
export function listCycles(db: Db, projectId: string): Promise<CycleJson[]> {
  return db.query<CycleJson>(`${CYCLE_SELECT} WHERE c.project_id = $1 ORDER BY c.start_date DESC NULLS LAST, c.created_at DESC`, [projectId]);
}

/** One cycle of a project, or null. */
export function findCycle(db: Db, projectId: string, cycleId: string): Promise<CycleJson | null> {
  return db.maybeOne<CycleJson>(`${CYCLE_SELECT} WHERE c.id = $1 AND c.project_id = $2`, [cycleId, projectId]);
}
