import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { issueRowShape } from '../../src/api-shapes/issue.js';
import { adminsOnly, everyMember, membersAndAdmins, seedWorkspace, startServer, type Actor, type Seed, type TestServer } from './harness.js';
import { activityOf, createIssue, createLabel } from './planning-fixtures.js';
import { shapeKeys } from './shape-check.js';

let server: TestServer;
let seed: Seed;
let cyclesUrl: string;

before(async () => {
  server = await startServer();
  seed = await seedWorkspace(server);
  cyclesUrl = `${seed.projectUrl}/cycles`;
});
after(() => server.close());

const ALL_READ = everyMember(200);
/** A row of an issue list: the listed issue plus its state's name and group, priority, labels and assignees. */
const ROW_KEYS = shapeKeys(issueRowShape);

async function newCycle(fields: Record<string, unknown> = {}): Promise<{ id: string; name: string }> {
  const response = await seed.actors.member.post(cyclesUrl, { name: `Cycle ${Math.random().toString(36).slice(2, 8)}`, ...fields });
  assert.equal(response.status, 201, response.text);
  return response.body;
}

const issue = (name: string, fields: Parameters<typeof createIssue>[2] extends infer F ? Partial<F> : never = {}) =>
  createIssue(server.db, seed.project.id, { name, ...fields });

describe('POST …/cycles', () => {
  test('authorization matrix: project Member and up', async () => {
    const responses = await seed.expectMatrix('POST', cyclesUrl, (actor: Actor) => ({ name: `Sprint by ${actor}` }), {
      anonymous: 401,
      nonMember: 404,
      guest: 403,
      viewer: 403,
      member: 201,
      admin: 201,
    });
    assert.equal(responses.viewer.body.error, 'This needs the Member role or higher in this project.');
  });

  test('creates a cycle owned by the caller, with zero counts', async () => {
    const response = await seed.actors.member.post(cyclesUrl, { name: '  Sprint 1 ', description: 'First', start_date: '2030-01-01', end_date: '2030-01-14' });
    assert.equal(response.status, 201);
    const cycle = response.body;
    assert.equal(cycle.name, 'Sprint 1');
    assert.equal(cycle.description, 'First');
    assert.equal(cycle.start_date, '2030-01-01');
    assert.equal(cycle.end_date, '2030-01-14');
    assert.equal(cycle.status, 'upcoming');
    assert.equal(cycle.owned_by, seed.users.member.id);
    assert.equal(cycle.project_id, seed.project.id);
    assert.deepEqual(
      [cycle.backlog_issues, cycle.unstarted_issues, cycle.started_issues, cycle.completed_issues, cycle.cancelled_issues, cycle.total_issues],
      [0, 0, 0, 0, 0, 0],
    );
    const draft = await seed.actors.member.post(cyclesUrl, { name: 'No dates' });
    assert.equal(draft.body.status, 'draft');
    assert.equal(draft.body.start_date, null);
  });

  test('refuses bad input with a clear text', async () => {
    const cases: Array<[unknown, string]> = [
      [{}, 'Name is required'],
      [{ name: '   ' }, 'Cycle name is required.'],
      [{ name: 'X', start_date: '2030-02-01', end_date: '2030-01-01' }, 'The start date cannot be after the end date.'],
      [{ name: 'X', start_date: 'tomorrow' }, 'Start date is not valid'],
      [{ name: 'X', owner: 'me' }, 'Body has an unknown field "owner"'],
    ];
    for (const [body, error] of cases) {
      const response = await seed.actors.member.post(cyclesUrl, body);
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.equal(response.body.error, error);
    }
  });
});

