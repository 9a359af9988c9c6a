import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { issueRowShape } from '../../src/api-shapes/issue.js';
import { issueRenamedMeanwhile } from '../../src/api-shapes/issue-rename.js';
import { everyMember, seedWorkspace, startServer, type Actor, type Seed, type TestServer } from './harness.js';
import { shapeKeys } from './shape-check.js';

let server: TestServer;
let seed: Seed;
let states: Record<string, { id: string; color: string; group: string }>;

before(async () => {
  server = await startServer();
  seed = await seedWorkspace(server);
  const list = await seed.actors.admin.get(`${seed.projectUrl}/states`);
  states = Object.fromEntries(list.body.map((s: { name: string; id: string; color: string; group: string }) => [s.name, s]));
});
after(() => server.close());

/** A row of an issue list: the listed issue plus its state's name and group, priority, labels and assignees. */
const ROW_KEYS = shapeKeys(issueRowShape);

async function createIssue(fields: Record<string, unknown> = {}, url = seed.projectUrl) {
  const response = await seed.actors.member.post(`${url}/issues`, { name: `Issue ${randomUUID().slice(0, 6)}`, ...fields });
  assert.equal(response.status, 201, response.text);
  return response.body;
}

async function activities(issueId: string) {
  const response = await seed.actors.guest.get(`${seed.projectUrl}/issues/${issueId}/activities`);
  assert.equal(response.status, 200, response.text);
  return response.body as { field: string; verb: string; old_value: string | null; new_value: string | null; old_identifier: string | null; new_identifier: string | null }[];
}

