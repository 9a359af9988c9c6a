import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { seedWorkspace, startServer, type TestServer } from './harness.js';

let server: TestServer;

before(async () => {
  server = await startServer();
});
after(() => server.close());

describe('GET …/issues?order=', () => {
  test('orders by priority, target date, last update or creation, the route’s own order breaking ties', async () => {
    const local = await seedWorkspace(server);
    const make = async (fields: Record<string, unknown>) => (await local.actors.member.post(`${local.projectUrl}/issues`, fields)).body as { id: string };
    await make({ name: 'A', priority: 'low', target_date: '2026-03-20' });
    const b = await make({ name: 'B', priority: 'urgent' });
    await make({ name: 'C', priority: 'low', target_date: '2026-03-10' });
    await make({ name: 'D', priority: 'none', target_date: '2026-03-15' });
    const updated = await local.actors.member.patch(`${local.projectUrl}/issues/${b.id}`, { name: 'B2' });
    assert.equal(updated.status, 200, updated.text);
    const names = async (query: string, url = `${local.projectUrl}/issues`) => {
      const response = await local.actors.guest.get(`${url}?${query}`);
      assert.equal(response.status, 200, `${query}: ${response.text}`);
      return response.body.map((issue: { name: string }) => issue.name);
    };
    assert.deepEqual(await names(''), ['D', 'C', 'B2', 'A'], 'newest first without an order');
    assert.deepEqual(await names('order=newest'), ['D', 'C', 'B2', 'A']);
    assert.deepEqual(await names('order=priority'), ['B2', 'C', 'A', 'D'], 'most pressing first, newest first within a priority');
    assert.deepEqual(await names('order=target_date'), ['C', 'D', 'A', 'B2'], 'no target date last');
    assert.deepEqual(await names('order=updated'), ['B2', 'D', 'C', 'A']);
    assert.deepEqual(await names('order=priority&limit=2&offset=2'), ['A', 'D'], 'pages follow the order');
    assert.deepEqual(await names('order=priority', `${local.workspaceUrl}/issues`), ['B2', 'C', 'A', 'D'], 'the workspace tabs order too');
  });

  test('refuses an unknown order with 400', async () => {
    const local = await seedWorkspace(server);
    const response = await local.actors.guest.get(`${local.projectUrl}/issues?order=name`);
    assert.equal(response.status, 400);
    assert.match(response.body.error, /Order/);
  });
});