describe('GET …/cycles and …/cycles/:cycleId', () => {
  test('authorization matrix: everyone in the project reads', async () => {
    const cycle = await newCycle();
    await seed.expectMatrix('GET', cyclesUrl, undefined, ALL_READ);
    const responses = await seed.expectMatrix('GET', `${cyclesUrl}/${cycle.id}`, undefined, ALL_READ);
    assert.equal(responses.guest.body.id, cycle.id);
  });

  test('an unknown cycle, or one of another project, is 404', async () => {
    const unknown = await seed.actors.admin.get(`${cyclesUrl}/00000000-0000-4000-8000-000000000000`);
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.error, 'Cycle not found.');
    const other = await seed.actors.admin.post(`${seed.workspaceUrl}/projects`, { name: 'Other', identifier: 'OTH' });
    const foreign = await seed.actors.admin.post(`${seed.workspaceUrl}/projects/${other.body.id}/cycles`, { name: 'Theirs' });
    assert.equal((await seed.actors.admin.get(`${cyclesUrl}/${foreign.body.id}`)).status, 404);
    assert.equal((await seed.actors.admin.get(`${cyclesUrl}/not-a-uuid`)).status, 400);
  });

  test('counts issues by state group and breaks them down by assignee and label', async () => {
    const cycle = await newCycle({ start_date: '2020-01-01', end_date: '2020-01-03' });
    const bug = await createLabel(server.db, seed.project.id, `bug-${cycle.id.slice(0, 6)}`, '#ff0000');
    const ui = await createLabel(server.db, seed.project.id, `ui-${cycle.id.slice(0, 6)}`, '#00ff00');
    const { member, admin } = seed.users;
    const issues = [
      await issue('Done by member', { group: 'completed', assignees: [member.id], labels: [bug] }),
      await issue('Started by both', { group: 'started', assignees: [member.id, admin.id], labels: [bug, ui] }),
      await issue('Nobody', { group: 'backlog' }),
      await issue('Todo', { group: 'unstarted', assignees: [admin.id] }),
      await issue('Dropped', { group: 'cancelled', labels: [ui] }),
    ];
    const deleted = await issue('Deleted later', { group: 'started', assignees: [member.id] });
    const add = await seed.actors.member.post(`${cyclesUrl}/${cycle.id}/cycle-issues`, { issues: [...issues, deleted].map((i) => i.id) });
    assert.equal(add.status, 200, add.text);
    await server.db.query('UPDATE issues SET deleted_at = now() WHERE id = $1', [deleted.id]);

    const response = await seed.actors.guest.get(`${cyclesUrl}/${cycle.id}`);
    assert.equal(response.status, 200);
    const body = response.body;
    assert.deepEqual(
      [body.backlog_issues, body.unstarted_issues, body.started_issues, body.completed_issues, body.cancelled_issues, body.total_issues],
      [1, 1, 1, 1, 1, 5],
    );
    const byAssignee = Object.fromEntries(body.distribution.assignees.map((row: any) => [row.assignee_id ?? 'none', row]));
    assert.deepEqual(byAssignee[member.id], { assignee_id: member.id, display_name: 'member', avatar: null, completed_issues: 1, total_issues: 2 });
    assert.deepEqual(byAssignee[admin.id], { assignee_id: admin.id, display_name: 'admin', avatar: null, completed_issues: 0, total_issues: 2 });
    assert.deepEqual(byAssignee.none, { assignee_id: null, display_name: null, avatar: null, completed_issues: 0, total_issues: 2 });
    assert.equal(body.distribution.assignees.at(-1).assignee_id, null, 'the unassigned row comes last');
    const byLabel = Object.fromEntries(body.distribution.labels.map((row: any) => [row.label_id ?? 'none', row]));
    assert.deepEqual(byLabel[bug], { label_id: bug, label_name: `bug-${cycle.id.slice(0, 6)}`, color: '#ff0000', completed_issues: 1, total_issues: 2 });
    assert.deepEqual(byLabel[ui], { label_id: ui, label_name: `ui-${cycle.id.slice(0, 6)}`, color: '#00ff00', completed_issues: 0, total_issues: 2 });
    assert.deepEqual(byLabel.none, { label_id: null, label_name: null, color: null, completed_issues: 0, total_issues: 2 });
    // A past cycle: every day charted; the one completed issue was completed today, after the cycle.
    assert.deepEqual(body.distribution.completion_chart, { '2020-01-01': 5, '2020-01-02': 5, '2020-01-03': 5 });

    const list = await seed.actors.guest.get(cyclesUrl);
    const listed = list.body.find((c: { id: string }) => c.id === cycle.id);
    assert.equal(listed.total_issues, 5);
    assert.equal(listed.completed_issues, 1);
    assert.equal(listed.status, 'completed');
    assert.equal('distribution' in listed, false);
  });

  test('charts today and leaves later days empty; a cycle without dates has no chart', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const later = new Date(Date.now() + 2 * 86_400_000).toISOString().slice(0, 10);
    const cycle = await newCycle({ start_date: today, end_date: later });
    const done = await issue('Finished today', { group: 'completed' });
    const open = await issue('Still open', { group: 'started' });
    await seed.actors.member.post(`${cyclesUrl}/${cycle.id}/cycle-issues`, { issues: [done.id, open.id] });
    const chart = (await seed.actors.member.get(`${cyclesUrl}/${cycle.id}`)).body.distribution.completion_chart;
    assert.equal(Object.keys(chart).length, 3);
    assert.equal(chart[today], 1);
    assert.equal(chart[later], null);
    const draft = await newCycle();
    const detail = await seed.actors.member.get(`${cyclesUrl}/${draft.id}`);
    assert.equal('completion_chart' in detail.body.distribution, false);
    assert.deepEqual(detail.body.distribution, { assignees: [], labels: [] });
  });
});