describe('POST …/issues', () => {
  test('creates an issue with the defaults: next number, default state, priority none, creator subscribed', async () => {
    const response = await seed.actors.member.post(`${seed.projectUrl}/issues`, { name: '  First issue  ' });
    assert.equal(response.status, 201, response.text);
    const issue = response.body;
    assert.equal(issue.name, 'First issue');
    assert.equal(typeof issue.sequence_id, 'number');
    assert.equal(issue.key, `SEED-${issue.sequence_id}`);
    assert.equal(issue.project__identifier, 'SEED');
    assert.equal(issue.project_id, seed.project.id);
    assert.equal(issue.workspace_id, seed.workspace.id);
    assert.equal(issue.state_id, states.Backlog!.id);
    assert.equal(issue.state__color, states.Backlog!.color);
    assert.equal(issue.state__name, 'Backlog');
    assert.equal(issue.priority, 'none');
    assert.equal(issue.description_html, '<p></p>');
    assert.equal(issue.description_version, 1);
    assert.deepEqual(issue.assignees, []);
    assert.deepEqual(issue.labels, []);
    assert.equal(issue.is_subscribed, true);
    assert.equal(issue.created_by, seed.users.member.id);
    assert.equal(issue.archived_at, null);
    const next = await createIssue();
    assert.equal(next.sequence_id, issue.sequence_id + 1);
  });

  test('takes every field: state, priority, dates, assignees (display users), labels, parent, sanitised description', async () => {
    const label = await seed.actors.member.post(`${seed.projectUrl}/labels`, { name: `bug-${randomUUID().slice(0, 6)}`, color: '#ff0000' });
    const parent = await createIssue();
    const response = await seed.actors.member.post(`${seed.projectUrl}/issues`, {
      name: 'Full',
      state_id: states['In Progress']!.id,
      priority: 'urgent',
      start_date: '2024-01-01',
      target_date: '2024-01-01',
      assignee_ids: [seed.users.viewer.id, seed.users.member.id, seed.users.viewer.id],
      label_ids: [label.body.id],
      parent_id: parent.id,
      description_html: '<p>Hello <script>alert(1)</script><a href="javascript:alert(1)">x</a></p>',
    });
    assert.equal(response.status, 201, response.text);
    const issue = response.body;
    assert.equal(issue.state_id, states['In Progress']!.id);
    assert.equal(issue.priority, 'urgent');
    assert.equal(issue.start_date, '2024-01-01');
    assert.equal(issue.target_date, '2024-01-01');
    assert.deepEqual(issue.assignees.map((u: { display_name: string }) => u.display_name), ['member', 'viewer']);
    assert.deepEqual(Object.keys(issue.assignees[0]).sort(), ['avatar', 'display_name', 'first_name', 'id', 'is_bot']);
    assert.deepEqual(issue.assignee_ids.sort(), [seed.users.member.id, seed.users.viewer.id].sort());
    assert.deepEqual(issue.labels, [{ id: label.body.id, name: label.body.name, color: '#ff0000' }]);
    assert.equal(issue.parent_id, parent.id);
    assert.deepEqual(issue.parent_detail, { id: parent.id, name: parent.name, sequence_id: parent.sequence_id, project__identifier: 'SEED' });
    assert.doesNotMatch(issue.description_html, /script|javascript/);
    assert.match(issue.description_html, /^<p>Hello/);
    // Assignees follow the issue.
    const viewerView = await seed.actors.viewer.get(`${seed.projectUrl}/issues/${issue.id}`);
    assert.equal(viewerView.body.is_subscribed, true);
    const created = await activities(issue.id);
    assert.deepEqual(created.map((a) => [a.field, a.verb]), [['issue', 'created']]);
  });

  test('authorization matrix: Member and up', async () => {
    await seed.expectMatrix('POST', `${seed.projectUrl}/issues`, (actor: Actor) => ({ name: `by ${actor}` }), {
      anonymous: 401,
      nonMember: 404,
      guest: 403,
      viewer: 403,
      member: 201,
      admin: 201,
    });
  });

  test('a workspace admin who is not a project member counts as project admin', async () => {
    const local = await seedWorkspace(server);
    const outsiderAdmin = server.client();
    const user = await outsiderAdmin.signUp();
    await local.actors.admin.post(`${local.workspaceUrl}/members`, { email: user.email, role: 20 });
    const response = await outsiderAdmin.post(`${local.projectUrl}/issues`, { name: 'From a workspace admin' });
    assert.equal(response.status, 201, response.text);
    // …but cannot be assigned: only project members can.
    const assign = await outsiderAdmin.patch(`${local.projectUrl}/issues/${response.body.id}`, { assignee_ids: [user.id] });
    assert.equal(assign.status, 400);
    assert.deepEqual(assign.body, { error: 'Assignees must be members of the project.' });
  });

  test('refuses bad input with 400 and a clear error', async () => {
    const other = await seedWorkspace(server);
    const otherStates = await other.actors.admin.get(`${other.projectUrl}/states`);
    const otherLabel = await other.actors.admin.post(`${other.projectUrl}/labels`, { name: 'foreign' });
    const otherIssue = await other.actors.admin.post(`${other.projectUrl}/issues`, { name: 'foreign' });
    const cases: [unknown, string][] = [
      [{}, 'Name is required'],
      [{ name: '   ' }, 'Name is required'],
      [{ name: 'x'.repeat(256) }, 'Name cannot be longer than 255 characters'],
      [{ name: 'p', priority: 'critical' }, 'Priority must be one of urgent, high, medium, low, none'],
      [{ name: 'd', start_date: '2024-02-02', target_date: '2024-02-01' }, 'The start date cannot be after the target date.'],
      [{ name: 'd', start_date: '2024-13-45' }, 'Start date is not valid'],
      [{ name: 's', state_id: otherStates.body[0].id }, 'The state must be one of this project’s states.'],
      [{ name: 'a', assignee_ids: [seed.users.nonMember.id] }, 'Assignees must be members of the project.'],
      [{ name: 'l', label_ids: [otherLabel.body.id] }, 'Labels must be labels of this project.'],
      [{ name: 'p', parent_id: otherIssue.body.id }, 'The parent must be an issue of the same project.'],
      [{ name: 'p', parent_id: randomUUID() }, 'The parent must be an issue of the same project.'],
      [{ name: 'u', unknown: 1 }, 'Body has an unknown field "unknown"'],
      [{ name: 'n', sequence_id: 5 }, 'Body has an unknown field "sequence_id"'],
    ];
    for (const [body, error] of cases) {
      const response = await seed.actors.member.post(`${seed.projectUrl}/issues`, body);
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.deepEqual(response.body, { error }, JSON.stringify(body));
    }
  });

  test('hands out unique, gap-free numbers under 10 concurrent creations', async () => {
    const local = await seedWorkspace(server);
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, index) => local.actors.member.post(`${local.projectUrl}/issues`, { name: `Concurrent ${index}` })),
    );
    assert.deepEqual(responses.map((r) => r.status), Array(10).fill(201));
    const numbers = responses.map((r) => r.body.sequence_id as number).sort((a, b) => a - b);
    assert.deepEqual(numbers, [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });
});

describe('GET …/issues/:issueId', () => {
  test('authorization matrix: everyone in the project', async () => {
    const issue = await createIssue();
    const responses = await seed.expectMatrix('GET', `${seed.projectUrl}/issues/${issue.id}`, undefined, {
      anonymous: 401,
      nonMember: 404,
      guest: 200,
      viewer: 200,
      member: 200,
      admin: 200,
    });
    assert.equal(responses.guest.body.id, issue.id);
    assert.equal(responses.guest.body.is_subscribed, false);
    assert.equal(responses.member.body.is_subscribed, true);
  });

  test('404 for an unknown issue, an issue of another project, and a bad id', async () => {
    assert.deepEqual((await seed.actors.member.get(`${seed.projectUrl}/issues/${randomUUID()}`)).body, { error: 'Issue not found.' });
    const otherProject = await seed.actors.admin.post(`${seed.workspaceUrl}/projects`, { name: 'Other', identifier: `O${randomUUID().slice(0, 4)}`.toUpperCase() });
    const foreign = await seed.actors.admin.post(`${seed.workspaceUrl}/projects/${otherProject.body.id}/issues`, { name: 'elsewhere' });
    assert.equal((await seed.actors.admin.get(`${seed.projectUrl}/issues/${foreign.body.id}`)).status, 404);
    assert.equal((await seed.actors.admin.get(`${seed.projectUrl}/issues/not-a-uuid`)).status, 400);
  });
});

