import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { DEFAULT_ESTIMATE_VALUES, estimateShape } from '../../src/api-shapes/estimate.js';
import { ESTIMATES_OFF } from '../../src/api-shapes/estimate-values.js';
import { everyMember, seedWorkspace, startServer, type Seed, type TestClient, type TestServer } from './harness.js';
import { activityOf } from './planning-fixtures.js';
import { shapeKeys } from './shape-check.js';

let server: TestServer;
let seed: Seed;

before(async () => {
  server = await startServer();
  seed = await seedWorkspace(server);
});
after(() => server.close());

const POINTS_REFUSED = 'The estimate must be one of this project’s estimate values: 1, 2, 3, 5, 8, 13.';

/** A new project made by the seed's admin (its only member), with its API address. */
async function newProject(): Promise<{ id: string; url: string }> {
  const identifier = `E${randomUUID().slice(0, 5).replace(/-/g, '').toUpperCase()}`;
  const response = await seed.actors.admin.post(`${seed.workspaceUrl}/projects`, { name: `Estimates ${identifier}`, identifier });
  assert.equal(response.status, 201, response.text);
  return { id: response.body.id, url: `${seed.workspaceUrl}/projects/${response.body.id}` };
}

/** Sends `body` to the project's estimate as its admin; fails the test unless it is taken. */
async function setEstimate(url: string, body: Record<string, unknown>) {
  const response = await seed.actors.admin.patch(`${url}/estimate`, body);
  assert.equal(response.status, 200, response.text);
  return response.body as { enabled: boolean; type: string; points: Array<{ id: string; key: number; value: string }> };
}

async function newIssue(client: TestClient, url: string, fields: Record<string, unknown> = {}) {
  const response = await client.post(`${url}/issues`, { name: `Issue ${randomUUID().slice(0, 6)}`, ...fields });
  assert.equal(response.status, 201, response.text);
  return response.body as { id: string; estimate_point: string | null };
}

const values = (estimate: { points: Array<{ value: string }> }) => estimate.points.map((point) => point.value);

describe('GET …/estimate', () => {
  test('a project starts with estimates off, points, and no values', async () => {
    const project = await newProject();
    const response = await seed.actors.admin.get(`${project.url}/estimate`);
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(Object.keys(response.body).sort(), shapeKeys(estimateShape));
    assert.deepEqual(response.body, { project_id: project.id, enabled: false, type: 'points', points: [] });
  });

  test('authorization matrix: everyone in the project reads it', async () => {
    await seed.expectMatrix('GET', `${seed.projectUrl}/estimate`, undefined, everyMember(200));
  });
});