describe('PATCH and DELETE …/cycles/:cycleId', () => {
  test('authorization matrix: Members edit', async () => {
    const cycle = await newCycle();
    await seed.expectMatrix('PATCH', `${cyclesUrl}/${cycle.id}`, { description: 'Changed' }, membersAndAdmins(200));
  });

  test('edits fields and checks the dates against the stored ones', async () => {
    const cycle = await newCycle({ start_date: '2031-03-01', end_date: '2031-03-10' });
    const renamed = await seed.actors.member.patch(`${cyclesUrl}/${cycle.id}`, { name: 'Renamed', end_date: '2031-03-20' });
    assert.equal(renamed.status, 200);
    assert.equal(renamed.body.name, 'Renamed');
    assert.equal(renamed.body.start_date, '2031-03-01');
    assert.equal(renamed.body.end_date, '2031-03-20');
    const backwards = await seed.actors.member.patch(`${cyclesUrl}/${cycle.id}`, { start_date: '2031-04-01' });
    assert.equal(backwards.status, 400);
    assert.equal(backwards.body.error, 'The start date cannot be after the end date.');
    const cleared = await seed.actors.member.patch(`${cyclesUrl}/${cycle.id}`, { start_date: null, end_date: null });
    assert.equal(cleared.body.status, 'draft');
    assert.equal((await seed.actors.member.patch(`${cyclesUrl}/${cycle.id}`, {})).body.error, 'Body needs at least one field');
    assert.equal((await seed.actors.member.patch(`${cyclesUrl}/${cycle.id}`, { name: ' ' })).body.error, 'Cycle name is required.');
  });

  test("refuses dates that share a day with another cycle of the project, on creation and change; drafts and other projects' cycles are free", async () => {
    const first = await newCycle({ name: 'Sprint 40', start_date: '2032-05-01', end_date: '2032-05-10' });
    const overlap = 'These dates overlap the cycle "Sprint 40" (2032-05-01 to 2032-05-10): a project\'s cycles cannot overlap. Choose other dates, or leave them empty for a draft.';
    for (const dates of [
      { start_date: '2032-05-10', end_date: '2032-05-20' },
      { start_date: '2032-04-20', end_date: '2032-05-01' },
      { start_date: '2032-05-03', end_date: '2032-05-04' },
      { start_date: '2032-04-01', end_date: '2032-06-01' },
    ]) {
      const refused = await seed.actors.member.post(cyclesUrl, { name: 'Overlapping', ...dates });
      assert.deepEqual([refused.status, refused.body], [409, { error: overlap }], JSON.stringify(dates));
    }
    const next = await newCycle({ start_date: '2032-05-11', end_date: '2032-05-20' });
    const moved = await seed.actors.member.patch(`${cyclesUrl}/${next.id}`, { start_date: '2032-05-09' });
    assert.deepEqual([moved.status, moved.body], [409, { error: overlap }]);
    // A cycle does not overlap itself; a draft (no dates, or one of them) overlaps nothing.
    assert.equal((await seed.actors.member.patch(`${cyclesUrl}/${first.id}`, { start_date: '2032-05-02', end_date: '2032-05-10' })).status, 200);
    await newCycle();
    await newCycle({ start_date: '2032-05-05' });
    const project = await seed.actors.admin.post(`${seed.workspaceUrl}/projects`, { name: 'Parallel team', identifier: 'PARA' });
    assert.equal(project.status, 201, project.text);
    const elsewhere = await seed.actors.admin.post(`${seed.workspaceUrl}/projects/${project.body.id}/cycles`, { name: 'Same days', start_date: '2032-05-01', end_date: '2032-05-10' });
    assert.equal(elsewhere.status, 201, elsewhere.text);
  });

  test('authorization matrix: project Admins delete; the issues leave the cycle with an activity row', async () => {
    const cycle = await newCycle();
    const inCycle = await issue('In a deleted cycle');
    await seed.actors.member.post(`${cyclesUrl}/${cycle.id}/cycle-issues`, { issues: [inCycle.id] });
    const responses = await seed.expectMatrix('DELETE', `${cyclesUrl}/${cycle.id}`, undefined, adminsOnly(204));
    assert.equal(responses.member.body.error, 'This needs the Admin role or higher in this project.');
    assert.equal((await seed.actors.admin.get(`${cyclesUrl}/${cycle.id}`)).status, 404);
    assert.equal((await seed.actors.admin.delete(`${cyclesUrl}/${cycle.id}`)).status, 404);
    const rows = await activityOf(server.db, inCycle.id, 'cycles');
    assert.deepEqual(rows.map((row) => [row.verb, row.old_value, row.old_identifier, row.new_identifier]), [
      ['created', null, null, cycle.id],
      ['deleted', cycle.name, cycle.id, null],
    ]);
  });
});

