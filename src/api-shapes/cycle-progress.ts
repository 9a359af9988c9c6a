import { Type, type Static } from 'typebox';
import { date, integer } from './fields.js';
import { PRIORITIES, type Priority } from './issue-priority.js';

// A cycle's progress over time (GET …/cycles/:cycleId/progress): what its burn-down and its
// priority panel draw. Kept apart from the cycle's own shape, which lists and edits return.

/** One day of a cycle: the issues in it at that day's end (UTC), and how many of those were completed. */
export const cycleDayShape = Type.Object({
  date,
  scope: integer,
  completed: integer,
});

/** One day of a cycle's burn-down. */
export type CycleDay = Static<typeof cycleDayShape>;

/** The cycle's live issues counted by priority (every priority present, zeros included). */
export const priorityCountsShape = Type.Object(Object.fromEntries(PRIORITIES.map((priority) => [priority, integer])) as Record<Priority, typeof integer>);

/** Issues counted by priority. */
export type PriorityCounts = Static<typeof priorityCountsShape>;

/** A cycle's progress: the day it is for the server, each day from its start to the earlier of today and its end, and its issues by priority. */
export const cycleProgressShape = Type.Object({
  /** The server's today ('YYYY-MM-DD', UTC), which the days stop at. */
  today: date,
  /** Oldest first; empty for a cycle without dates or one that has not started. */
  days: Type.Array(cycleDayShape),
  priorities: priorityCountsShape,
});

/** A cycle's burn-down and its issues by priority. */
export type CycleProgress = Static<typeof cycleProgressShape>;
