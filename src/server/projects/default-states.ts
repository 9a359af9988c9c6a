import type { StateGroup } from '../../api-shapes/state-groups.js';
import type { Db } from '../db/index.js';

/** The states every new project starts with; Backlog is the default for new issues. */
export const DEFAULT_STATES: readonly { name: string; color: string; group: StateGroup; sequence: number; is_default: boolean }[] = [
  { name: 'Backlog', color: '#A3A3A3', group: 'backlog', sequence: 15_000, is_default: true },
  { name: 'Todo', color: '#3A3A3A', group: 'unstarted', sequence: 25_000, is_default: false },
  { name: 'In Progress', color: '#F59E0B', group: 'started', sequence: 35_000, is_default: false },
  { name: 'Done', color: '#16A34A', group: 'completed', sequence: 45_000, is_default: false },
  { name: 'Cancelled', color: '#EF4444', group: 'cancelled', sequence: 55_000, is_default: false },
];

/** Inserts the default states of a new project (inside its creating transaction). */
export async function createDefaultStates(tx: Db, projectId: string): Promise<void> {
  for (const state of DEFAULT_STATES) {
    await tx.query('INSERT INTO states (project_id, name, color, "group", sequence, is_default) VALUES ($1, $2, $3, $4, $5, $6)', [
      projectId,
      state.name,
      state.color,
      state.group,
      state.sequence,
      state.is_default,
    ]);
  }
}
