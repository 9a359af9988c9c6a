import assert from 'node:assert/strict';
import type { Timers } from '../../src/server/timers.js';

/** Timers that run only when the test says: the pending ones' delays are read, and the one pending is fired by hand. */
export class FakeTimers implements Timers {
  readonly pending = new Map<number, { fn: () => void; ms: number }>();
  #next = 1;

  setTimeout(fn: () => void, ms: number): number {
    const id = this.#next++;
    this.pending.set(id, { fn, ms });
    return id;
  }

  clearTimeout(id: unknown): void {
    this.pending.delete(id as number);
  }

  /** The delays of the timers set and not yet fired or cleared. */
  get delays(): number[] {
    return [...this.pending.values()].map((timer) => timer.ms);
  }

  /** Fires the one pending timer. */
  fire(): void {
    assert.equal(this.pending.size, 1, 'one timer is pending');
    const [[id, timer]] = this.pending;
    this.pending.delete(id);
    timer.fn();
  }
}
