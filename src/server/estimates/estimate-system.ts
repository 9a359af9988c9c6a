import type { StaticDecode } from 'typebox';
import { estimatePointShape, estimateShape } from '../../api-shapes/estimate.js';
import { ESTIMATES_OFF } from '../../api-shapes/estimate-values.js';
import type { Db } from '../db/index.js';
import { jsonObject } from '../db/select-list.js';
import { badRequest } from '../http/errors.js';

// The estimate system's shape is defined once in src/api-shapes/estimate.ts (shared with the app).

/** A project's estimate system as the API returns it. */
export type EstimateJson = StaticDecode<typeof estimateShape>;

/** A value of an estimate system. */
export type EstimatePointRow = StaticDecode<typeof estimatePointShape>;

/** The project's estimate system (its values in order). */
export function readEstimate(db: Db, projectId: string): Promise<EstimateJson> {
  return db.one<EstimateJson>(
    `SELECT p.id AS project_id, p.estimates_enabled AS enabled, p.estimate_type AS type,
            COALESCE((SELECT json_agg(${jsonObject(estimatePointShape, 'e')} ORDER BY e.key, e.id) FROM estimate_points e WHERE e.project_id = p.id), '[]'::json) AS points
       FROM projects p WHERE p.id = $1`,
    [projectId],
  );
}

/**
 * SQL of an issue's estimate as a row shows it, from `issues i` and its project `p`: the value's
 * text, or null when it has none or the project's estimates are off (the value is kept, hidden,
 * and shows again when they are turned back on).
 */
export const ISSUE_ESTIMATE_SQL = 'CASE WHEN p.estimates_enabled THEN (SELECT e.value FROM estimate_points e WHERE e.id = i.estimate_point_id) END';

/**
 * The value `value` of the project's estimate system (case aside), for an issue to take; null
 * for null (no estimate). 400 while the project's estimates are off, or when the value is not
 * one of the project's. Inside a transaction the value stays locked until it ends, so an
 * estimate update that removes it waits, then takes it off this issue too.
 */
export async function checkedEstimatePoint(tx: Db, projectId: string, value: string | null): Promise<{ id: string; value: string } | null> {
  const project = await tx.one<{ enabled: boolean }>('SELECT estimates_enabled AS enabled FROM projects WHERE id = $1', [projectId]);
  if (!project.enabled) throw badRequest(ESTIMATES_OFF);
  if (value === null) return null;
  const point = await tx.maybeOne<{ id: string; value: string }>(
    'SELECT id, value FROM estimate_points WHERE project_id = $1 AND lower(value) = lower($2) FOR KEY SHARE',
    [projectId, value.trim()],
  );
  if (point) return point;
  const values = await tx.query<{ value: string }>('SELECT value FROM estimate_points WHERE project_id = $1 ORDER BY key, id', [projectId]);
  throw badRequest(`The estimate must be one of this project’s estimate values: ${values.map((row) => row.value).join(', ')}.`);
}

/** The text of the estimate `pointId` (what an activity row keeps), '' for none. */
export async function estimateValue(db: Db, pointId: string | null): Promise<string> {
  if (!pointId) return '';
  const row = await db.maybeOne<{ value: string }>('SELECT value FROM estimate_points WHERE id = $1', [pointId]);
  return row?.value ?? '';
}
