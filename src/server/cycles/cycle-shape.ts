import type { Db } from '../db/index.js';
import { date, nullable, slug, timestamp, uuid } from '../http/schemas.js';
import { distributionSchema, type Distribution } from '../planning/distribution.js';
import { CYCLE_GROUP } from '../planning/issue-group.js';
import { STATE_COUNT_COLUMNS, STATE_COUNT_FIELDS, stateCountProperties, stateCountsJoin, type StateCounts } from '../planning/state-counts.js';

/** Where a cycle stands today: no dates yet, not started, running, or over. */
export type CycleStatus = 'draft' | 'upcoming' | 'current' | 'completed';

/** A cycle as the API returns it, with its issues counted by state group. */
export interface CycleJson extends StateCounts {
  id: string;
  project_id: string;
  name: string;
  description: string;
  start_date: string | null;
  end_date: string | null;
  status: CycleStatus;
  owned_by: string | null;
  archived_at: Date | null;
  created_at: Date;
  updated_at: Date;
}

/** A cycle with its progress breakdown (GET of one cycle). */
export interface CycleDetailJson extends CycleJson {
  distribution: Distribution;
}

/** Route params of everything under …/cycles/:cycleId. */
export const cycleParams = {
  type: 'object',
  required: ['slug', 'projectId', 'cycleId'],
  properties: { slug, projectId: uuid, cycleId: uuid },
} as const;

const cycleProperties = {
  id: uuid,
  project_id: uuid,
  name: { type: 'string' },
  description: { type: 'string' },
  start_date: nullable(date),
  end_date: nullable(date),
  status: { type: 'string', enum: ['draft', 'upcoming', 'current', 'completed'] },
  owned_by: nullable(uuid),
  archived_at: nullable(timestamp),
  created_at: timestamp,
  updated_at: timestamp,
  ...stateCountProperties,
} as const;

const cycleRequired = ['id', 'project_id', 'name', 'description', 'start_date', 'end_date', 'status', 'owned_by', 'archived_at', ...STATE_COUNT_FIELDS];

/** Response schema of a cycle. */
export const cycleSchema = { type: 'object', required: cycleRequired, properties: cycleProperties } as const;

/** Response schema of one cycle with its distribution. */
export const cycleDetailSchema = {
  type: 'object',
  required: [...cycleRequired, 'distribution'],
  properties: { ...cycleProperties, distribution: distributionSchema },
} as const;

/** The message of every "no such cycle here" answer. */
export const CYCLE_NOT_FOUND = 'Cycle not found.';

const CYCLE_SELECT = `
  SELECT c.id, c.project_id, c.name, c.description, c.start_date, c.end_date, c.owned_by, c.archived_at, c.created_at, c.updated_at,
         CASE WHEN c.start_date IS NULL OR c.end_date IS NULL THEN 'draft'
              WHEN c.end_date < current_date THEN 'completed'
              WHEN c.start_date > current_date THEN 'upcoming'
              ELSE 'current' END AS status,
         ${STATE_COUNT_COLUMNS}
    FROM cycles c ${stateCountsJoin(CYCLE_GROUP, 'c.id')}`;

/** The cycles of a project, newest dates first (drafts last). */
export function listCycles(db: Db, projectId: string): Promise<CycleJson[]> {
  return db.query<CycleJson>(`${CYCLE_SELECT} WHERE c.project_id = $1 ORDER BY c.start_date DESC NULLS LAST, c.created_at DESC`, [projectId]);
}

/** One cycle of a project, or null. */
export function findCycle(db: Db, projectId: string, cycleId: string): Promise<CycleJson | null> {
  return db.maybeOne<CycleJson>(`${CYCLE_SELECT} WHERE c.id = $1 AND c.project_id = $2`, [cycleId, projectId]);
}
