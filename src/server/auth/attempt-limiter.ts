/** Counts failures per key within a time window; one instance per app, kept in memory. */
export class AttemptLimiter {
  readonly #maxFailures: number;
  readonly #windowMs: number;
  readonly #now: () => number;
  readonly #failures = new Map<string, { count: number; resetAt: number }>();

  constructor(maxFailures: number, windowMs: number, now: () => number = Date.now) {
    this.#maxFailures = maxFailures;
    this.#windowMs = windowMs;
    this.#now = now;
  }

  /** Seconds until `key` may try again; 0 when it may try now. */
  retryAfter(key: string): number {
    const entry = this.#failures.get(key);
    const now = this.#now();
    if (!entry || entry.resetAt <= now) return 0;
    return entry.count >= this.#maxFailures ? Math.ceil((entry.resetAt - now) / 1000) : 0;
  }

  /** Records one failure for `key`; the window starts at its first failure. */
  fail(key: string): void {
    const now = this.#now();
    const entry = this.#failures.get(key);
    if (entry && entry.resetAt > now) entry.count++;
    else this.#failures.set(key, { count: 1, resetAt: now + this.#windowMs });
    if (this.#failures.size > 10_000) this.#prune(now);
  }

  /** Forgets `key`'s failures (after a success). */
  reset(key: string): void {
    this.#failures.delete(key);
  }

  #prune(now: number): void {
    for (const [key, entry] of this.#failures) if (entry.resetAt <= now) this.#failures.delete(key);
  }
}
