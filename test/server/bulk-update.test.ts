import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { activityOf, createIssue, createLabel } from './planning-fixtures.js';
import { seedWorkspace, startServer, type Seed, type TestServer } from './harness.js';

let server: TestServer;
let seed: Seed;
let bulkUrl: string;
let done: string;

before(async () => {
  server = await startServer();
  seed = await seedWorkspace(server);
  bulkUrl = `${seed.projectUrl}/bulk-update-issues`;
  done = (await server.db.one<{ id: string }>(`SELECT id FROM states WHERE project_id = $1 AND "group" = 'completed'`, [seed.project.id])).id;
});
after(() => server.close());

async function newIssues(count: number, fields: { labels?: string[]; assignees?: string[] } = {}): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index++) ids.push((await createIssue(server.db, seed.project.id, { name: `Bulk ${randomUUID().slice(0, 6)}`, ...fields })).id);
  return ids;
}

/** Each issue's state, priority, assignees and labels, in the order of `ids`. */
async function rowsOf(ids: string[]) {
  return server.db.query<{ state_id: string; priority: string; assignees: string[]; labels: string[] }>(
    `SELECT i.state_id, i.priority,
            ARRAY(SELECT user_id::text FROM issue_assignees a WHERE a.issue_id = i.id ORDER BY user_id) AS assignees,
            ARRAY(SELECT label_id::text FROM issue_labels l WHERE l.issue_id = i.id ORDER BY label_id) AS labels
       FROM unnest($1::uuid[]) WITH ORDINALITY AS wanted (id, n) JOIN issues i ON i.id = wanted.id ORDER BY wanted.n`,
    [ids],
  );
}