describe('PATCH …/issues/:issueId', () => {
  test('a rename from a name someone has changed since is refused with the newer name, nothing changed', async () => {
    const issue = await createIssue();
    const url = `${seed.projectUrl}/issues/${issue.id}`;
    // Grace renames it while Ada has the title open.
    assert.equal((await seed.actors.admin.patch(url, { name: 'Fix the header on phones', name_base: issue.name })).status, 200);
    const stale = await seed.actors.member.patch(url, { name: 'Fix the header now', name_base: issue.name, priority: 'high' });
    assert.equal(stale.status, 409, stale.text);
    assert.equal(stale.body.error, issueRenamedMeanwhile('Fix the header on phones'));
    assert.deepEqual(stale.body.current, { name: 'Fix the header on phones' });
    const kept = (await seed.actors.member.get(url)).body;
    assert.deepEqual([kept.name, kept.priority], ['Fix the header on phones', 'none']);
    assert.deepEqual((await activities(issue.id)).filter((row) => row.field === 'name').map((row) => row.new_value), ['Fix the header on phones']);
    // Saving again from the name now shown replaces it; the same name as now, or no base at all, is no conflict.
    assert.equal((await seed.actors.member.patch(url, { name: 'Fix the header now', name_base: 'Fix the header on phones' })).body.name, 'Fix the header now');
    assert.equal((await seed.actors.member.patch(url, { name: 'Fix the header now', name_base: issue.name })).status, 200);
    assert.equal((await seed.actors.member.patch(url, { name: 'Last word' })).body.name, 'Last word');
  });

  test('changes every field and records one activity row per change with the exact values', async () => {
    const labelA = (await seed.actors.member.post(`${seed.projectUrl}/labels`, { name: `a-${randomUUID().slice(0, 6)}` })).body;
    const labelB = (await seed.actors.member.post(`${seed.projectUrl}/labels`, { name: `b-${randomUUID().slice(0, 6)}` })).body;
    const parent = await createIssue();
    const issue = await createIssue({ assignee_ids: [seed.users.viewer.id], label_ids: [labelA.id] });
    const response = await seed.actors.member.patch(`${seed.projectUrl}/issues/${issue.id}`, {
      name: 'Renamed',
      state_id: states.Done!.id,
      priority: 'high',
      start_date: '2024-03-01',
      target_date: '2024-03-05',
      parent_id: parent.id,
      assignee_ids: [seed.users.member.id],
      label_ids: [labelB.id],
    });
    assert.equal(response.status, 200, response.text);
    const updated = response.body;
    assert.equal(updated.name, 'Renamed');
    assert.equal(updated.state_id, states.Done!.id);
    assert.equal(updated.state__group, 'completed');
    assert.notEqual(updated.completed_at, null);
    assert.equal(updated.priority, 'high');
    assert.equal(updated.parent_id, parent.id);
    assert.deepEqual(updated.assignee_ids, [seed.users.member.id]);
    assert.deepEqual(updated.label_ids, [labelB.id]);
    assert.equal(updated.updated_by, seed.users.member.id);
    const rows = (await activities(issue.id)).slice(1).map((a) => [a.field, a.verb, a.old_value, a.new_value, a.old_identifier, a.new_identifier]);
    assert.deepEqual(rows, [
      ['name', 'updated', issue.name, 'Renamed', null, null],
      ['priority', 'updated', 'none', 'high', null, null],
      ['state', 'updated', 'Backlog', 'Done', states.Backlog!.id, states.Done!.id],
      ['start_date', 'updated', '', '2024-03-01', null, null],
      ['target_date', 'updated', '', '2024-03-05', null, null],
      ['parent', 'updated', '', `SEED-${parent.sequence_id}`, null, parent.id],
      ['assignees', 'updated', '', 'member', null, seed.users.member.id],
      ['assignees', 'updated', 'viewer', '', seed.users.viewer.id, null],
      ['labels', 'updated', '', labelB.name, null, labelB.id],
      ['labels', 'updated', labelA.name, '', labelA.id, null],
    ]);
    // Clearing: null dates and parent, and moving out of a completed state.
    const cleared = await seed.actors.member.patch(`${seed.projectUrl}/issues/${issue.id}`, { start_date: null, parent_id: null, state_id: states.Todo!.id });
    assert.equal(cleared.status, 200);
    assert.equal(cleared.body.start_date, null);
    assert.equal(cleared.body.parent_id, null);
    assert.equal(cleared.body.completed_at, null);
    const more = (await activities(issue.id)).slice(11).map((a) => [a.field, a.old_value, a.new_value]);
    assert.deepEqual(more, [
      ['state', 'Done', 'Todo'],
      ['start_date', '2024-03-01', ''],
      ['parent', `SEED-${parent.sequence_id}`, ''],
    ]);
  });

  test('a change to the same value records nothing', async () => {
    const issue = await createIssue({ priority: 'low' });
    const response = await seed.actors.member.patch(`${seed.projectUrl}/issues/${issue.id}`, { name: issue.name, priority: 'low', assignee_ids: [] });
    assert.equal(response.status, 200);
    assert.equal((await activities(issue.id)).length, 1);
  });

  test('refuses a parent that would make a cycle, and dates out of order against stored ones', async () => {
    const grandparent = await createIssue();
    const parent = await createIssue({ parent_id: grandparent.id });
    const child = await createIssue({ parent_id: parent.id });
    for (const [issueId, parentId] of [
      [grandparent.id, child.id],
      [grandparent.id, parent.id],
      [parent.id, parent.id],
    ]) {
      const response = await seed.actors.member.patch(`${seed.projectUrl}/issues/${issueId}`, { parent_id: parentId });
      assert.equal(response.status, 400);
      assert.deepEqual(response.body, { error: 'An issue cannot be its own parent or a sub-issue of its own sub-issues.' });
    }
    const dated = await createIssue({ target_date: '2024-05-01' });
    const late = await seed.actors.member.patch(`${seed.projectUrl}/issues/${dated.id}`, { start_date: '2024-05-02' });
    assert.equal(late.status, 400);
    assert.deepEqual(late.body, { error: 'The start date cannot be after the target date.' });
    // Nothing of a refused change is kept.
    assert.equal((await seed.actors.member.get(`${seed.projectUrl}/issues/${dated.id}`)).body.start_date, null);
  });

  test('takes the description with its version; a stale version changes nothing', async () => {
    const issue = await createIssue();
    const saved = await seed.actors.member.patch(`${seed.projectUrl}/issues/${issue.id}`, { name: 'With text', description_html: '<p>v2</p>', description_version: 1 });
    assert.equal(saved.status, 200);
    assert.equal(saved.body.description_html, '<p>v2</p>');
    assert.equal(saved.body.description_version, 2);
    const stale = await seed.actors.member.patch(`${seed.projectUrl}/issues/${issue.id}`, { name: 'Lost?', description_html: '<p>old</p>', description_version: 1 });
    assert.equal(stale.status, 409);
    assert.deepEqual(stale.body.current, { description_html: '<p>v2</p>', version: 2 });
    assert.equal((await seed.actors.member.get(`${seed.projectUrl}/issues/${issue.id}`)).body.name, 'With text');
    const noVersion = await seed.actors.member.patch(`${seed.projectUrl}/issues/${issue.id}`, { description_html: '<p>x</p>' });
    assert.equal(noVersion.status, 400);
    assert.deepEqual(noVersion.body, { error: 'Description version is required with the description.' });
  });

  test('authorization matrix: Member and up', async () => {
    const issue = await createIssue();
    await seed.expectMatrix('PATCH', `${seed.projectUrl}/issues/${issue.id}`, (actor: Actor) => ({ name: `by ${actor}` }), {
      anonymous: 401,
      nonMember: 404,
      guest: 403,
      viewer: 403,
      member: 200,
      admin: 200,
    });
  });

  test('refuses an empty body and unknown fields', async () => {
    const issue = await createIssue();
    const empty = await seed.actors.member.patch(`${seed.projectUrl}/issues/${issue.id}`, {});
    assert.equal(empty.status, 400);
    assert.deepEqual(empty.body, { error: 'Body needs at least one field' });
    const unknown = await seed.actors.member.patch(`${seed.projectUrl}/issues/${issue.id}`, { project_id: seed.project.id });
    assert.equal(unknown.status, 400);
    assert.equal((await seed.actors.member.patch(`${seed.projectUrl}/issues/${randomUUID()}`, { name: 'x' })).status, 404);
  });
});

