import type { CycleDay, CycleProgress, PriorityCounts } from '../../api-shapes/cycle-progress.js';
import { PRIORITIES, type Priority } from '../../api-shapes/issue-priority.js';
import type { Db } from '../db/index.js';
import { MAX_CHART_DAYS } from '../planning/distribution.js';

// A cycle's burn-down is rebuilt from the issues' activity: the `cycles` rows tell when each
// issue joined or left the cycle, the `state` rows when it moved into or out of the completed
// group. Nothing extra is stored, so every cycle (also those made before this existed) has one.

/** A yes/no fact about an issue over time: its value before any change, then each change in time order. */
export interface Timeline {
  initial: boolean;
  changes: ReadonlyArray<{ at: Date; value: boolean }>;
}

/** One issue's history as the burn-down reads it. */
export interface IssueHistory {
  /** Whether it is in the cycle. */
  inCycle: Timeline;
  /** Whether its state is in the completed group. */
  completed: Timeline;
  /** When it was deleted (it leaves every count then), or null. */
  deletedAt: Date | null;
}

/** The timeline's value just before `instant`. */
export function valueBefore(timeline: Timeline, instant: Date): boolean {
  let value = timeline.initial;
  for (const change of timeline.changes) {
    if (change.at >= instant) break;
    value = change.value;
  }
  return value;
}

/** 'YYYY-MM-DD' of a moment, in UTC. */
export function utcDay(moment: Date): string {
  return moment.toISOString().slice(0, 10);
}

/**
 * The burn-down: for each day from `start` to the earlier of `end` and `today` (dates
 * 'YYYY-MM-DD', UTC days, at most MAX_CHART_DAYS), the issues in the cycle at the day's end
 * (scope) and how many of those were completed then. Empty when the cycle starts after today.
 */
export function burnDown(issues: readonly IssueHistory[], start: string, end: string, today: string): CycleDay[] {
  const last = end < today ? end : today;
  const days: CycleDay[] = [];
  const day = new Date(`${start}T00:00:00Z`);
  while (utcDay(day) <= last && days.length < MAX_CHART_DAYS) {
    const date = utcDay(day);
    day.setUTCDate(day.getUTCDate() + 1);
    // The day's end is the next day's first instant.
    const inScope = issues.filter((issue) => valueBefore(issue.inCycle, day) && !(issue.deletedAt && issue.deletedAt < day));
    days.push({ date, scope: inScope.length, completed: inScope.filter((issue) => valueBefore(issue.completed, day)).length });
  }
  return days;
}

interface MembershipRow {
  issue_id: string;
  created_at: Date;
  old_identifier: string | null;
  new_identifier: string | null;
}

interface IssueRow {
  id: string;
  deleted_at: Date | null;
  completed_at: Date | null;
  created_at: Date;
  state_group: string | null;
  joined_at: Date | null;
}

interface StateRow {
  issue_id: string;
  created_at: Date;
  old_group: string | null;
  new_group: string | null;
}

function groupBy<T extends { issue_id: string }>(rows: readonly T[]): Map<string, T[]> {
  const byIssue = new Map<string, T[]>();
  for (const row of rows) byIssue.set(row.issue_id, [...(byIssue.get(row.issue_id) ?? []), row]);
  return byIssue;
}

/**
 * Whether the issue is in the cycle over time. Before its first row it was in the cycle only if
 * that row takes it out. An issue in the cycle without any row saying it joined (put there
 * directly) counts from when its membership was stored.
 */
function membership(cycleId: string, rows: readonly MembershipRow[], joinedAt: Date | null): Timeline {
  const changes = rows.map((row) => ({ at: row.created_at, value: row.new_identifier === cycleId }));
  const initial = rows.length > 0 && rows[0]!.old_identifier === cycleId && rows[0]!.new_identifier !== cycleId;
  const timeline = { initial, changes };
  if (joinedAt && !(changes.length ? changes[changes.length - 1]!.value : initial)) {
    return { initial, changes: [...changes, { at: joinedAt, value: true }].sort((a, b) => a.at.getTime() - b.at.getTime()) };
  }
  return timeline;
}

