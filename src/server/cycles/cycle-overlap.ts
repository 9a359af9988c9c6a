import type { Db } from '../db/index.js';
import { conflict } from '../http/errors.js';

/** The answer when a cycle's dates overlap another cycle of its project. */
export function cyclesOverlap(other: { name: string; start: string; end: string }): string {
  return `These dates overlap the cycle "${other.name}" (${other.start} to ${other.end}): a project's cycles cannot overlap. Choose other dates, or leave them empty for a draft.`;
}

/**
 * 409 when the days from `start` to `end` (both included, 'YYYY-MM-DD') share a day with another
 * dated cycle of the project that is not archived (`exceptId`: the cycle being changed). A cycle
 * without both dates is a draft and overlaps nothing. The project's row is locked until `tx` ends,
 * so two cycles given the same dates at once take turns and the second is refused.
 */
export async function checkNoOverlap(tx: Db, projectId: string, start: string | null, end: string | null, exceptId: string | null = null): Promise<void> {
  if (!start || !end) return;
  await tx.query('SELECT id FROM projects WHERE id = $1 FOR NO KEY UPDATE', [projectId]);
  const other = await tx.maybeOne<{ name: string; start: string; end: string }>(
    `SELECT name, to_char(start_date, 'YYYY-MM-DD') AS start, to_char(end_date, 'YYYY-MM-DD') AS "end" FROM cycles
      WHERE project_id = $1 AND id IS DISTINCT FROM $2::uuid AND archived_at IS NULL
        AND start_date IS NOT NULL AND end_date IS NOT NULL AND start_date <= $4::date AND end_date >= $3::date
      ORDER BY start_date LIMIT 1`,
    [projectId, exceptId, start, end],
  );
  if (other) throw conflict(cyclesOverlap(other));
}