describe('archive and restore', () => {
  test('archiving hides the issue from the list until restored, and the feed records both', async () => {
    const issue = await createIssue();
    const archived = await seed.actors.member.post(`${seed.projectUrl}/issues/${issue.id}/archive`);
    assert.equal(archived.status, 200, archived.text);
    assert.notEqual(archived.body.archived_at, null);
    const list = await seed.actors.guest.get(`${seed.projectUrl}/issues?limit=100`);
    assert.ok(!list.body.some((i: { id: string }) => i.id === issue.id));
    const archivedList = await seed.actors.guest.get(`${seed.projectUrl}/issues?archived=true`);
    assert.ok(archivedList.body.some((i: { id: string }) => i.id === issue.id));
    const again = await seed.actors.member.post(`${seed.projectUrl}/issues/${issue.id}/archive`);
    assert.equal(again.status, 409);
    assert.deepEqual(again.body, { error: 'This issue is already archived.' });
    const restored = await seed.actors.member.post(`${seed.projectUrl}/issues/${issue.id}/restore`);
    assert.equal(restored.status, 200);
    assert.equal(restored.body.archived_at, null);
    const notArchived = await seed.actors.member.post(`${seed.projectUrl}/issues/${issue.id}/restore`);
    assert.equal(notArchived.status, 409);
    assert.deepEqual(notArchived.body, { error: 'This issue is not archived.' });
    const rows = (await activities(issue.id)).slice(1);
    assert.deepEqual(rows.map((a) => [a.field, a.verb, a.old_value, a.new_value]), [
      ['archived_at', 'updated', '', archived.body.archived_at],
      ['archived_at', 'updated', archived.body.archived_at, 'restore'],
    ]);
  });

  test('an archived issue refuses every change to it and to what it holds until restored; reading it still works', async () => {
    const issue = await createIssue({ description_html: '<p>Kept</p>' });
    const other = await createIssue();
    const url = `${seed.projectUrl}/issues/${issue.id}`;
    const comment = await seed.actors.member.post(`${url}/comments`, { comment_html: '<p>Before</p>' });
    const link = await seed.actors.member.post(`${url}/links`, { url: 'https://example.com/before' });
    const relation = await seed.actors.member.post(`${url}/relations`, { relation_type: 'relates_to', issue_ids: [other.id] });
    assert.deepEqual([comment.status, link.status, relation.status], [201, 201, 201]);
    assert.equal((await seed.actors.member.post(`${url}/archive`)).status, 200);
    const before = (await seed.actors.member.get(url)).body;
    const file = new FormData();
    file.append('asset', new Blob(['hello'], { type: 'text/plain' }), 'notes.txt');
    const changes = [
      ['PATCH', url, { name: 'Renamed' }],
      ['PATCH', url, { priority: 'high', description_html: '<p>Changed</p>', description_version: before.description_version }],
      ['PUT', `${url}/description`, { description_html: '<p>Changed</p>', version: before.description_version }],
      ['POST', `${url}/comments`, { comment_html: '<p>After</p>' }],
      ['PATCH', `${url}/comments/${comment.body.id}`, { comment_html: '<p>Edited</p>' }],
      ['DELETE', `${url}/comments/${comment.body.id}`, undefined],
      ['POST', `${url}/links`, { url: 'https://example.com/after' }],
      ['PATCH', `${url}/links/${link.body.id}`, { title: 'Edited' }],
      ['DELETE', `${url}/links/${link.body.id}`, undefined],
      ['POST', `${url}/relations`, { relation_type: 'blocking', issue_ids: [(await createIssue()).id] }],
      ['DELETE', `${url}/relations/${relation.body[0].id}`, undefined],
      ['POST', `${url}/sub-issues`, { issue_ids: [other.id] }],
      ['POST', `${seed.projectUrl}/issues/${other.id}/sub-issues`, { issue_ids: [issue.id] }],
      ['POST', `${url}/attachments`, file],
    ] as const;
    for (const [method, target, body] of changes) {
      const answer = await seed.actors.member.request(method, target, body);
      assert.deepEqual([answer.status, answer.body], [409, { error: 'This issue is archived: restore it to change it.' }], `${method} ${target}`);
    }
    // Lists of issues to change or add: one archived issue among them refuses the whole list.
    const cycle = await seed.actors.member.post(`${seed.projectUrl}/cycles`, { name: 'Archive check' });
    const module = await seed.actors.member.post(`${seed.projectUrl}/modules`, { name: 'Archive check' });
    const several = { error: 'Some of the selected issues are archived: restore them to change them.' };
    for (const [target, body] of [
      [`${seed.projectUrl}/bulk-update-issues`, { issue_ids: [other.id, issue.id], priority: 'urgent' }],
      [`${seed.projectUrl}/cycles/${cycle.body.id}/cycle-issues`, { issues: [other.id, issue.id] }],
      [`${seed.projectUrl}/modules/${module.body.id}/module-issues`, { issues: [issue.id, other.id] }],
    ] as const) {
      const answer = await seed.actors.member.post(target, body);
      assert.deepEqual([answer.status, answer.body], [409, several], target);
    }
    const after = (await seed.actors.member.get(url)).body;
    assert.deepEqual(after, before, 'nothing changed');
    assert.equal((await seed.actors.member.get(`${seed.projectUrl}/issues/${other.id}`)).body.priority, 'none', 'the bulk update took none of its issues');
    assert.equal((await seed.actors.guest.get(`${url}/comments`)).status, 200);
    // Following it is not a change to it; restoring makes it changeable again.
    assert.equal((await seed.actors.admin.post(`${url}/subscribe`)).status, 200);
    assert.equal((await seed.actors.member.post(`${url}/restore`)).status, 200);
    const renamed = await seed.actors.member.patch(url, { name: 'Renamed' });
    assert.deepEqual([renamed.status, renamed.body.name], [200, 'Renamed']);
  });

  test("an archived issue stays in its cycle and module, listed as archived, and is not taken out until restored", async () => {
    const issue = await createIssue();
    const cycle = await seed.actors.member.post(`${seed.projectUrl}/cycles`, { name: 'Keeps archived' });
    const module = await seed.actors.member.post(`${seed.projectUrl}/modules`, { name: 'Keeps archived' });
    const groups = [`${seed.projectUrl}/cycles/${cycle.body.id}/cycle-issues`, `${seed.projectUrl}/modules/${module.body.id}/module-issues`];
    for (const group of groups) assert.equal((await seed.actors.member.post(group, { issues: [issue.id] })).status, 200);
    const archived = await seed.actors.member.post(`${seed.projectUrl}/issues/${issue.id}/archive`);
    for (const group of groups) {
      const listed = await seed.actors.guest.get(group);
      assert.deepEqual(listed.body.map((row: { id: string; archived_at: string | null }) => [row.id, row.archived_at]), [[issue.id, archived.body.archived_at]], group);
      const removed = await seed.actors.member.request('DELETE', `${group}/${issue.id}`);
      assert.deepEqual([removed.status, removed.body], [409, { error: 'This issue is archived: restore it to change it.' }], group);
    }
    assert.equal((await seed.actors.member.get(`${seed.projectUrl}/issues/${issue.id}`)).body.cycle_id, cycle.body.id);
    assert.equal((await seed.actors.member.post(`${seed.projectUrl}/issues/${issue.id}/restore`)).status, 200);
    for (const group of groups) assert.equal((await seed.actors.member.request('DELETE', `${group}/${issue.id}`)).status, 204, group);
    // Rows of other lists say an issue is not archived.
    const rows = await seed.actors.member.get(`${seed.projectUrl}/issues`);
    assert.ok(rows.body.every((row: { archived_at: unknown }) => row.archived_at === null));
  });

  test('authorization matrix: Member and up, for both', async () => {
    const issues = { member: await createIssue(), admin: await createIssue() };
    for (const action of ['archive', 'restore']) {
      for (const actor of ['member', 'admin'] as const) {
        const url = `${seed.projectUrl}/issues/${issues[actor].id}/${action}`;
        const others = { anonymous: 401, nonMember: 404, guest: 403, viewer: 403 };
        for (const [who, status] of Object.entries(others)) assert.equal((await seed.actors[who as Actor].post(url)).status, status, `${who} ${action}`);
        assert.equal((await seed.actors[actor].post(url)).status, 200, `${actor} ${action}`);
      }
    }
  });
});

