/**
 * The SDK's one clock. Every delay the editor waits out (the toolbar's update window, the
 * mention search pause, the form value's delay, the "Copied" label, the toolbar's focus hand-off,
 * a scroll that has come to rest, a drag's auto-scroll steps) asks it, so a host's tests, and
 * ours, can put a fake clock in its place and move time on at will instead of waiting for it.
 * Hosts never need to touch it.
 */
export interface Clock {
  /** Milliseconds from an arbitrary origin, never going back. */
  now(): number;
  /** Runs `run` once `ms` milliseconds have passed; returns a handle for `clearTimeout`. */
  setTimeout(run: () => void, ms: number): unknown;
  /** Cancels a timer from `setTimeout` (a handle of a run or cancelled timer is ignored). */
  clearTimeout(handle: unknown): void;
}

const realClock: Clock = {
  now: () => performance.now(),
  setTimeout: (run, ms) => globalThis.setTimeout(run, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof globalThis.setTimeout>),
};

let current: Clock = realClock;

/** Replaces the clock (pass `null` to restore the real one); returns the previous clock. */
export function setClock(clock: Clock | null): Clock {
  const previous = current;
  current = clock ?? realClock;
  return previous;
}

/** The clock in use: call through it at each use, so a clock set later is the one asked. */
export const clock: Clock = {
  now: () => current.now(),
  setTimeout: (run, ms) => current.setTimeout(run, ms),
  clearTimeout: (handle) => current.clearTimeout(handle),
};
