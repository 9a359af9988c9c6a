import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { issueRowShape } from '../../src/api-shapes/issue.js';
import { adminsOnly, everyMember, membersAndAdmins, seedWorkspace, startServer, type Actor, type Seed, type TestServer } from './harness.js';
import { activityOf, createIssue, createLabel } from './planning-fixtures.js';
import { shapeKeys } from './shape-check.js';

let server: TestServer;
let seed: Seed;
let modulesUrl: string;

before(async () => {
  server = await startServer();
  seed = await seedWorkspace(server);
  modulesUrl = `${seed.projectUrl}/modules`;
});
after(() => server.close());

const ALL_READ = everyMember(200);

async function newModule(fields: Record<string, unknown> = {}): Promise<{ id: string; name: string }> {
  const response = await seed.actors.member.post(modulesUrl, { name: `Module ${Math.random().toString(36).slice(2, 8)}`, ...fields });
  assert.equal(response.status, 201, response.text);
  return response.body;
}

describe('POST …/modules', () => {
  test('authorization matrix: project Member and up', async () => {
    await seed.expectMatrix('POST', modulesUrl, (actor: Actor) => ({ name: `Module by ${actor}` }), {
      anonymous: 401,
      nonMember: 404,
      guest: 403,
      viewer: 403,
      member: 201,
      admin: 201,
    });
  });

  test('creates a planned module with its fields', async () => {
    const response = await seed.actors.member.post(modulesUrl, {
      name: ' Onboarding ',
      description: 'Sign-up flow',
      start_date: '2030-05-01',
      target_date: '2030-06-01',
      lead_id: seed.users.viewer.id,
    });
    assert.equal(response.status, 201);
    const module = response.body;
    assert.equal(module.name, 'Onboarding');
    assert.equal(module.status, 'planned');
    assert.equal(module.lead_id, seed.users.viewer.id);
    assert.equal(module.created_by, seed.users.member.id);
    assert.equal(module.target_date, '2030-06-01');
    assert.equal(module.total_issues, 0);
  });

  test('refuses bad input with a clear text', async () => {
    const cases: Array<[unknown, string]> = [
      [{}, 'Name is required'],
      [{ name: ' ' }, 'Module name is required.'],
      [{ name: 'X', status: 'done' }, 'Status must be one of backlog, planned, in-progress, paused, completed, cancelled'],
      [{ name: 'X', start_date: '2030-02-01', target_date: '2030-01-01' }, 'The start date cannot be after the end date.'],
      [{ name: 'X', lead_id: seed.users.nonMember.id }, 'The lead must be a member of this project.'],
    ];
    for (const [body, error] of cases) {
      const response = await seed.actors.member.post(modulesUrl, body);
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.equal(response.body.error, error);
    }
  });
});

describe('GET, PATCH and DELETE …/modules/:moduleId', () => {
  test('authorization matrices: everyone reads, Members edit, project Admins delete', async () => {
    const module = await newModule();
    await seed.expectMatrix('GET', modulesUrl, undefined, ALL_READ);
    await seed.expectMatrix('GET', `${modulesUrl}/${module.id}`, undefined, ALL_READ);
    await seed.expectMatrix('PATCH', `${modulesUrl}/${module.id}`, { status: 'in-progress' }, membersAndAdmins(200));
    await seed.expectMatrix('DELETE', `${modulesUrl}/${module.id}`, undefined, adminsOnly(204));
    const gone = await seed.actors.admin.get(`${modulesUrl}/${module.id}`);
    assert.equal(gone.status, 404);
    assert.equal(gone.body.error, 'Module not found.');
  });

  test('edits status, dates and lead', async () => {
    const module = await newModule({ start_date: '2030-01-01' });
    const edited = await seed.actors.member.patch(`${modulesUrl}/${module.id}`, { status: 'paused', target_date: '2030-02-01', lead_id: seed.users.member.id });
    assert.equal(edited.status, 200);
    assert.deepEqual([edited.body.status, edited.body.start_date, edited.body.target_date, edited.body.lead_id], ['paused', '2030-01-01', '2030-02-01', seed.users.member.id]);
    const backwards = await seed.actors.member.patch(`${modulesUrl}/${module.id}`, { target_date: '2029-12-31' });
    assert.equal(backwards.body.error, 'The start date cannot be after the end date.');
    const outsider = await seed.actors.member.patch(`${modulesUrl}/${module.id}`, { lead_id: seed.users.nonMember.id });
    assert.equal(outsider.status, 400);
    assert.equal((await seed.actors.member.patch(`${modulesUrl}/${module.id}`, { lead_id: null })).body.lead_id, null);
  });

  test('breaks the issues down by assignee and label, with a null row for the rest', async () => {
    const module = await newModule();
    const label = await createLabel(server.db, seed.project.id, 'module-label', '#123456');
    const done = await createIssue(server.db, seed.project.id, { name: 'Done', group: 'completed', assignees: [seed.users.viewer.id], labels: [label] });
    const open = await createIssue(server.db, seed.project.id, { name: 'Open', group: 'started' });
    await seed.actors.member.post(`${modulesUrl}/${module.id}/module-issues`, { issues: [done.id, open.id] });
    const body = (await seed.actors.viewer.get(`${modulesUrl}/${module.id}`)).body;
    assert.deepEqual([body.started_issues, body.completed_issues, body.total_issues], [1, 1, 2]);
    assert.deepEqual(body.distribution.assignees, [
      { assignee_id: seed.users.viewer.id, display_name: 'viewer', avatar: null, completed_issues: 1, total_issues: 1 },
      { assignee_id: null, display_name: null, avatar: null, completed_issues: 0, total_issues: 1 },
    ]);
    assert.deepEqual(body.distribution.labels, [
      { label_id: label, label_name: 'module-label', color: '#123456', completed_issues: 1, total_issues: 1 },
      { label_id: null, label_name: null, color: null, completed_issues: 0, total_issues: 1 },
    ]);
    assert.equal('completion_chart' in body.distribution, false);
  });
});