describe('DELETE …/issues/:issueId', () => {
  test('soft-deletes: gone from reads and lists, feed still readable with issue_detail null, sub-issues detached', async () => {
    const issue = await createIssue();
    const child = await createIssue({ parent_id: issue.id });
    const response = await seed.actors.member.delete(`${seed.projectUrl}/issues/${issue.id}`);
    assert.equal(response.status, 204);
    assert.equal((await seed.actors.member.get(`${seed.projectUrl}/issues/${issue.id}`)).status, 404);
    assert.equal((await seed.actors.member.delete(`${seed.projectUrl}/issues/${issue.id}`)).status, 404);
    const list = await seed.actors.guest.get(`${seed.projectUrl}/issues?limit=100`);
    assert.ok(!list.body.some((i: { id: string }) => i.id === issue.id));
    const row = await server.db.one<{ deleted_at: Date | null }>('SELECT deleted_at FROM issues WHERE id = $1', [issue.id]);
    assert.ok(row.deleted_at instanceof Date);
    const feed = await seed.actors.guest.get(`${seed.projectUrl}/issues/${issue.id}/activities`);
    assert.equal(feed.status, 200);
    const last = feed.body.at(-1);
    assert.equal(last.field, 'issue');
    assert.equal(last.verb, 'deleted');
    assert.equal(last.issue_detail, null);
    const childNow = await seed.actors.guest.get(`${seed.projectUrl}/issues/${child.id}`);
    assert.equal(childNow.body.parent_id, null);
    const childFeed = await activities(child.id);
    assert.deepEqual(childFeed.slice(1).map((a) => [a.field, a.old_value, a.new_value, a.old_identifier]), [['parent', `SEED-${issue.sequence_id}`, '', issue.id]]);
  });

  test('authorization matrix: Member and up', async () => {
    const first = await createIssue();
    await seed.expectMatrix('DELETE', `${seed.projectUrl}/issues/${first.id}`, undefined, { anonymous: 401, nonMember: 404, guest: 403, viewer: 403, member: 204, admin: 404 });
    const second = await createIssue();
    const admin = await seed.actors.admin.delete(`${seed.projectUrl}/issues/${second.id}`);
    assert.equal(admin.status, 204);
  });
});