describe('…/cycles/:cycleId/cycle-issues', () => {
  test('authorization matrix: everyone lists, Members add and remove', async () => {
    const cycle = await newCycle();
    const one = await issue('Matrix issue');
    const url = `${cyclesUrl}/${cycle.id}/cycle-issues`;
    await seed.expectMatrix('POST', url, { issues: [one.id] }, membersAndAdmins(200));
    const listed = await seed.expectMatrix('GET', url, undefined, ALL_READ);
    assert.deepEqual(listed.guest.body.map((i: { id: string }) => i.id), [one.id]);
    await seed.expectMatrix('DELETE', `${url}/${one.id}`, undefined, { anonymous: 401, nonMember: 404, guest: 403, viewer: 403, member: 204, admin: 404 });
  });

  test("lists the cycle's issues as issue rows", async () => {
    const cycle = await newCycle();
    const first = await issue('First', { group: 'started' });
    const second = await issue('Second');
    const response = await seed.actors.member.post(`${cyclesUrl}/${cycle.id}/cycle-issues`, { issues: [second.id, first.id, first.id] });
    assert.equal(response.status, 200);
    assert.deepEqual(response.body.map((i: { id: string }) => i.id), [first.id, second.id]);
    const listed = (await seed.actors.guest.get(`${cyclesUrl}/${cycle.id}/cycle-issues`)).body;
    assert.deepEqual(Object.keys(listed[0]).sort(), ROW_KEYS);
    assert.deepEqual(listed[0], {
      id: first.id,
      name: 'First',
      sequence_id: first.sequence_id,
      state_id: listed[0].state_id,
      project_id: seed.project.id,
      project__identifier: 'SEED',
      state__color: '#F59E0B',
      state__name: listed[0].state__name,
      state__group: 'started',
      priority: 'none',
      target_date: null,
      assignee_ids: [],
      assignees: [],
      label_ids: [],
      labels: [],
      estimate_point: null,
      archived_at: null,
    });
  });

  test('refuses an empty selection with the spec text, and issues of another project', async () => {
    const cycle = await newCycle();
    const url = `${cyclesUrl}/${cycle.id}/cycle-issues`;
    for (const body of [{ issues: [] }, {}]) {
      const response = await seed.actors.member.post(url, body);
      assert.equal(response.status, 400);
      assert.deepEqual(response.body, { error: 'Please select at least one issue.' });
    }
    const other = await seed.actors.admin.post(`${seed.workspaceUrl}/projects`, { name: 'Elsewhere', identifier: 'ELSE' });
    const foreign = await createIssue(server.db, other.body.id, { name: 'Not here' });
    const mine = await issue('Mine');
    const refused = await seed.actors.member.post(url, { issues: [mine.id, foreign.id] });
    assert.equal(refused.status, 400);
    assert.equal(refused.body.error, 'Some of the selected issues do not exist in this project.');
    assert.deepEqual((await seed.actors.member.get(url)).body, [], 'nothing was added');
    assert.equal((await seed.actors.member.post(url, { issues: ['nope'] })).body.error, 'Item 1 of issues is not valid');
  });

  test('an issue is in at most one cycle: moving it records cycles updated with both identifiers', async () => {
    const from = await newCycle();
    const to = await newCycle();
    const moving = await issue('Moving');
    await seed.actors.member.post(`${cyclesUrl}/${from.id}/cycle-issues`, { issues: [moving.id] });
    await seed.actors.member.post(`${cyclesUrl}/${from.id}/cycle-issues`, { issues: [moving.id] });
    await seed.actors.admin.post(`${cyclesUrl}/${to.id}/cycle-issues`, { issues: [moving.id] });
    assert.deepEqual((await seed.actors.member.get(`${cyclesUrl}/${from.id}/cycle-issues`)).body, []);
    assert.deepEqual((await seed.actors.member.get(`${cyclesUrl}/${to.id}/cycle-issues`)).body.map((i: { id: string }) => i.id), [moving.id]);
    const rows = await activityOf(server.db, moving.id, 'cycles');
    assert.deepEqual(rows, [
      { verb: 'created', old_value: null, new_value: from.name, old_identifier: null, new_identifier: from.id, actor_id: seed.users.member.id },
      { verb: 'updated', old_value: from.name, new_value: to.name, old_identifier: from.id, new_identifier: to.id, actor_id: seed.users.admin.id },
    ]);
  });

  test('removing an issue records cycles deleted; removing one not in the cycle is 404', async () => {
    const cycle = await newCycle();
    const leaving = await issue('Leaving');
    await seed.actors.member.post(`${cyclesUrl}/${cycle.id}/cycle-issues`, { issues: [leaving.id] });
    const removed = await seed.actors.member.delete(`${cyclesUrl}/${cycle.id}/cycle-issues/${leaving.id}`);
    assert.equal(removed.status, 204);
    const again = await seed.actors.member.delete(`${cyclesUrl}/${cycle.id}/cycle-issues/${leaving.id}`);
    assert.equal(again.status, 404);
    assert.equal(again.body.error, 'This issue is not in the cycle.');
    const rows = await activityOf(server.db, leaving.id, 'cycles');
    assert.deepEqual(rows.at(-1), { verb: 'deleted', old_value: cycle.name, new_value: null, old_identifier: cycle.id, new_identifier: null, actor_id: seed.users.member.id });
  });
});

