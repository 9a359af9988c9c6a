import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { adminsOnly, everyMember, seedWorkspace, startServer, type Actor, type Seed, type TestServer } from './harness.js';

let server: TestServer;
let seed: Seed;
let statesUrl: string;

before(async () => {
  server = await startServer();
  seed = await seedWorkspace(server);
  statesUrl = `${seed.projectUrl}/states`;
});
after(() => server.close());

const STATE_KEYS = ['color', 'created_at', 'description', 'group', 'id', 'is_default', 'name', 'project_id', 'sequence', 'updated_at'];

async function newState(fields: Record<string, unknown> = {}) {
  const response = await seed.actors.admin.post(statesUrl, { name: `State ${randomUUID().slice(0, 6)}`, color: '#123456', group: 'started', ...fields });
  assert.equal(response.status, 201, response.text);
  return response.body;
}

async function defaults(): Promise<string[]> {
  const list = (await seed.actors.guest.get(statesUrl)).body as { name: string; is_default: boolean }[];
  return list.filter((state) => state.is_default).map((state) => state.name);
}

describe('GET …/states', () => {
  test('lists the project\'s states in workflow order; authorization matrix: everyone in the project', async () => {
    const responses = await seed.expectMatrix('GET', statesUrl, undefined, everyMember(200));
    const list = responses.guest.body;
    assert.deepEqual(list.slice(0, 5).map((s: { name: string; group: string; is_default: boolean }) => [s.name, s.group, s.is_default]), [
      ['Backlog', 'backlog', true],
      ['Todo', 'unstarted', false],
      ['In Progress', 'started', false],
      ['Done', 'completed', false],
      ['Cancelled', 'cancelled', false],
    ]);
    assert.deepEqual(Object.keys(list[0]).sort(), STATE_KEYS);
  });
});

describe('POST …/states', () => {
  test('creates a state after the others; is_default moves the default to it', async () => {
    const state = await newState({ name: ' Review ', description: 'Waiting for review' });
    assert.equal(state.name, 'Review');
    assert.equal(state.description, 'Waiting for review');
    assert.equal(state.is_default, false);
    const list = (await seed.actors.guest.get(statesUrl)).body;
    assert.equal(list.at(-1).id, state.id);
    const main = await newState({ is_default: true });
    assert.equal(main.is_default, true);
    assert.deepEqual(await defaults(), [main.name]);
    // New issues start there.
    const issue = await seed.actors.member.post(`${seed.projectUrl}/issues`, { name: 'Starts in the new default' });
    assert.equal(issue.body.state_id, main.id);
    await seed.actors.admin.patch(`${statesUrl}/${list[0].id}`, { is_default: true });
  });

  test('refuses a duplicate name (409) and bad input (400)', async () => {
    const taken = await seed.actors.admin.post(statesUrl, { name: 'Todo', color: '#fff', group: 'unstarted' });
    assert.equal(taken.status, 409);
    assert.deepEqual(taken.body, { error: 'A state with this name already exists in the project.' });
    const cases: [unknown, string][] = [
      [{ color: '#fff', group: 'started' }, 'Name is required'],
      [{ name: '  ', color: '#fff', group: 'started' }, 'State name is required.'],
      [{ name: 'x', group: 'started' }, 'Color is required'],
      [{ name: 'x', color: 'red', group: 'started' }, 'Color is not valid'],
      [{ name: 'x', color: '#fff' }, 'Group is required'],
      [{ name: 'x', color: '#fff', group: 'doing' }, 'Group must be one of backlog, unstarted, started, completed, cancelled'],
      [{ name: 'x', color: '#fff', group: 'started', project_id: seed.project.id }, 'Body has an unknown field "project_id"'],
    ];
    for (const [body, error] of cases) {
      const response = await seed.actors.admin.post(statesUrl, body);
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.deepEqual(response.body, { error }, JSON.stringify(body));
    }
  });

  test('authorization matrix: project Admin', async () => {
    await seed.expectMatrix('POST', statesUrl, (actor: Actor) => ({ name: `by ${actor}`, color: '#abcdef', group: 'backlog' }), {
      anonymous: 401,
      nonMember: 404,
      guest: 403,
      viewer: 403,
      member: 403,
      admin: 201,
    });
  });
});