describe('GET …/issues (list)', () => {
  test("lists in the spec's listed shape, plus priority and assignee ids, with filters and pages", async () => {
    const local = await seedWorkspace(server);
    const localStates = Object.fromEntries((await local.actors.admin.get(`${local.projectUrl}/states`)).body.map((s: { name: string; id: string }) => [s.name, s.id]));
    const label = (await local.actors.member.post(`${local.projectUrl}/labels`, { name: 'frontend' })).body;
    const make = async (fields: Record<string, unknown>) => (await local.actors.member.post(`${local.projectUrl}/issues`, fields)).body;
    await make({ name: 'A', priority: 'high', state_id: localStates.Todo, target_date: '2026-03-10' });
    await make({ name: 'B', priority: 'low', assignee_ids: [local.users.viewer.id], target_date: '2026-03-20' });
    await make({ name: 'C', priority: 'high', label_ids: [label.id] });
    const all = await local.actors.guest.get(`${local.projectUrl}/issues`);
    assert.equal(all.status, 200);
    assert.equal(all.headers.get('x-total-count'), '3');
    assert.deepEqual(all.body.map((i: { name: string }) => i.name), ['C', 'B', 'A']);
    assert.deepEqual(Object.keys(all.body[0]).sort(), ROW_KEYS, 'a listed issue plus what a row shows');
    assert.deepEqual(all.body.map((i: { priority: string }) => i.priority), ['high', 'low', 'high']);
    assert.deepEqual(all.body.map((i: { assignee_ids: string[] }) => i.assignee_ids), [[], [local.users.viewer.id], []]);
    assert.equal(all.body[2].state__color, '#3A3A3A');
    assert.deepEqual([all.body[2].state__name, all.body[2].state__group], ['Todo', 'unstarted']);
    assert.deepEqual(all.body.map((i: { label_ids: string[] }) => i.label_ids), [[label.id], [], []]);
    assert.deepEqual(all.body[0].labels, [{ id: label.id, name: 'frontend', color: label.color }]);
    assert.deepEqual(all.body[1].assignees.map((user: { id: string }) => user.id), [local.users.viewer.id]);
    assert.deepEqual(all.body.map((i: { target_date: string | null }) => i.target_date), [null, '2026-03-20', '2026-03-10'], 'each row carries its target date');
    const names = async (query: string) => (await local.actors.guest.get(`${local.projectUrl}/issues?${query}`)).body.map((i: { name: string }) => i.name);
    assert.deepEqual(await names('priority=high'), ['C', 'A']);
    assert.deepEqual(await names('priority=low,none'), ['B']);
    assert.deepEqual(await names(`state=${localStates.Todo}`), ['A']);
    assert.deepEqual(await names(`state=${localStates.Backlog},${localStates.Todo}`), ['C', 'B', 'A']);
    assert.deepEqual(await names(`assignee=${local.users.viewer.id}`), ['B']);
    assert.deepEqual(await names(`label=${label.id}`), ['C']);
    assert.deepEqual(await names('limit=2'), ['C', 'B']);
    assert.deepEqual(await names('limit=2&offset=2'), ['A']);
    assert.deepEqual(await names('archived=true'), []);
    assert.deepEqual(await names('target_after=2026-03-10'), ['B'], 'after is exclusive; no target date never matches');
    assert.deepEqual(await names('target_before=2026-03-20'), ['A']);
    assert.deepEqual(await names('target_from=2026-03-10&target_to=2026-03-20'), ['B', 'A'], 'a range includes its ends');
    assert.deepEqual(await names('target_from=2026-03-11&target_to=2026-03-19'), []);
    assert.deepEqual(await names('target_after=2026-03-01&priority=low'), ['B']);
  });

  test('searches by name and by key (IDENTIFIER-sequence), with the filters and pages, taking % and _ literally', async () => {
    const local = await seedWorkspace(server);
    for (const [name, priority] of [['Fix the header', 'high'], ['Header 100% wide', 'low'], ['snake_case names', 'none'], ['Footer', 'high']]) {
      await local.actors.member.post(`${local.projectUrl}/issues`, { name, priority });
    }
    const search = async (query: string, url = `${local.projectUrl}/issues`) => {
      const response = await local.actors.guest.get(`${url}?${query}`);
      assert.equal(response.status, 200, query);
      return { names: response.body.map((i: { name: string }) => i.name), total: response.headers.get('x-total-count') };
    };
    assert.deepEqual((await search('search=HEADER')).names, ['Header 100% wide', 'Fix the header'], 'by name, ignoring case');
    assert.deepEqual((await search(`search=${local.project.identifier.toLowerCase()}-4`)).names, ['Footer'], 'by key');
    assert.deepEqual((await search('search=header&priority=high')).names, ['Fix the header'], 'with a filter');
    assert.deepEqual(await search('search=header&limit=1'), { names: ['Header 100% wide'], total: '2' }, 'with pages');
    assert.deepEqual((await search('search=%25')).names, ['Header 100% wide'], '% is literal');
    assert.deepEqual((await search('search=_')).names, ['snake_case names'], '_ is literal');
    assert.deepEqual((await search("search=' OR 1=1 --")).names, [], 'the text is a parameter');
    assert.deepEqual((await search('search=%20%20')).names.length, 4, 'blank text does not filter');
    assert.deepEqual((await search('search=footer', `${local.workspaceUrl}/issues`)).names, ['Footer'], 'the workspace tabs search too');
  });

  test('refuses bad filters with 400', async () => {
    for (const [query, error] of [
      ['priority=critical', 'Priority is not valid'],
      ['state=nope', 'State is not valid'],
      ['archived=yes', 'Archived must be one of true, false'],
      ['limit=-1', 'Limit is not valid'],
      ['target_after=tomorrow', 'Target after is not valid'],
      ['target_to=2026-02-31', 'Target to is not valid'],
      ['colour=red', 'Querystring has an unknown field "colour"'],
    ]) {
      const response = await seed.actors.guest.get(`${seed.projectUrl}/issues?${query}`);
      assert.equal(response.status, 400, query);
      assert.deepEqual(response.body, { error }, query);
    }
  });

  test('authorization matrix: everyone in the project', async () => {
    await seed.expectMatrix('GET', `${seed.projectUrl}/issues`, undefined, everyMember(200));
  });
});

