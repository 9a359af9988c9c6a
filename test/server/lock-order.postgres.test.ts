// Requests that lock several rows take them in one order (src/server/issues/issue-lookup.ts,
// lockIssues): the cycle or module before its issues, the issues by id. Each test holds the first
// row of that order in a transaction of its own, as another request would, starts a request, and
// once the request waits takes the second row: had the request locked the second row before the
// first, the two would wait on each other and PostgreSQL would end one of them. PostgreSQL only
// (npm test runs this file in its PostgreSQL pass; PGlite runs one transaction at a time).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { createIssue } from './planning-fixtures.js';
import { seedWorkspace, startServer, type Seed, type TestResponse, type TestServer } from './harness.js';
import { lockWaiters } from './lock-waiters.js';

const NEEDS_CONCURRENT_TRANSACTIONS =
  'Requests interleave only on PostgreSQL (PGlite runs one transaction at a time): set DATABASE_URL to a PostgreSQL server to run these tests.';

if (!process.env.DATABASE_URL) {
  test('requests that lock several rows', () => {
    assert.fail(NEEDS_CONCURRENT_TRANSACTIONS);
  });
} else {
  let server: TestServer;
  let seed: Seed;
  before(async () => {
    server = await startServer();
    seed = await seedWorkspace(server);
  });
  after(() => server?.close());

  const lockRow = (table: 'issues' | 'cycles' | 'modules', id: string) => ({ table, id });
  type Row = ReturnType<typeof lockRow>;

  /**
   * Holds `first`, starts `request`, and once it waits takes `second`, which the request must not
   * hold yet; then lets the request go on. Answers the request's response.
   */
  async function takesTurns(first: Row, second: Row, request: () => Promise<TestResponse>): Promise<TestResponse> {
    const other = new pg.Client({ connectionString: server.config.databaseUrl! });
    await other.connect();
    try {
      await other.query('BEGIN');
      // Past PostgreSQL's deadlock check (1 s), so a circle ends in its error, not in this bound.
      await other.query("SET LOCAL lock_timeout = '10s'");
      await other.query(`SELECT id FROM ${first.table} WHERE id = $1 FOR UPDATE`, [first.id]);
      const response = request();
      await lockWaiters(server, 1);
      await other.query(`SELECT id FROM ${second.table} WHERE id = $1 FOR NO KEY UPDATE`, [second.id]);
      await other.query('COMMIT');
      return await response;
    } finally {
      await other.end();
    }
  }

  const bulkUrl = () => `${seed.projectUrl}/bulk-update-issues`;
  const newIssue = () => createIssue(server.db, seed.project.id, { name: `Lock ${randomUUID().slice(0, 6)}` });

  /**
   * Two issues, the one made first with the larger id: number order and id order disagree. Each
   * new issue is held against the last one made, which (while none has crossed) has the largest
   * id so far: 65 ids made in rising order by chance is 1 in 65!. (Held against the first issue alone,
   * one whose id happened to be near the smallest found no smaller one in 64 tries about once in
   * 65 runs.)
   */
  async function crossedPair(): Promise<{ earlier: string; later: string }> {
    let earlier = await newIssue();
    for (let tries = 0; tries < 64; tries++) {
      const later = await newIssue();
      if (later.id < earlier.id) return { earlier: earlier.id, later: later.id };
      earlier = later;
    }
    throw new Error('65 issues were made in the order of their ids');
  }

  describe('a bulk update', () => {
    test('into a cycle locks the cycle before the issues, as adding to the cycle does', async () => {
      const cycle = (await seed.actors.member.post(`${seed.projectUrl}/cycles`, { name: `Sprint ${randomUUID().slice(0, 4)}` })).body;
      const issue = await newIssue();
      const response = await takesTurns(lockRow('cycles', cycle.id), lockRow('issues', issue.id), () =>
        seed.actors.member.post(bulkUrl(), { issue_ids: [issue.id], priority: 'high', cycle_id: cycle.id }),
      );
      assert.equal(response.status, 200, response.text);
      const inCycle = (await seed.actors.member.get(`${seed.projectUrl}/cycles/${cycle.id}/cycle-issues`)).body;
      assert.deepEqual(inCycle.map((row: { id: string; priority: string }) => [row.id, row.priority]), [[issue.id, 'high']]);
    });

    test('out of their cycle locks that cycle before the issues', async () => {
      const cycle = (await seed.actors.member.post(`${seed.projectUrl}/cycles`, { name: `Sprint ${randomUUID().slice(0, 4)}` })).body;
      const issue = await newIssue();
      assert.equal((await seed.actors.member.post(`${seed.projectUrl}/cycles/${cycle.id}/cycle-issues`, { issues: [issue.id] })).status, 200);
      const response = await takesTurns(lockRow('cycles', cycle.id), lockRow('issues', issue.id), () =>
        seed.actors.member.post(bulkUrl(), { issue_ids: [issue.id], priority: 'low', cycle_id: null }),
      );
      assert.equal(response.status, 200, response.text);
      assert.deepEqual((await seed.actors.member.get(`${seed.projectUrl}/cycles/${cycle.id}/cycle-issues`)).body, []);
    });

    test('into a module locks the module before the issues', async () => {
      const module = (await seed.actors.member.post(`${seed.projectUrl}/modules`, { name: `Module ${randomUUID().slice(0, 4)}` })).body;
      const issue = await newIssue();
      const response = await takesTurns(lockRow('modules', module.id), lockRow('issues', issue.id), () =>
        seed.actors.member.post(bulkUrl(), { issue_ids: [issue.id], priority: 'urgent', module_id: module.id }),
      );
      assert.equal(response.status, 200, response.text);
      const inModule = (await seed.actors.member.get(`${seed.projectUrl}/modules/${module.id}/module-issues`)).body;
      assert.deepEqual(inModule.map((row: { id: string }) => row.id), [issue.id]);
    });

    test('locks its issues by id, as relating them does, whatever their numbers', async () => {
      const { earlier, later } = await crossedPair();
      const response = await takesTurns(lockRow('issues', later), lockRow('issues', earlier), () =>
        seed.actors.member.post(bulkUrl(), { issue_ids: [earlier, later], priority: 'medium' }),
      );
      assert.equal(response.status, 200, response.text);
      assert.deepEqual(response.body, { updated: 2 });
    });
  });

  test('adding sub-issues locks the parent and the children by id', async () => {
    const { earlier, later } = await crossedPair();
    const response = await takesTurns(lockRow('issues', later), lockRow('issues', earlier), () =>
      seed.actors.member.post(`${seed.projectUrl}/issues/${earlier}/sub-issues`, { issue_ids: [later] }),
    );
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(response.body.map((row: { id: string }) => row.id), [later]);
  });
}