describe('PATCH …/states/:stateId', () => {
  test('changes the fields; there is always exactly one default', async () => {
    const state = await newState();
    const response = await seed.actors.admin.patch(`${statesUrl}/${state.id}`, { name: 'Renamed state', color: '#000000', group: 'completed', sequence: 1 });
    assert.equal(response.status, 200, response.text);
    assert.deepEqual([response.body.name, response.body.color, response.body.group, response.body.sequence], ['Renamed state', '#000000', 'completed', 1]);
    const makeDefault = await seed.actors.admin.patch(`${statesUrl}/${state.id}`, { is_default: true });
    assert.equal(makeDefault.body.is_default, true);
    assert.deepEqual(await defaults(), ['Renamed state']);
    const unset = await seed.actors.admin.patch(`${statesUrl}/${state.id}`, { is_default: false });
    assert.equal(unset.status, 400);
    assert.deepEqual(unset.body, { error: 'A project always has one default state: make another state the default instead.' });
    const backlog = (await seed.actors.guest.get(statesUrl)).body.find((s: { name: string }) => s.name === 'Backlog');
    await seed.actors.admin.patch(`${statesUrl}/${backlog.id}`, { is_default: true });
    assert.deepEqual(await defaults(), ['Backlog']);
  });

  test('refuses a duplicate name, an empty body, and a state of another project', async () => {
    const state = await newState();
    const taken = await seed.actors.admin.patch(`${statesUrl}/${state.id}`, { name: 'Done' });
    assert.equal(taken.status, 409);
    assert.deepEqual(taken.body, { error: 'A state with this name already exists in the project.' });
    const empty = await seed.actors.admin.patch(`${statesUrl}/${state.id}`, {});
    assert.equal(empty.status, 400);
    const other = await seedWorkspace(server);
    const foreign = (await other.actors.admin.get(`${other.projectUrl}/states`)).body[0];
    const response = await seed.actors.admin.patch(`${statesUrl}/${foreign.id}`, { name: 'Mine now' });
    assert.equal(response.status, 404);
    assert.deepEqual(response.body, { error: 'State not found.' });
  });

  test('authorization matrix: project Admin', async () => {
    const state = await newState();
    await seed.expectMatrix('PATCH', `${statesUrl}/${state.id}`, (actor: Actor) => ({ name: `renamed by ${actor}` }), {
      anonymous: 401,
      nonMember: 404,
      guest: 403,
      viewer: 403,
      member: 403,
      admin: 200,
    });
  });
});

describe('DELETE …/states/:stateId', () => {
  test('deletes an unused state, even one only deleted issues had', async () => {
    const state = await newState();
    const issue = await seed.actors.member.post(`${seed.projectUrl}/issues`, { name: 'Short-lived', state_id: state.id });
    await seed.actors.member.delete(`${seed.projectUrl}/issues/${issue.body.id}`);
    assert.equal((await seed.actors.admin.delete(`${statesUrl}/${state.id}`)).status, 204);
    assert.ok(!(await seed.actors.guest.get(statesUrl)).body.some((s: { id: string }) => s.id === state.id));
    assert.equal((await seed.actors.admin.delete(`${statesUrl}/${state.id}`)).status, 404);
  });

  test('refuses a state in use (409) and the default state (409), keeping them', async () => {
    const state = await newState();
    for (let index = 0; index < 2; index++) await seed.actors.member.post(`${seed.projectUrl}/issues`, { name: `Uses it ${index}`, state_id: state.id });
    const used = await seed.actors.admin.delete(`${statesUrl}/${state.id}`);
    assert.equal(used.status, 409);
    assert.deepEqual(used.body, { error: 'This state is used by 2 issues: move them to another state before deleting the state.' });
    const backlog = (await seed.actors.guest.get(statesUrl)).body.find((s: { name: string }) => s.name === 'Backlog');
    const byDefault = await seed.actors.admin.delete(`${statesUrl}/${backlog.id}`);
    assert.equal(byDefault.status, 409);
    assert.deepEqual(byDefault.body, { error: 'The default state cannot be deleted: make another state the default first.' });
    assert.equal((await seed.actors.guest.get(statesUrl)).body.filter((s: { id: string }) => s.id === state.id || s.id === backlog.id).length, 2);
  });

  test('authorization matrix: project Admin', async () => {
    const state = await newState();
    await seed.expectMatrix('DELETE', `${statesUrl}/${state.id}`, undefined, adminsOnly(204));
  });
});