describe('GET /api/workspaces/:slug/issues (workspace tabs)', () => {
  test('all-issues, assigned, created and subscribed, across the projects the caller belongs to', async () => {
    const local = await seedWorkspace(server);
    const second = await local.actors.admin.post(`${local.workspaceUrl}/projects`, { name: 'Second', identifier: 'TWO' });
    const secondUrl = `${local.workspaceUrl}/projects/${second.body.id}`;
    await local.actors.admin.post(`${secondUrl}/members`, { user_id: local.users.member.id, role: 15 });
    await local.actors.member.post(`${local.projectUrl}/issues`, { name: 'mine' });
    await local.actors.admin.post(`${secondUrl}/issues`, { name: 'assigned', assignee_ids: [local.users.member.id] });
    const followed = (await local.actors.admin.post(`${local.projectUrl}/issues`, { name: 'followed' })).body;
    await local.actors.member.post(`${local.projectUrl}/issues/${followed.id}/subscribe`);
    // The viewer is not in the second project: they never see its issues.
    const names = async (actor: Actor, tab: string) =>
      (await local.actors[actor].get(`${local.workspaceUrl}/issues?tab=${tab}`)).body.map((i: { name: string }) => i.name);
    assert.deepEqual(await names('member', 'all-issues'), ['followed', 'assigned', 'mine']);
    assert.deepEqual(await names('viewer', 'all-issues'), ['followed', 'mine']);
    assert.deepEqual(await names('member', 'assigned'), ['assigned']);
    assert.deepEqual(await names('member', 'created'), ['mine']);
    assert.deepEqual(await names('member', 'subscribed'), ['followed', 'assigned', 'mine']);
    assert.deepEqual(await names('admin', 'created'), ['followed', 'assigned']);
    const response = await local.actors.member.get(`${local.workspaceUrl}/issues`);
    assert.deepEqual(Object.keys(response.body[0]).sort(), ROW_KEYS);
    assert.equal(response.headers.get('x-total-count'), '3');
    assert.deepEqual(
      (await local.actors.member.get(`${local.workspaceUrl}/issues?tab=all-issues&priority=urgent`)).body,
      [],
    );
  });

  test('refuses an unknown tab', async () => {
    const response = await seed.actors.guest.get(`${seed.workspaceUrl}/issues?tab=mine`);
    assert.equal(response.status, 400);
    assert.deepEqual(response.body, { error: 'Tab must be one of all-issues, assigned, created, subscribed' });
  });

  test('authorization matrix: everyone in the workspace', async () => {
    await seed.expectMatrix('GET', `${seed.workspaceUrl}/issues?tab=assigned`, undefined, everyMember(200));
  });
});
