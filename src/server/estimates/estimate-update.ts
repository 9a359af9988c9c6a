import { DEFAULT_ESTIMATE_VALUES, estimateValuesProblem, type EstimateType, type EstimateUpdateBody } from '../../api-shapes/estimate.js';
import type { Db } from '../db/index.js';
import { badRequest } from '../http/errors.js';
import { recordIssueActivity } from '../issues/activity.js';

/** A value of the new list: the existing value it keeps (renamed or moved), or none for a new one. */
interface WantedPoint {
  id?: string;
  value: string;
}

/**
 * The list of values an update asks for, or null to keep the current one: the list sent; the new
 * type's defaults when the type changes without a list; the type's defaults when estimates are
 * turned on for a project that has no values yet.
 */
function wantedPoints(body: EstimateUpdateBody, type: EstimateType, typeChanged: boolean, hasPoints: boolean): WantedPoint[] | null {
  if (body.points) return body.points.map((point) => ({ ...point, value: point.value.trim() }));
  if (typeChanged || (body.enabled && !hasPoints)) return DEFAULT_ESTIMATE_VALUES[type].map((value) => ({ value }));
  return null;
}

/**
 * Applies `body` to the project's estimate system inside `tx` (400 for a list that does not fit
 * the type). Values left out of a new list are removed: each issue that had one loses its
 * estimate, with an activity row by `actorId`. Locks the project row first, then the issues of
 * the removed values, then the values, the order issue changes take too (issue, then value), so
 * the two never wait on each other in a circle.
 */
export async function applyEstimateUpdate(tx: Db, projectId: string, body: EstimateUpdateBody, actorId: string): Promise<void> {
  const current = await tx.one<{ type: EstimateType }>('SELECT estimate_type AS type FROM projects WHERE id = $1 FOR NO KEY UPDATE', [projectId]);
  const type = body.type ?? current.type;
  const existing = await tx.query<{ id: string; value: string }>('SELECT id, value FROM estimate_points WHERE project_id = $1', [projectId]);
  const wanted = wantedPoints(body, type, type !== current.type, existing.length > 0);
  if (wanted) {
    const problem = estimateValuesProblem(type, wanted.map((point) => point.value));
    if (problem) throw badRequest(problem);
    const existingIds = new Set(existing.map((point) => point.id));
    const keptIds = wanted.flatMap((point) => (point.id ? [point.id] : []));
    if (keptIds.some((id) => !existingIds.has(id))) throw badRequest('An estimate value’s id must be one of this project’s values; send a new value without an id.');
    if (new Set(keptIds).size !== keptIds.length) throw badRequest('Each estimate value’s id can be sent once.');
    const removed = existing.filter((point) => !keptIds.includes(point.id));
    await removePoints(tx, removed, actorId);
    for (const [index, point] of wanted.entries()) {
      if (point.id) await tx.query('UPDATE estimate_points SET key = $2, value = $3 WHERE id = $1', [point.id, index + 1, point.value]);
      else await tx.query('INSERT INTO estimate_points (project_id, key, value) VALUES ($1, $2, $3)', [projectId, index + 1, point.value]);
    }
  }
  await tx.query('UPDATE projects SET estimate_type = $2, estimates_enabled = COALESCE($3, estimates_enabled) WHERE id = $1', [projectId, type, body.enabled ?? null]);
}

/** Removes the values `points`: their live issues lose their estimate, each with an activity row. */
async function removePoints(tx: Db, points: ReadonlyArray<{ id: string; value: string }>, actorId: string): Promise<void> {
  if (!points.length) return;
  const ids = points.map((point) => point.id);
  await tx.query('SELECT id FROM issues WHERE estimate_point_id = ANY($1::uuid[]) ORDER BY id FOR NO KEY UPDATE', [ids]);
  await tx.query('SELECT id FROM estimate_points WHERE id = ANY($1::uuid[]) ORDER BY id FOR UPDATE', [ids]);
  for (const point of points) {
    const issues = await tx.query<{ id: string; project_id: string; workspace_id: string }>(
      'UPDATE issues SET estimate_point_id = NULL, updated_by = $2 WHERE estimate_point_id = $1 AND deleted_at IS NULL RETURNING id, project_id, workspace_id',
      [point.id, actorId],
    );
    for (const issue of issues) {
      await recordIssueActivity(tx, { issue, actorId, field: 'estimate_point', verb: 'updated', oldValue: point.value, newValue: '', oldIdentifier: point.id });
    }
  }
  // Deleted issues keep their rows for the feed; the foreign key takes the value off them.
  await tx.query('DELETE FROM estimate_points WHERE id = ANY($1::uuid[])', [ids]);
}