/**
 * Whether the issue is completed over time. Before its first state change it was in that change's
 * old state; an issue whose state never changed is completed from its completion time (or its
 * creation) when its state is in the completed group now.
 */
function completion(issue: IssueRow, rows: readonly StateRow[]): Timeline {
  if (rows.length) return { initial: rows[0]!.old_group === 'completed', changes: rows.map((row) => ({ at: row.created_at, value: row.new_group === 'completed' })) };
  if (issue.state_group !== 'completed') return { initial: false, changes: [] };
  return { initial: false, changes: [{ at: issue.completed_at ?? issue.created_at, value: true }] };
}

/** The histories of every issue that was ever in the cycle (by its activity) or is in it now. */
export async function cycleHistories(db: Db, projectId: string, cycleId: string): Promise<IssueHistory[]> {
  const moves = await db.query<MembershipRow>(
    `SELECT a.issue_id, a.created_at, a.old_identifier, a.new_identifier
       FROM issue_activities a JOIN issues i ON i.id = a.issue_id AND i.project_id = $2
      WHERE a.field = 'cycles' AND (a.old_identifier = $1 OR a.new_identifier = $1)
      ORDER BY a.created_at, a.position`,
    [cycleId, projectId],
  );
  const issues = await db.query<IssueRow>(
    `SELECT i.id, i.deleted_at, i.completed_at, i.created_at, s."group" AS state_group, ci.created_at AS joined_at
       FROM issues i
       LEFT JOIN states s ON s.id = i.state_id
       LEFT JOIN cycle_issues ci ON ci.issue_id = i.id AND ci.cycle_id = $1
      WHERE i.project_id = $2 AND (ci.issue_id IS NOT NULL OR i.id = ANY($3::uuid[]))`,
    [cycleId, projectId, [...new Set(moves.map((row) => row.issue_id))]],
  );
  const states = await db.query<StateRow>(
    `SELECT a.issue_id, a.created_at, os."group" AS old_group, ns."group" AS new_group
       FROM issue_activities a
       LEFT JOIN states os ON os.id = a.old_identifier
       LEFT JOIN states ns ON ns.id = a.new_identifier
      WHERE a.issue_id = ANY($1::uuid[]) AND a.field = 'state'
      ORDER BY a.created_at, a.position`,
    [issues.map((issue) => issue.id)],
  );
  const movesOf = groupBy(moves);
  const statesOf = groupBy(states);
  return issues.map((issue) => ({
    inCycle: membership(cycleId, movesOf.get(issue.id) ?? [], issue.joined_at),
    completed: completion(issue, statesOf.get(issue.id) ?? []),
    deletedAt: issue.deleted_at,
  }));
}

/** The cycle's live issues counted by priority. */
export async function priorityCounts(db: Db, cycleId: string): Promise<PriorityCounts> {
  const rows = await db.query<{ priority: Priority; issues: number }>(
    `SELECT i.priority, count(*) AS issues
       FROM cycle_issues g JOIN issues i ON i.id = g.issue_id AND i.deleted_at IS NULL
      WHERE g.cycle_id = $1
      GROUP BY i.priority`,
    [cycleId],
  );
  const counts = Object.fromEntries(PRIORITIES.map((priority) => [priority, 0])) as PriorityCounts;
  for (const row of rows) counts[row.priority] = row.issues;
  return counts;
}

/** A cycle's progress as of `now`: its burn-down (when it has dates) and its issues by priority. */
export async function cycleProgress(db: Db, cycle: { id: string; project_id: string; start_date: string | null; end_date: string | null }, now: Date): Promise<CycleProgress> {
  const today = utcDay(now);
  const { start_date: start, end_date: end } = cycle;
  const days = start && end && start <= today ? burnDown(await cycleHistories(db, cycle.project_id, cycle.id), start, end, today) : [];
  return { today, days, priorities: await priorityCounts(db, cycle.id) };
}
