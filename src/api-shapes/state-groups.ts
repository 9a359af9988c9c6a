// Plain data and pure functions, no imports: the app loads this module at run time.

/** The state groups, in workflow order (spec: grouped issues counted by state group). */
export const STATE_GROUPS = ['backlog', 'unstarted', 'started', 'completed', 'cancelled'] as const;

/** One of the state groups. */
export type StateGroup = (typeof STATE_GROUPS)[number];

/** Each state group's name, as every screen shows it. */
export const STATE_GROUP_NAMES: Readonly<Record<StateGroup, string>> = {
  backlog: 'Backlog',
  unstarted: 'Unstarted',
  started: 'Started',
  completed: 'Completed',
  cancelled: 'Cancelled',
};

/** The field of a cycle or module counting its issues in one state group (`started_issues`). */
export type StateCountKey = `${StateGroup}_issues`;

/** The count field of `group`. */
export function stateCountKey<G extends StateGroup>(group: G): `${G}_issues` {
  return `${group}_issues`;
}

/**
 * A cycle's or module's counts by state group, keyed by group (`{ started: 3, … }`), read from
 * its count fields (`started_issues: 3`): what the progress breakdown draws its state bars from.
 */
export function countsByStateGroup(counts: Readonly<Record<StateCountKey, number>>): Record<StateGroup, number> {
  return Object.fromEntries(STATE_GROUPS.map((group) => [group, counts[stateCountKey(group)]])) as Record<StateGroup, number>;
}

/** The groups whose issues are done with: completed or cancelled (a parent's sub-issue progress counts them). */
export const DONE_STATE_GROUPS: readonly StateGroup[] = ['completed', 'cancelled'];

/** Whether an issue in state group `group` (null: no state) is done with. */
export function isDoneGroup(group: string | null): boolean {
  return (DONE_STATE_GROUPS as readonly string[]).includes(group ?? '');
}
