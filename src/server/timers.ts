import type { Clock } from '../core/clock.js';

/**
 * The timer functions server code schedules with (a plain copy's pause, a job worker's next look,
 * the storage sweeps): the process's by default, and a test's fakes where it moves time itself.
 */
export type Timers = Pick<Clock, 'setTimeout' | 'clearTimeout'>;

/** The process's timers, unref'd: a timer still pending never keeps the process alive. */
export const PROCESS_TIMERS: Timers = {
  setTimeout: (run, ms) => setTimeout(run, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};