describe('…/cycles/:cycleId/transfer-issues', () => {
  test("moves the ended cycle's issues not done with to the next cycle, each with its activity; done, cancelled and archived ones stay", async () => {
    const ended = await newCycle({ name: 'Sprint 10', start_date: '2019-02-01', end_date: '2019-02-10' });
    const next = await newCycle({ name: 'Sprint 11', start_date: '2033-02-01', end_date: '2033-02-10' });
    const all = [];
    for (const [i, group] of (['backlog', 'started', 'completed', 'cancelled', 'started'] as const).entries()) all.push(await issue(`Transfer ${i}`, { group }));
    const [backlog, started, done, cancelled, archived] = all;
    assert.equal((await seed.actors.member.post(`${cyclesUrl}/${ended.id}/cycle-issues`, { issues: all.map((i) => i.id) })).status, 200);
    assert.equal((await seed.actors.member.post(`${seed.projectUrl}/issues/${archived!.id}/archive`)).status, 200);
    const url = `${cyclesUrl}/${ended.id}/transfer-issues`;
    const moved = await seed.actors.member.post(url, { new_cycle_id: next.id });
    assert.deepEqual([moved.status, moved.body], [200, { transferred: 2 }]);
    const ids = async (cycleId: string) => new Set((await seed.actors.member.get(`${cyclesUrl}/${cycleId}/cycle-issues`)).body.map((i: { id: string }) => i.id));
    assert.deepEqual(await ids(next.id), new Set([backlog!.id, started!.id]));
    assert.deepEqual(await ids(ended.id), new Set([done!.id, cancelled!.id, archived!.id]), 'the archived issue stays in its cycle');
    const rows = await activityOf(server.db, started!.id, 'cycles');
    assert.deepEqual(rows.map((row) => [row.verb, row.old_value, row.new_value]).at(-1), ['updated', 'Sprint 10', 'Sprint 11']);
    assert.deepEqual((await seed.actors.member.post(url, { new_cycle_id: next.id })).body, { transferred: 0 }, 'nothing left to move');

    const older = await newCycle({ name: 'Sprint 9', start_date: '2019-01-01', end_date: '2019-01-10' });
    for (const [body, status, error] of [
      [{ new_cycle_id: ended.id }, 400, 'Choose another cycle to move the issues to.'],
      [{ new_cycle_id: older.id }, 400, 'The cycle "Sprint 9" has ended: choose a current or upcoming cycle, or a draft.'],
      [{ new_cycle_id: randomUUID() }, 404, 'Cycle not found.'],
      [{}, 400, null],
    ] as const) {
      const refused = await seed.actors.member.post(url, body);
      assert.equal(refused.status, status, JSON.stringify(body));
      if (error) assert.equal(refused.body.error, error);
    }
    await seed.expectMatrix('POST', url, { new_cycle_id: next.id }, membersAndAdmins(200));
  });
});

describe('the cycles feature toggle', () => {
  test('with cycles turned off every cycle route answers 403 saying so', async () => {
    const cycle = await newCycle();
    const off = await seed.actors.admin.patch(seed.projectUrl, { cycle_view: false });
    assert.equal(off.status, 200);
    try {
      const disabled = everyMember(403);
      const responses = await seed.expectMatrix('GET', cyclesUrl, undefined, disabled);
      assert.equal(responses.guest.body.error, "Cycles are disabled in this project. A project admin can turn them on in the project's features.");
      assert.equal(responses.admin.body.error, responses.guest.body.error);
      await seed.expectMatrix('GET', `${cyclesUrl}/${cycle.id}`, undefined, disabled);
      await seed.expectMatrix('POST', `${cyclesUrl}/${cycle.id}/cycle-issues`, { issues: [] }, disabled);
      assert.equal((await seed.actors.member.post(cyclesUrl, { name: 'Blocked' })).status, 403);
    } finally {
      await seed.actors.admin.patch(seed.projectUrl, { cycle_view: true });
    }
    assert.equal((await seed.actors.guest.get(cyclesUrl)).status, 200);
  });
});
