import type { AssigneeDistribution, LabelDistribution } from '../../../api-shapes/planning.js';
import { STATE_GROUP_NAMES, STATE_GROUPS as GROUPS, type StateGroup } from '../../../api-shapes/state-groups.js';

// The assignee and label rows are the API's (src/api-shapes/planning.ts); the widget only draws
// the numbers the server counted.
export type { AssigneeDistribution, LabelDistribution } from '../../../api-shapes/planning.js';

/** Issues counted by state group. */
export type StateDistribution = Record<StateGroup, number>;

/** The spec's distribution: by assignee, by label, and by state group. */
export interface Distribution {
  assignees: AssigneeDistribution[];
  labels: LabelDistribution[];
  states: StateDistribution;
}

/** One bar of the breakdown: a name and "done of total". */
export interface ProgressRow {
  key: string;
  name: string;
  done: number;
  total: number;
  /** An avatar URL (assignees) … */
  avatar?: string | null;
  /** … or the issues of nobody (no assignee), drawn as an empty person, not as initials … */
  nobody?: boolean;
  /** … or a colour dot (labels). */
  color?: string | null;
}

/** The state groups in workflow order, with their names. */
export const STATE_GROUPS: { key: StateGroup; name: string }[] = GROUPS.map((key) => ({ key, name: STATE_GROUP_NAMES[key] }));

/** The whole-number percentage `done` is of `total` (0 when there is nothing). */
export function percent(done: number, total: number): number {
  return total > 0 ? Math.round((Math.min(done, total) / total) * 100) : 0;
}

/** The assignee bars; issues without assignee are "No assignee". */
export function assigneeRows(assignees: AssigneeDistribution[]): ProgressRow[] {
  return assignees.map((entry) => ({
    key: entry.assignee_id ?? 'none',
    name: entry.assignee_id === null ? 'No assignee' : (entry.display_name ?? 'No assignee'),
    done: entry.completed_issues,
    total: entry.total_issues,
    ...(entry.assignee_id === null ? { nobody: true } : { avatar: entry.avatar }),
  }));
}

/** The label bars; issues without label are "No label". */
export function labelRows(labels: LabelDistribution[]): ProgressRow[] {
  return labels.map((entry) => ({
    key: entry.label_id ?? 'none',
    name: entry.label_id === null ? 'No label' : (entry.label_name ?? 'No label'),
    done: entry.completed_issues,
    total: entry.total_issues,
    color: entry.color,
  }));
}

/** The state group bars: each group's issues out of all issues. */
export function stateRows(states: StateDistribution): ProgressRow[] {
  const total = STATE_GROUPS.reduce((sum, group) => sum + states[group.key], 0);
  return STATE_GROUPS.map((group) => ({ key: group.key, name: group.name, done: states[group.key], total }));
}
