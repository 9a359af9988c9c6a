// The rate limiter's transactions against each other, in an order the test sets with a
// connection of its own. PostgreSQL only (npm test runs this file in its PostgreSQL pass; PGlite
// runs one transaction at a time, so its attempts never interleave).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import type { RateLimiter } from '../../src/server/auth/rate-limiter.js';
import { startServer, type TestServer } from './harness.js';
import { lockWaiters } from './lock-waiters.js';

const NEEDS_CONCURRENT_TRANSACTIONS =
  'Rate-limit attempts interleave only on PostgreSQL (PGlite runs one transaction at a time): set DATABASE_URL to a PostgreSQL server to run these tests.';

if (!process.env.DATABASE_URL) {
  test('rate-limit attempts that interleave', () => {
    assert.fail(NEEDS_CONCURRENT_TRANSACTIONS);
  });
} else {
  let server: TestServer;
  let limiter: RateLimiter;
  before(async () => {
    server = await startServer();
    limiter = server.app.rateLimiter;
  });
  after(() => server?.close());

  const limit = { max: 10, windowMs: 60_000 };
  // Stored keys keep their kind in the clear, so a key of kind "order:a" sorts before "order:b"'s.
  let nextPair = 0;
  function keyPair(): { low: string; high: string; lowKind: string; highKind: string } {
    const n = nextPair++;
    return { low: `order:a${n}:x`, high: `order:b${n}:x`, lowKind: `order:a${n}:%`, highKind: `order:b${n}:%` };
  }

  async function counts(kinds: readonly string[]): Promise<number[]> {
    const rows = await server.db.query<{ count: number }>(
      'SELECT (SELECT count FROM rate_limit_counters WHERE key LIKE k) AS count FROM unnest($1::text[]) WITH ORDINALITY AS t(k, i) ORDER BY i',
      [kinds],
    );
    return rows.map((row) => row.count);
  }

  describe('a success clearing counters while another attempt starts a window', () => {
    for (const [name, clear] of [
      ['reset', (keys: string[]) => limiter.reset(keys)],
      ['giveBack', (keys: string[]) => limiter.giveBack(keys)],
    ] as const) {
      test(`${name} changes only the rows it locked, so an attempt holding a newer row is not deadlocked`, async () => {
        // The order of a sign-in that ended in a server error: a success's clearing locks the
        // counters it finds (the high key; the low one had been swept), and an attempt from
        // elsewhere, holding the low key's new row, waits for the high key the clearing holds.
        const { low, high, lowKind, highKind } = keyPair();
        assert.equal(await limiter.take([{ key: high, limit }]), 0);
        const other = new pg.Client({ connectionString: server.config.databaseUrl! });
        await other.connect();
        try {
          await other.query('BEGIN');
          await other.query('SELECT key FROM rate_limit_counters WHERE key LIKE $1 FOR UPDATE', [highKind]);
          const clearing = clear([low, high]);
          await lockWaiters(server, 1);
          // An attempt on the low key alone starts its window while the clearing waits ...
          assert.equal(await limiter.take([{ key: low, limit }]), 0);
          // ... and one on both takes the low row and queues for the high one behind the clearing.
          const attempt = limiter.take([{ key: low, limit }, { key: high, limit }]);
          await lockWaiters(server, 2);
          await other.query('COMMIT');
          const [, wait] = await Promise.all([clearing, attempt]);
          assert.equal(wait, 0);
        } finally {
          await other.end();
        }
        // The clearing reached the high key only; the low one keeps both attempts made on it.
        assert.deepEqual(await counts([lowKind, highKind]), [2, 1]);
      });
    }
  });
}