describe('…/modules/:moduleId/module-issues', () => {
  test('authorization matrix: everyone lists, Members add and remove', async () => {
    const module = await newModule();
    const one = await createIssue(server.db, seed.project.id, { name: 'Matrix' });
    const url = `${modulesUrl}/${module.id}/module-issues`;
    await seed.expectMatrix('POST', url, { issues: [one.id] }, membersAndAdmins(200));
    await seed.expectMatrix('GET', url, undefined, ALL_READ);
    await seed.expectMatrix('DELETE', `${url}/${one.id}`, undefined, { anonymous: 401, nonMember: 404, guest: 403, viewer: 403, member: 204, admin: 404 });
  });

  test('an issue may be in many modules; adding records modules created once, removing records deleted', async () => {
    const first = await newModule();
    const second = await newModule();
    const shared = await createIssue(server.db, seed.project.id, { name: 'Shared' });
    for (const module of [first, second, first]) {
      const response = await seed.actors.member.post(`${modulesUrl}/${module.id}/module-issues`, { issues: [shared.id] });
      assert.equal(response.status, 200);
      assert.deepEqual(response.body.map((i: { id: string }) => i.id), [shared.id]);
      assert.deepEqual(Object.keys(response.body[0]).sort(), shapeKeys(issueRowShape));
    }
    assert.equal((await seed.actors.member.delete(`${modulesUrl}/${first.id}/module-issues/${shared.id}`)).status, 204);
    const notThere = await seed.actors.member.delete(`${modulesUrl}/${first.id}/module-issues/${shared.id}`);
    assert.equal(notThere.status, 404);
    assert.equal(notThere.body.error, 'This issue is not in the module.');
    const rows = await activityOf(server.db, shared.id, 'modules');
    assert.deepEqual(rows.map((row) => [row.verb, row.old_identifier, row.new_identifier, row.old_value ?? row.new_value]), [
      ['created', null, first.id, first.name],
      ['created', null, second.id, second.name],
      ['deleted', first.id, null, first.name],
    ]);
    assert.deepEqual((await seed.actors.guest.get(`${modulesUrl}/${second.id}/module-issues`)).body.map((i: { id: string }) => i.id), [shared.id]);
  });

  test('refuses an empty selection with the spec text', async () => {
    const module = await newModule();
    const response = await seed.actors.member.post(`${modulesUrl}/${module.id}/module-issues`, { issues: [] });
    assert.equal(response.status, 400);
    assert.deepEqual(response.body, { error: 'Please select at least one issue.' });
  });
});

describe("an issue's detail", () => {
  test('names the cycle and the modules the issue is in, and follows them as it joins and leaves', async () => {
    const first = await newModule();
    const second = await newModule();
    const cycle = await seed.actors.member.post(`${seed.projectUrl}/cycles`, { name: 'Detail cycle' });
    assert.equal(cycle.status, 201, cycle.text);
    const issue = await createIssue(server.db, seed.project.id, { name: 'Planned' });
    const detail = async () => {
      const response = await seed.actors.guest.get(`${seed.projectUrl}/issues/${issue.id}`);
      assert.equal(response.status, 200, response.text);
      return { cycle_id: response.body.cycle_id, module_ids: response.body.module_ids };
    };
    assert.deepEqual(await detail(), { cycle_id: null, module_ids: [] });
    for (const module of [second, first]) {
      assert.equal((await seed.actors.member.post(`${modulesUrl}/${module.id}/module-issues`, { issues: [issue.id] })).status, 200);
    }
    assert.equal((await seed.actors.member.post(`${seed.projectUrl}/cycles/${cycle.body.id}/cycle-issues`, { issues: [issue.id] })).status, 200);
    assert.deepEqual(await detail(), { cycle_id: cycle.body.id, module_ids: [second.id, first.id] });
    assert.equal((await seed.actors.member.delete(`${modulesUrl}/${second.id}/module-issues/${issue.id}`)).status, 204);
    assert.equal((await seed.actors.member.delete(`${seed.projectUrl}/cycles/${cycle.body.id}/cycle-issues/${issue.id}`)).status, 204);
    assert.deepEqual(await detail(), { cycle_id: null, module_ids: [first.id] });
  });
});

describe('the modules feature toggle', () => {
  test('with modules turned off every module route answers 403 saying so', async () => {
    const module = await newModule();
    await seed.actors.admin.patch(seed.projectUrl, { module_view: false });
    try {
      const disabled = everyMember(403);
      const responses = await seed.expectMatrix('GET', `${modulesUrl}/${module.id}`, undefined, disabled);
      assert.equal(responses.member.body.error, "Modules are disabled in this project. A project admin can turn them on in the project's features.");
      await seed.expectMatrix('GET', `${modulesUrl}/${module.id}/module-issues`, undefined, disabled);
    } finally {
      await seed.actors.admin.patch(seed.projectUrl, { module_view: true });
    }
  });
});
