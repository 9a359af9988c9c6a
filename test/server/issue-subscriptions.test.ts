import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { ACTORS, everyMember, seedWorkspace, startServer, type Seed, type TestServer } from './harness.js';

let server: TestServer;
let seed: Seed;

before(async () => {
  server = await startServer();
  seed = await seedWorkspace(server);
});
after(() => server.close());

async function newIssue(fields: Record<string, unknown> = {}) {
  const response = await seed.actors.member.post(`${seed.projectUrl}/issues`, { name: `Issue ${randomUUID().slice(0, 6)}`, ...fields });
  assert.equal(response.status, 201, response.text);
  return `${seed.projectUrl}/issues/${response.body.id}`;
}

describe('issue subscriptions', () => {
  test('the creator and the assignees (also those added later) are subscribed, nobody else', async () => {
    const url = await newIssue({ assignee_ids: [seed.users.viewer.id] });
    const state = async (actor: 'guest' | 'viewer' | 'member' | 'admin') => (await seed.actors[actor].get(`${url}/subscribe`)).body.subscribed;
    assert.equal(await state('member'), true);
    assert.equal(await state('viewer'), true);
    assert.equal(await state('guest'), false);
    assert.equal(await state('admin'), false);
    await seed.actors.member.patch(url, { assignee_ids: [seed.users.viewer.id, seed.users.admin.id] });
    assert.equal(await state('admin'), true);
  });

  test('subscribe and unsubscribe are idempotent and answer the new state', async () => {
    const url = await newIssue();
    assert.deepEqual((await seed.actors.guest.post(`${url}/subscribe`)).body, { subscribed: true });
    assert.deepEqual((await seed.actors.guest.post(`${url}/subscribe`)).body, { subscribed: true });
    assert.deepEqual((await seed.actors.guest.get(`${url}/subscribe`)).body, { subscribed: true });
    assert.equal((await seed.actors.guest.get(url)).body.is_subscribed, true);
    assert.deepEqual((await seed.actors.guest.delete(`${url}/subscribe`)).body, { subscribed: false });
    assert.deepEqual((await seed.actors.guest.delete(`${url}/subscribe`)).body, { subscribed: false });
    assert.deepEqual((await seed.actors.guest.get(`${url}/subscribe`)).body, { subscribed: false });
  });

  test('404 for an unknown or deleted issue', async () => {
    assert.equal((await seed.actors.guest.post(`${seed.projectUrl}/issues/${randomUUID()}/subscribe`)).status, 404);
    const url = await newIssue();
    await seed.actors.member.delete(url);
    assert.equal((await seed.actors.guest.post(`${url}/subscribe`)).status, 404);
  });

  test('authorization matrix: everyone in the project, for GET, POST and DELETE', async () => {
    const url = await newIssue();
    const matrix = everyMember(200);
    await seed.expectMatrix('POST', `${url}/subscribe`, undefined, matrix);
    const responses = await seed.expectMatrix('GET', `${url}/subscribe`, undefined, matrix);
    for (const actor of ACTORS.slice(2)) assert.deepEqual(responses[actor].body, { subscribed: true }, actor);
    await seed.expectMatrix('DELETE', `${url}/subscribe`, undefined, matrix);
    const after = await seed.expectMatrix('GET', `${url}/subscribe`, undefined, matrix);
    for (const actor of ACTORS.slice(2)) assert.deepEqual(after[actor].body, { subscribed: false }, actor);
  });
});
