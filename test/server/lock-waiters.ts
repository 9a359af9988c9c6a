// PostgreSQL tests that interleave transactions: wait for what the database says, not for time.
import type { TestServer } from './harness.js';

/** Waits until `n` of the server's database connections wait for a lock (at most 10 s). */
export async function lockWaiters(server: TestServer, n: number): Promise<void> {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const [row] = await server.db.query<{ waiting: number }>(
      "SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'",
    );
    if (row!.waiting >= n) return;
    if (Date.now() > deadline) throw new Error(`${row!.waiting} of ${n} transactions came to wait for a lock within 10 s`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
