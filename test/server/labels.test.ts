import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { everyMember, membersAndAdmins, seedWorkspace, startServer, type Actor, type Seed, type TestServer } from './harness.js';

let server: TestServer;
let seed: Seed;
let labelsUrl: string;

before(async () => {
  server = await startServer();
  seed = await seedWorkspace(server);
  labelsUrl = `${seed.projectUrl}/labels`;
});
after(() => server.close());

const LABEL_KEYS = ['color', 'created_at', 'id', 'name', 'project_id', 'sort_order', 'updated_at'];

async function newLabel(fields: Record<string, unknown> = {}) {
  const response = await seed.actors.member.post(labelsUrl, { name: `label-${randomUUID().slice(0, 6)}`, ...fields });
  assert.equal(response.status, 201, response.text);
  return response.body;
}

describe('POST …/labels', () => {
  test('creates a label after the others, colour optional', async () => {
    const first = await newLabel({ name: '  bug ', color: '#EF4444' });
    assert.deepEqual(Object.keys(first).sort(), LABEL_KEYS);
    assert.equal(first.name, 'bug');
    assert.equal(first.color, '#EF4444');
    const second = await newLabel();
    assert.equal(second.color, '');
    assert.ok(second.sort_order > first.sort_order);
  });

  test('refuses a duplicate name (409) and bad input (400)', async () => {
    const label = await newLabel();
    const taken = await seed.actors.member.post(labelsUrl, { name: label.name });
    assert.equal(taken.status, 409);
    assert.deepEqual(taken.body, { error: 'A label with this name already exists in the project.' });
    const cases: [unknown, string][] = [
      [{}, 'Name is required'],
      [{ name: '   ' }, 'Label name is required.'],
      [{ name: 'x', color: 'blue' }, 'Color is not valid'],
      [{ name: 'x'.repeat(256) }, 'Name cannot be longer than 255 characters'],
      [{ name: 'x', parent: null }, 'Body has an unknown field "parent"'],
    ];
    for (const [body, error] of cases) {
      const response = await seed.actors.member.post(labelsUrl, body);
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.deepEqual(response.body, { error }, JSON.stringify(body));
    }
  });

  test('authorization matrix: Member and up', async () => {
    await seed.expectMatrix('POST', labelsUrl, (actor: Actor) => ({ name: `by ${actor}` }), membersAndAdmins(201));
  });
});

describe('GET …/labels', () => {
  test('lists the project\'s labels; authorization matrix: everyone in the project', async () => {
    const label = await newLabel();
    const responses = await seed.expectMatrix('GET', labelsUrl, undefined, everyMember(200));
    assert.ok(responses.guest.body.some((item: { id: string }) => item.id === label.id));
  });
});

describe('PATCH …/labels/:labelId', () => {
  test('changes name, colour and order', async () => {
    const label = await newLabel();
    const response = await seed.actors.member.patch(`${labelsUrl}/${label.id}`, { name: 'renamed-label', color: '#00ff00', sort_order: 1 });
    assert.equal(response.status, 200, response.text);
    assert.deepEqual([response.body.name, response.body.color, response.body.sort_order], ['renamed-label', '#00ff00', 1]);
  });

  test('refuses a duplicate name, bad input and a label of another project', async () => {
    const [a, b] = [await newLabel(), await newLabel()];
    const taken = await seed.actors.member.patch(`${labelsUrl}/${b.id}`, { name: a.name });
    assert.equal(taken.status, 409);
    assert.equal((await seed.actors.member.patch(`${labelsUrl}/${b.id}`, {})).status, 400);
    assert.deepEqual((await seed.actors.member.patch(`${labelsUrl}/${b.id}`, { name: ' ' })).body, { error: 'Label name is required.' });
    const other = await seedWorkspace(server);
    const foreign = (await other.actors.member.post(`${other.projectUrl}/labels`, { name: 'foreign' })).body;
    const response = await seed.actors.admin.patch(`${labelsUrl}/${foreign.id}`, { name: 'mine' });
    assert.equal(response.status, 404);
    assert.deepEqual(response.body, { error: 'Label not found.' });
  });

  test('authorization matrix: Member and up', async () => {
    const label = await newLabel();
    await seed.expectMatrix('PATCH', `${labelsUrl}/${label.id}`, (actor: Actor) => ({ name: `renamed by ${actor}` }), {
      anonymous: 401,
      nonMember: 404,
      guest: 403,
      viewer: 403,
      member: 200,
      admin: 200,
    });
  });
});

describe('DELETE …/labels/:labelId', () => {
  test('removes the label from its issues, and their feeds say so', async () => {
    const label = await newLabel();
    const issue = (await seed.actors.member.post(`${seed.projectUrl}/issues`, { name: 'Labelled', label_ids: [label.id] })).body;
    assert.equal((await seed.actors.member.delete(`${labelsUrl}/${label.id}`)).status, 204);
    assert.deepEqual((await seed.actors.guest.get(`${seed.projectUrl}/issues/${issue.id}`)).body.labels, []);
    const feed = (await seed.actors.guest.get(`${seed.projectUrl}/issues/${issue.id}/activities`)).body;
    const last = feed.at(-1);
    assert.deepEqual([last.field, last.verb, last.old_value, last.new_value, last.old_identifier], ['labels', 'updated', label.name, '', label.id]);
    assert.equal((await seed.actors.member.delete(`${labelsUrl}/${label.id}`)).status, 404);
  });

  test('authorization matrix: Member and up', async () => {
    const first = await newLabel();
    await seed.expectMatrix('DELETE', `${labelsUrl}/${first.id}`, undefined, { anonymous: 401, nonMember: 404, guest: 403, viewer: 403, member: 204, admin: 404 });
    const second = await newLabel();
    assert.equal((await seed.actors.admin.delete(`${labelsUrl}/${second.id}`)).status, 204);
  });
});