describe('POST …/bulk-update-issues', () => {
  test('changes the state and priority of every issue at once, each with its own activity', async () => {
    const ids = await newIssues(3);
    const response = await seed.actors.member.post(bulkUrl, { issue_ids: ids, state_id: done, priority: 'high' });
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(response.body, { updated: 3 });
    for (const row of await rowsOf(ids)) assert.deepEqual([row.state_id, row.priority], [done, 'high']);
    for (const id of ids) {
      assert.deepEqual((await activityOf(server.db, id, 'priority')).map((row) => [row.new_value, row.actor_id]), [['high', seed.users.member.id]]);
      assert.equal((await activityOf(server.db, id, 'state')).length, 1);
    }
  });

  test('replaces the assignees, adds labels while keeping the others', async () => {
    const bug = await createLabel(server.db, seed.project.id, `bug-${randomUUID().slice(0, 4)}`, '#dc2626');
    const ui = await createLabel(server.db, seed.project.id, `ui-${randomUUID().slice(0, 4)}`, '#2563eb');
    const [first, second] = await newIssues(2);
    const [labelled] = await newIssues(1, { labels: [bug], assignees: [seed.users.admin.id] });
    const ids = [first!, second!, labelled!];
    const response = await seed.actors.member.post(bulkUrl, { issue_ids: ids, assignee_ids: [seed.users.member.id], add_label_ids: [ui] });
    assert.equal(response.status, 200, response.text);
    const rows = await rowsOf(ids);
    assert.deepEqual(rows.map((row) => row.assignees), [[seed.users.member.id], [seed.users.member.id], [seed.users.member.id]]);
    assert.deepEqual(rows.map((row) => row.labels), [[ui], [ui], [bug, ui].sort()]);
    // An empty list unassigns everyone.
    await seed.actors.member.post(bulkUrl, { issue_ids: ids, assignee_ids: [] });
    assert.deepEqual((await rowsOf(ids)).map((row) => row.assignees), [[], [], []]);
  });

  test('moves the issues into a cycle and a module, and out of their cycle', async () => {
    const cycle = (await seed.actors.member.post(`${seed.projectUrl}/cycles`, { name: `Sprint ${randomUUID().slice(0, 4)}` })).body;
    const module = (await seed.actors.member.post(`${seed.projectUrl}/modules`, { name: `Module ${randomUUID().slice(0, 4)}` })).body;
    const ids = await newIssues(2);
    assert.equal((await seed.actors.member.post(bulkUrl, { issue_ids: ids, cycle_id: cycle.id, module_id: module.id })).status, 200);
    const inCycle = (await seed.actors.guest.get(`${seed.projectUrl}/cycles/${cycle.id}/cycle-issues`)).body.map((issue: { id: string }) => issue.id);
    const inModule = (await seed.actors.guest.get(`${seed.projectUrl}/modules/${module.id}/module-issues`)).body.map((issue: { id: string }) => issue.id);
    assert.deepEqual([inCycle.sort(), inModule.sort()], [[...ids].sort(), [...ids].sort()]);
    assert.equal((await seed.actors.member.post(bulkUrl, { issue_ids: ids, cycle_id: null })).status, 200);
    assert.deepEqual((await seed.actors.guest.get(`${seed.projectUrl}/cycles/${cycle.id}/cycle-issues`)).body, []);
    assert.deepEqual((await activityOf(server.db, ids[0]!, 'cycles')).map((row) => row.verb), ['created', 'deleted']);
  });

  test('all or nothing: an issue of another project, or a change one issue refuses, changes none', async () => {
    const other = await seedWorkspace(server);
    const foreign = (await other.actors.member.post(`${other.projectUrl}/issues`, { name: 'foreign' })).body.id;
    const ids = await newIssues(2);
    const before = await rowsOf(ids);
    const stranger = await seed.actors.member.post(bulkUrl, { issue_ids: [...ids, foreign], priority: 'urgent' });
    assert.equal(stranger.status, 400);
    assert.deepEqual(stranger.body, { error: 'Some of the selected issues do not exist in this project.' });
    const foreignState = (await server.db.one<{ id: string }>('SELECT id FROM states WHERE project_id = $1 LIMIT 1', [other.project.id])).id;
    const refused = await seed.actors.member.post(bulkUrl, { issue_ids: ids, priority: 'urgent', state_id: foreignState });
    assert.equal(refused.status, 400, refused.text);
    assert.deepEqual(await rowsOf(ids), before);
    const missingCycle = await seed.actors.member.post(bulkUrl, { issue_ids: ids, priority: 'urgent', cycle_id: randomUUID() });
    assert.equal(missingCycle.status, 404);
    assert.deepEqual(await rowsOf(ids), before);
  });

  test('bad input gets a sentence', async () => {
    const [id] = await newIssues(1);
    const cases: [unknown, string][] = [
      [{ issue_ids: [], priority: 'high' }, 'Please select at least one issue.'],
      [{ priority: 'high' }, 'Please select at least one issue.'],
      [{ issue_ids: [id] }, 'Choose a change to make to the selected issues.'],
    ];
    for (const [body, error] of cases) {
      const response = await seed.actors.member.post(bulkUrl, body);
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.deepEqual(response.body, { error });
    }
    for (const body of [{ issue_ids: ['nope'], priority: 'high' }, { issue_ids: [id], priority: 'very' }, { issue_ids: [id], name: 'x' }]) {
      const response = await seed.actors.member.post(bulkUrl, body);
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.equal(typeof response.body.error, 'string');
      assert.match(response.body.error, /^[A-Z].*[^\s]$/);
    }
  });

  test('a disabled cycle feature refuses a cycle change with its notice', async () => {
    const [id] = await newIssues(1);
    await seed.actors.admin.patch(seed.projectUrl, { cycle_view: false });
    try {
      const response = await seed.actors.member.post(bulkUrl, { issue_ids: [id], cycle_id: null });
      assert.equal(response.status, 403);
      assert.match(response.body.error, /^Cycles are disabled in this project/);
    } finally {
      await seed.actors.admin.patch(seed.projectUrl, { cycle_view: true });
    }
  });

  test('authorization matrix: Member and up', async () => {
    const ids = await newIssues(2);
    const responses = await seed.expectMatrix('POST', bulkUrl, { issue_ids: ids, priority: 'low' }, {
      anonymous: 401,
      nonMember: 404,
      guest: 403,
      viewer: 403,
      member: 200,
      admin: 200,
    });
    assert.deepEqual(responses.admin.body, { updated: 2 });
  });
});