describe('PATCH …/estimate', () => {
  test('turning estimates on gives a project without values the default points, in order', async () => {
    const project = await newProject();
    const estimate = await setEstimate(project.url, { enabled: true });
    assert.equal(estimate.enabled, true);
    assert.deepEqual(values(estimate), DEFAULT_ESTIMATE_VALUES.points);
    assert.deepEqual(estimate.points.map((point) => point.key), [1, 2, 3, 4, 5, 6]);
    const off = await setEstimate(project.url, { enabled: false });
    assert.deepEqual([off.enabled, values(off)], [false, DEFAULT_ESTIMATE_VALUES.points], 'turned off, the values stay');
  });

  test('edits the list: a value sent with its id is renamed or moved, one without is new, one left out is removed from its issues', async () => {
    const project = await newProject();
    const start = await setEstimate(project.url, { enabled: true });
    const [one, two, three, five] = start.points;
    const onFive = await newIssue(seed.actors.admin, project.url, { estimate_point: '5' });
    const onThree = await newIssue(seed.actors.admin, project.url, { estimate_point: '3' });
    const edited = await setEstimate(project.url, {
      points: [{ id: two!.id, value: '1' }, { id: one!.id, value: '2' }, { id: three!.id, value: ' 4 ' }, { value: '20' }],
    });
    assert.deepEqual(values(edited), ['1', '2', '4', '20']);
    assert.deepEqual(edited.points.map((point) => point.id).slice(0, 3), [two!.id, one!.id, three!.id]);
    const read = async (id: string) => (await seed.actors.admin.get(`${project.url}/issues/${id}`)).body.estimate_point;
    assert.equal(await read(onThree.id), '4', 'the renamed value stays on its issue');
    assert.equal(await read(onFive.id), null, 'the removed value is gone from its issue');
    const rows = await activityOf(server.db, onFive.id, 'estimate_point');
    assert.deepEqual(rows, [{ verb: 'updated', old_value: '5', new_value: '', old_identifier: five!.id, new_identifier: null, actor_id: seed.users.admin.id }]);
    assert.deepEqual(await activityOf(server.db, onThree.id, 'estimate_point'), [], 'a rename records nothing');
  });

  test('changing the type without values starts from the new type’s defaults and takes the old values off the issues', async () => {
    const project = await newProject();
    await setEstimate(project.url, { enabled: true });
    const issue = await newIssue(seed.actors.admin, project.url, { estimate_point: '8' });
    const categories = await setEstimate(project.url, { type: 'categories' });
    assert.deepEqual([categories.type, values(categories)], ['categories', DEFAULT_ESTIMATE_VALUES.categories]);
    assert.equal((await seed.actors.admin.get(`${project.url}/issues/${issue.id}`)).body.estimate_point, null);
    assert.deepEqual((await activityOf(server.db, issue.id, 'estimate_point')).map((row) => [row.old_value, row.new_value]), [['8', '']]);
    const own = await setEstimate(project.url, { type: 'points', points: [{ value: '0.5' }, { value: '1' }, { value: '2' }] });
    assert.deepEqual([own.type, values(own)], ['points', ['0.5', '1', '2']]);
  });

  test('refuses bad input with a clear 400 and changes nothing', async () => {
    const project = await newProject();
    const before = await setEstimate(project.url, { enabled: true });
    const list = (...items: string[]) => items.map((value) => ({ value }));
    const cases: [unknown, string][] = [
      [{}, 'Body needs at least one field'],
      [{ type: 'hours' }, 'Type must be one of points, categories'],
      [{ enabled: 'yes' }, 'Enabled must be true or false'],
      [{ colour: 'red' }, 'Body has an unknown field "colour"'],
      [{ points: list('1') }, 'An estimate system has 2 to 12 values.'],
      [{ points: list(...Array.from({ length: 13 }, (_, n) => String(n))) }, 'An estimate system has 2 to 12 values.'],
      [{ points: list('1', '  ') }, 'Estimate values cannot be empty.'],
      [{ points: list('1', '2', '1') }, 'Each estimate value must be different: “1” is there twice.'],
      [{ points: list('1', '1.0') }, 'Each estimate value must be different: “1.0” is there twice.'],
      [{ points: list('0.5', '2', '02', '3') }, 'Each estimate value must be different: “02” is there twice.'],
      [{ points: list('1.50', '1.5') }, 'Each estimate value must be different: “1.5” is there twice.'],
      [{ points: list('1', 'M') }, 'Points must be numbers from 0 to 9999, such as 1, 2, 3, 5, 8 or 13: “M” is not one.'],
      [{ points: list('1', '-2') }, 'Points must be numbers from 0 to 9999, such as 1, 2, 3, 5, 8 or 13: “-2” is not one.'],
      [{ type: 'categories', points: list('S', 's') }, 'Each estimate value must be different: “s” is there twice.'],
      [{ points: [{ value: '1', colour: 'red' }, { value: '2' }] }, 'Item 1 of points has an unknown field "colour"'],
      [{ points: [{ value: 'x'.repeat(21) }, { value: '2' }] }, 'Value of item 1 of points cannot be longer than 20 characters'],
      [{ points: [{ id: randomUUID(), value: '1' }, { value: '2' }] }, 'An estimate value’s id must be one of this project’s values; send a new value without an id.'],
      [{ points: [{ id: before.points[0]!.id, value: '1' }, { id: before.points[0]!.id, value: '2' }] }, 'Each estimate value’s id can be sent once.'],
    ];
    const answers = [];
    for (const [body] of cases) {
      const response = await seed.actors.admin.patch(`${project.url}/estimate`, body);
      answers.push([response.status, response.body]);
    }
    assert.deepEqual(answers, cases.map(([, error]) => [400, { error }]));
    assert.deepEqual((await seed.actors.admin.get(`${project.url}/estimate`)).body, before);
  });

  test('authorization matrix: project admins change it, and a refusal changes nothing', async () => {
    const responses = await seed.expectMatrix('PATCH', `${seed.projectUrl}/estimate`, { enabled: false }, {
      anonymous: 401,
      nonMember: 404,
      guest: 403,
      viewer: 403,
      member: 403,
      admin: 200,
    });
    assert.equal(responses.member.body.error, 'This needs the Admin role or higher in this project.');
    const project = await newProject();
    await seed.actors.admin.post(`${project.url}/members`, { user_id: seed.users.member.id, role: 15 });
    const refused = await seed.actors.member.patch(`${project.url}/estimate`, { enabled: true });
    assert.equal(refused.status, 403);
    assert.equal((await seed.actors.member.get(`${project.url}/estimate`)).body.enabled, false);
  });
});

