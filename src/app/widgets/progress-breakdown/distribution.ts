/** Progress of one assignee (null assignee: issues nobody is assigned to). */
export interface AssigneeDistribution {
  assignee_id: string | null;
  display_name: string | null;
  avatar: string | null;
  completed_issues: number;
  total_issues: number;
}

/** Progress of one label (null label: issues without a label). */
export interface LabelDistribution {
  label_id: string | null;
  label_name: string | null;
  color: string | null;
  completed_issues: number;
  total_issues: number;
}

/** Issues counted by state group. */
export interface StateDistribution {
  backlog: number;
  unstarted: number;
  started: number;
  completed: number;
  cancelled: number;
}

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
  /** … or a colour dot (labels). */
  color?: string | null;
}

/** The state groups in workflow order, with their names. */
export const STATE_GROUPS: { key: keyof StateDistribution; name: string }[] = [
  { key: 'backlog', name: 'Backlog' },
  { key: 'unstarted', name: 'Unstarted' },
  { key: 'started', name: 'Started' },
  { key: 'completed', name: 'Completed' },
  { key: 'cancelled', name: 'Cancelled' },
];

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
    avatar: entry.avatar,
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
