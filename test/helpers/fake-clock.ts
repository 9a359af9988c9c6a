/**
 * A fake clock for the SDK's one clock (src/core/clock.ts): time stands still until a test moves
 * it, so a throttle, a debounce or a label's timeout is tested without waiting for it and
 * without depending on how busy the machine is.
 *
 *   const clock = installFakeClock();   // in a test or a beforeEach
 *   … act …
 *   clock.tick(250);                     // runs what falls due, in order
 *   clock.uninstall();                   // afterEach: the real clock again
 */
import { setClock, type Clock } from '../../src/core/clock.js';

interface Timer {
  id: number;
  at: number;
  run: () => void;
}

/** A clock whose time moves only on `tick`, installed as the SDK's clock. */
export interface FakeClock extends Clock {
  /** Moves time on by `ms`, running each timer that falls due on the way, in order of its time. */
  tick(ms: number): void;
  /** Runs every pending timer (and those they set) until none is left; moves time to the last. */
  runAll(): void;
  /** How many timers are waiting. */
  readonly pending: number;
  /** Puts the clock that was there before back. */
  uninstall(): void;
}

/** Installs a fake clock (starting at the real clock's time) and returns it. */
export function installFakeClock(): FakeClock {
  let now = performance.now();
  let nextId = 1;
  const timers: Timer[] = [];
  const due = (until: number): Timer | undefined => {
    let first: Timer | undefined;
    for (const timer of timers) if (timer.at <= until && (!first || timer.at < first.at || (timer.at === first.at && timer.id < first.id))) first = timer;
    return first;
  };
  const runUntil = (until: number) => {
    for (let timer = due(until); timer; timer = due(until)) {
      timers.splice(timers.indexOf(timer), 1);
      now = Math.max(now, timer.at);
      timer.run();
    }
    now = Math.max(now, until);
  };
  const fake: FakeClock = {
    now: () => now,
    setTimeout(run, ms) {
      const timer = { id: nextId++, at: now + Math.max(0, ms), run };
      timers.push(timer);
      return timer.id;
    },
    clearTimeout(handle) {
      const index = timers.findIndex((timer) => timer.id === handle);
      if (index >= 0) timers.splice(index, 1);
    },
    tick: (ms) => runUntil(now + ms),
    runAll() {
      for (let rounds = 0; timers.length; rounds++) {
        if (rounds > 10_000) throw new Error('The fake clock ran 10,000 rounds of timers: something keeps setting new ones');
        runUntil(Math.max(...timers.map((timer) => timer.at)));
      }
    },
    get pending() {
      return timers.length;
    },
    uninstall() {
      setClock(previous);
    },
  };
  const previous = setClock(fake);
  return fake;
}