describe('an issue’s estimate', () => {
  test('while estimates are off, rows show none and writes are refused with a sentence', async () => {
    const project = await newProject();
    const issue = await newIssue(seed.actors.admin, project.url);
    assert.equal(issue.estimate_point, null);
    const created = await seed.actors.admin.post(`${project.url}/issues`, { name: 'Estimated', estimate_point: '3' });
    assert.deepEqual([created.status, created.body], [400, { error: ESTIMATES_OFF }]);
    for (const estimate of ['3', null]) {
      const changed = await seed.actors.admin.patch(`${project.url}/issues/${issue.id}`, { estimate_point: estimate });
      assert.deepEqual([changed.status, changed.body], [400, { error: ESTIMATES_OFF }]);
    }
    const count = await server.db.one<{ count: number }>('SELECT count(*)::int AS count FROM issues WHERE project_id = $1', [project.id]);
    assert.equal(count.count, 1, 'the refused creation made nothing');
  });

  test('is set on creation, changed and cleared, each change on the activity feed', async () => {
    await setEstimate(seed.projectUrl, { enabled: true, type: 'points', points: DEFAULT_ESTIMATE_VALUES.points.map((value) => ({ value })) });
    const issue = await newIssue(seed.actors.member, seed.projectUrl, { estimate_point: '5' });
    assert.equal(issue.estimate_point, '5');
    const url = `${seed.projectUrl}/issues/${issue.id}`;
    const changed = await seed.actors.member.patch(url, { estimate_point: '8' });
    assert.deepEqual([changed.status, changed.body.estimate_point], [200, '8']);
    const listed = (await seed.actors.guest.get(`${seed.projectUrl}/issues`)).body.find((row: { id: string }) => row.id === issue.id);
    assert.equal(listed.estimate_point, '8');
    assert.equal((await seed.actors.member.patch(url, { estimate_point: '8' })).status, 200, 'the same value again');
    const cleared = await seed.actors.member.patch(url, { estimate_point: null });
    assert.deepEqual([cleared.status, cleared.body.estimate_point], [200, null]);
    const points = (await seed.actors.member.get(`${seed.projectUrl}/estimate`)).body.points as Array<{ id: string; value: string }>;
    const idOf = (value: string) => points.find((point) => point.value === value)!.id;
    const rows = await activityOf(server.db, issue.id, 'estimate_point');
    assert.deepEqual(rows.map(({ verb, old_value, new_value, old_identifier, new_identifier, actor_id }) => [verb, old_value, new_value, old_identifier, new_identifier, actor_id]), [
      ['updated', '5', '8', idOf('5'), idOf('8'), seed.users.member.id],
      ['updated', '8', '', idOf('8'), null, seed.users.member.id],
    ]);
    const feed = (await seed.actors.guest.get(`${url}/activities`)).body as Array<{ field: string; new_value: string }>;
    assert.deepEqual(feed.filter((row) => row.field === 'estimate_point').map((row) => row.new_value), ['8', '']);
  });

  test('refuses a value that is not one of the project’s, and changes nothing', async () => {
    await setEstimate(seed.projectUrl, { enabled: true, type: 'points', points: DEFAULT_ESTIMATE_VALUES.points.map((value) => ({ value })) });
    const issue = await newIssue(seed.actors.member, seed.projectUrl, { estimate_point: '2' });
    const url = `${seed.projectUrl}/issues/${issue.id}`;
    const cases: [unknown, string][] = [
      [{ estimate_point: '4' }, POINTS_REFUSED],
      [{ estimate_point: 'M' }, POINTS_REFUSED],
      [{ estimate_point: 5 }, 'Estimate point must be text or null'],
      [{ estimate_point: 'x'.repeat(21) }, 'Estimate point cannot be longer than 20 characters'],
    ];
    const answers = [];
    for (const [body] of cases) {
      const response = await seed.actors.member.patch(url, body);
      answers.push([response.status, response.body]);
    }
    assert.deepEqual(answers, cases.map(([, error]) => [400, { error }]));
    const created = await seed.actors.member.post(`${seed.projectUrl}/issues`, { name: 'Too big', estimate_point: '21' });
    assert.deepEqual([created.status, created.body], [400, { error: POINTS_REFUSED }]);
    assert.equal((await seed.actors.member.get(url)).body.estimate_point, '2');
    assert.deepEqual(await activityOf(server.db, issue.id, 'estimate_point'), []);
  });

  test('is hidden while estimates are off and shows again when they are back on', async () => {
    const project = await newProject();
    await setEstimate(project.url, { enabled: true });
    const issue = await newIssue(seed.actors.admin, project.url, { estimate_point: '13' });
    await setEstimate(project.url, { enabled: false });
    const row = (await seed.actors.admin.get(`${project.url}/issues`)).body[0];
    assert.equal(row.estimate_point, null);
    await setEstimate(project.url, { enabled: true });
    assert.equal((await seed.actors.admin.get(`${project.url}/issues/${issue.id}`)).body.estimate_point, '13');
    assert.equal((await seed.actors.admin.get(`${project.url}/issues`)).body[0].estimate_point, '13');
  });
});

