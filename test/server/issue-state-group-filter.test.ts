import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { seedWorkspace, startServer, type Seed, type TestServer } from './harness.js';
import { createIssue } from './planning-fixtures.js';

let server: TestServer;
let seed: Seed;

before(async () => {
  server = await startServer();
  seed = await seedWorkspace(server);
  const { member } = seed.users;
  for (const [name, group] of [
    ['Waiting', 'backlog'],
    ['Next', 'unstarted'],
    ['Doing', 'started'],
    ['Done', 'completed'],
    ['Dropped', 'cancelled'],
  ] as const) {
    await createIssue(server.db, seed.project.id, { name, group, assignees: [member.id] });
  }
  await createIssue(server.db, seed.project.id, { name: 'Doing, not mine', group: 'started' });
});
after(() => server.close());

describe('the state_group filter of issue lists', () => {
  test("keeps the issues whose state is in one of the groups, in a workspace tab and a project's list", async () => {
    const tab = await seed.actors.member.get(`${seed.workspaceUrl}/issues?tab=assigned&state_group=started,completed`);
    assert.equal(tab.status, 200, tab.text);
    assert.deepEqual(tab.body.map((issue: { name: string }) => issue.name).sort(), ['Doing', 'Done']);
    assert.equal(tab.headers.get('x-total-count'), '2');
    const one = await seed.actors.member.get(`${seed.workspaceUrl}/issues?tab=assigned&state_group=backlog&limit=1`);
    assert.deepEqual([one.body.map((issue: { state__group: string }) => issue.state__group), one.headers.get('x-total-count')], [['backlog'], '1']);
    const project = await seed.actors.viewer.get(`${seed.projectUrl}/issues?state_group=started`);
    assert.deepEqual(project.body.map((issue: { name: string }) => issue.name).sort(), ['Doing', 'Doing, not mine']);
  });

  test('refuses a group that does not exist with a clear text', async () => {
    for (const value of ['doing', 'started,', 'Started']) {
      const response = await seed.actors.member.get(`${seed.workspaceUrl}/issues?tab=assigned&state_group=${value}`);
      assert.deepEqual([response.status, response.body], [400, { error: 'State group is not valid' }], value);
    }
  });

  test('authorization matrix: everyone in the workspace', async () => {
    await seed.expectMatrix('GET', `${seed.workspaceUrl}/issues?tab=assigned&state_group=started`, undefined, {
      anonymous: 401,
      nonMember: 404,
      guest: 200,
      viewer: 200,
      member: 200,
      admin: 200,
    });
  });
});