describe('estimates in cycles and modules', () => {
  /** A project with a cycle and a module holding four issues: 3 (done), 5 (started), none (done), 8 (deleted). */
  async function planned(estimate: Record<string, unknown>, values: [string | null, string | null, string | null, string | null]) {
    const project = await newProject();
    await setEstimate(project.url, { enabled: true, ...estimate });
    const states = (await seed.actors.admin.get(`${project.url}/states`)).body as Array<{ id: string; group: string }>;
    const stateOf = (group: string) => states.find((state) => state.group === group)!.id;
    const groups = ['completed', 'started', 'completed', 'started'];
    const issues = [];
    for (const [n, value] of values.entries()) {
      issues.push(await newIssue(seed.actors.admin, project.url, { estimate_point: value, state_id: stateOf(groups[n]!) }));
    }
    const cycle = (await seed.actors.admin.post(`${project.url}/cycles`, { name: 'Sprint' })).body;
    const module = (await seed.actors.admin.post(`${project.url}/modules`, { name: 'Launch' })).body;
    const ids = issues.map((issue) => issue.id);
    assert.equal((await seed.actors.admin.post(`${project.url}/cycles/${cycle.id}/cycle-issues`, { issues: ids })).status, 200);
    assert.equal((await seed.actors.admin.post(`${project.url}/modules/${module.id}/module-issues`, { issues: ids })).status, 200);
    assert.equal((await seed.actors.admin.delete(`${project.url}/issues/${ids[3]}`)).status, 204);
    const totals = async () => {
      const pick = (body: Record<string, unknown>) => [body.total_estimate, body.completed_estimate, body.estimate_categories];
      return {
        cycle: pick((await seed.actors.admin.get(`${project.url}/cycles/${cycle.id}`)).body),
        cycles: pick((await seed.actors.admin.get(`${project.url}/cycles`)).body[0]),
        module: pick((await seed.actors.admin.get(`${project.url}/modules/${module.id}`)).body),
        modules: pick((await seed.actors.admin.get(`${project.url}/modules`)).body[0]),
      };
    };
    return { project, totals };
  }

  const everywhere = (value: unknown[]) => ({ cycle: value, cycles: value, module: value, modules: value });

  test('points: the live issues’ points summed, and those completed', async () => {
    const { project, totals } = await planned({}, ['3', '5', null, '8']);
    assert.deepEqual(await totals(), everywhere([8, 3, []]));
    await setEstimate(project.url, { enabled: false });
    assert.deepEqual(await totals(), everywhere([null, null, []]), 'no totals while estimates are off');
  });

  test('categories: the live issues counted per category, every category in order, no sums', async () => {
    const { totals } = await planned({ type: 'categories' }, ['M', 'M', null, 'S']);
    const counts = DEFAULT_ESTIMATE_VALUES.categories.map((value) => ({ value, completed_issues: value === 'M' ? 1 : 0, total_issues: value === 'M' ? 2 : 0 }));
    assert.deepEqual(await totals(), everywhere([null, null, counts]));
  });

  test('a group without estimated issues has zero points', async () => {
    const { totals } = await planned({}, [null, null, null, null]);
    assert.deepEqual(await totals(), everywhere([0, 0, []]));
  });
});
