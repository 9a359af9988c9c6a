import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { issueDraftShape } from '../../src/api-shapes/issue-draft.js';
import { Role } from '../../src/server/roles.js';
import { everyMember, membersAndAdmins, seedWorkspace, startServer, type Actor, type Seed, type TestServer } from './harness.js';
import { activityOf, createLabel } from './planning-fixtures.js';

let server: TestServer;
let seed: Seed;
let draftsUrl: string;

before(async () => {
  server = await startServer();
  seed = await seedWorkspace(server);
  draftsUrl = `${seed.workspaceUrl}/issue-drafts`;
});
after(() => server.close());

const DRAFT_KEYS = Object.keys(issueDraftShape.properties).sort();

/** A draft saved by `actor` through the API. */
async function newDraft(actor: Actor = 'member', fields: Record<string, unknown> = {}) {
  const response = await seed.actors[actor].post(draftsUrl, { project_id: seed.project.id, name: `Draft ${randomUUID().slice(0, 6)}`, ...fields });
  assert.equal(response.status, 201, response.text);
  return response.body as { id: string; name: string; updated_at: string };
}

/** A draft of `actor` written in the database: guests and viewers cannot save one, but keep those from when they could. */
async function storedDraft(actor: Exclude<Actor, 'anonymous' | 'nonMember'>): Promise<string> {
  const row = await server.db.one<{ id: string }>(
    'INSERT INTO issue_drafts (workspace_id, project_id, user_id, name) VALUES ($1, $2, $3, $4) RETURNING id',
    [seed.workspace.id, seed.project.id, seed.users[actor].id, `Kept by ${actor}`],
  );
  return row.id;
}

async function draftCount(): Promise<number> {
  return (await server.db.one<{ count: number }>('SELECT count(*)::int AS count FROM issue_drafts')).count;
}

async function stateOf(group: string): Promise<string> {
  return (await server.db.one<{ id: string }>('SELECT id FROM states WHERE project_id = $1 AND "group" = $2 ORDER BY sequence LIMIT 1', [seed.project.id, group])).id;
}

describe('POST …/issue-drafts', () => {
  test('keeps every field of the dialog, the description cleaned, in the draft shape', async () => {
    const label = await createLabel(server.db, seed.project.id, `Bug ${randomUUID().slice(0, 4)}`, '#ff0000');
    const state = await stateOf('started');
    const response = await seed.actors.member.post(draftsUrl, {
      project_id: seed.project.id,
      name: '',
      description_html: '<p>Half <strong>written</strong><script>alert(1)</script></p>',
      priority: 'high',
      state_id: state,
      assignee_ids: [seed.users.member.id],
      label_ids: [label],
      start_date: '2030-01-01',
      target_date: '2030-01-05',
    });
    assert.equal(response.status, 201, response.text);
    assert.deepEqual(Object.keys(response.body).sort(), DRAFT_KEYS);
    const { id, created_at: _created, updated_at: _updated, ...fields } = response.body;
    assert.deepEqual(fields, {
      workspace_id: seed.workspace.id,
      project_id: seed.project.id,
      project__identifier: seed.project.identifier,
      project__name: seed.project.name,
      name: '',
      description_html: '<p>Half <strong>written</strong></p>',
      priority: 'high',
      state_id: state,
      assignee_ids: [seed.users.member.id],
      label_ids: [label],
      start_date: '2030-01-01',
      target_date: '2030-01-05',
      cycle_id: null,
      module_id: null,
      parent_id: null,
      estimate_point: null,
    });
    assert.equal((await seed.actors.member.get(`${draftsUrl}/${id}`)).body.description_html, '<p>Half <strong>written</strong></p>');
  });

  test('refuses bad input with a clear 400 and saves nothing', async () => {
    const other = await seed.actors.admin.post(`${seed.workspaceUrl}/projects`, { name: 'Other', identifier: `O${randomUUID().slice(0, 4).toUpperCase()}` });
    const foreignState = (await server.db.one<{ id: string }>('SELECT id FROM states WHERE project_id = $1 LIMIT 1', [other.body.id])).id;
    const foreignCycle = await seed.actors.admin.post(`${seed.workspaceUrl}/projects/${other.body.id}/cycles`, { name: 'Theirs' });
    const cases: [unknown, string][] = [
      [{ name: 'x' }, 'Project id is required'],
      [{ project_id: seed.project.id, name: 'x'.repeat(256) }, 'Name cannot be longer than 255 characters'],
      [{ project_id: seed.project.id, priority: 'soon' }, 'Priority must be one of urgent, high, medium, low, none'],
      [{ project_id: seed.project.id, note: 'x' }, 'Body has an unknown field "note"'],
      [{ project_id: seed.project.id, start_date: '2030-02-01', target_date: '2030-01-01' }, 'The start date cannot be after the target date.'],
      [{ project_id: seed.project.id, state_id: foreignState }, 'The state must be one of this project’s states.'],
      [{ project_id: seed.project.id, assignee_ids: [seed.users.nonMember.id] }, 'Assignees must be members of the project.'],
      [{ project_id: seed.project.id, cycle_id: foreignCycle.body.id }, 'The cycle must be one of this project’s cycles.'],
      [{ project_id: seed.project.id, module_id: randomUUID() }, 'The module must be one of this project’s modules.'],
    ];
    const before = await draftCount();
    for (const [body, error] of cases) {
      const response = await seed.actors.member.post(draftsUrl, body);
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.deepEqual(response.body, { error }, JSON.stringify(body));
    }
    const unknownProject = await seed.actors.member.post(draftsUrl, { project_id: randomUUID() });
    assert.deepEqual([unknownProject.status, unknownProject.body], [404, { error: 'Project not found.' }]);
    assert.equal(await draftCount(), before);
  });

  test('authorization matrix: whoever may create issues in the project', async () => {
    await seed.expectMatrix('POST', draftsUrl, (actor: Actor) => ({ project_id: seed.project.id, name: `By ${actor}` }), {
      anonymous: 401,
      nonMember: 404,
      guest: 403,
      viewer: 403,
      member: 201,
      admin: 201,
    });
  });
});

describe('GET …/issue-drafts', () => {
  test('lists the caller’s own drafts only, last edited first', async () => {
    const first = await newDraft('member');
    const second = await newDraft('member');
    await newDraft('admin');
    const listed = (await seed.actors.member.get(draftsUrl)).body as { id: string; name: string }[];
    const ids = listed.map((draft) => draft.id);
    assert.ok(ids.indexOf(second.id) < ids.indexOf(first.id));
    const mine = await server.db.query<{ id: string }>('SELECT id FROM issue_drafts WHERE user_id = $1', [seed.users.member.id]);
    assert.deepEqual([...ids].sort(), mine.map((row) => row.id).sort());
    await seed.actors.member.patch(`${draftsUrl}/${first.id}`, { name: 'Edited again' });
    assert.equal(((await seed.actors.member.get(draftsUrl)).body as { id: string }[])[0]!.id, first.id);
  });

  test('authorization matrix: everyone in the workspace (each sees their own)', async () => {
    const responses = await seed.expectMatrix('GET', draftsUrl, undefined, everyMember(200));
    for (const actor of ['guest', 'viewer', 'member', 'admin'] as const) {
      for (const draft of responses[actor].body as { id: string }[]) {
        const owner = await server.db.one<{ user_id: string }>('SELECT user_id FROM issue_drafts WHERE id = $1', [draft.id]);
        assert.equal(owner.user_id, seed.users[actor].id);
      }
    }
  });
});

describe('GET, PATCH and DELETE …/issue-drafts/:draftId', () => {
  test('PATCH changes only what it sends and moves the last-edited time', async () => {
    const draft = await newDraft('member', { priority: 'low', description_html: '<p>Before</p>' });
    const response = await seed.actors.member.patch(`${draftsUrl}/${draft.id}`, { name: 'Now titled', start_date: '2030-03-01' });
    assert.equal(response.status, 200, response.text);
    assert.equal(response.body.name, 'Now titled');
    assert.equal(response.body.priority, 'low');
    assert.equal(response.body.description_html, '<p>Before</p>');
    assert.equal(response.body.start_date, '2030-03-01');
    assert.ok(new Date(response.body.updated_at) > new Date(draft.updated_at));
    const cleared = await seed.actors.member.patch(`${draftsUrl}/${draft.id}`, { description_html: '<p></p>' });
    assert.equal(cleared.body.description_html, '');
  });

  test('PATCH refuses bad input with a clear 400 and changes nothing', async () => {
    const draft = await newDraft('member', { target_date: '2030-01-10' });
    const cases: [unknown, string][] = [
      [{}, 'Body needs at least one field'],
      [{ start_date: '2030-02-01' }, 'The start date cannot be after the target date.'],
      [{ label_ids: [randomUUID()] }, 'Labels must be labels of this project.'],
      [{ id: randomUUID() }, 'Body has an unknown field "id"'],
    ];
    for (const [body, error] of cases) {
      const response = await seed.actors.member.patch(`${draftsUrl}/${draft.id}`, body);
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.deepEqual(response.body, { error }, JSON.stringify(body));
    }
    const after = (await seed.actors.member.get(`${draftsUrl}/${draft.id}`)).body;
    assert.deepEqual([after.start_date, after.label_ids, after.updated_at], [null, [], draft.updated_at]);
  });

  test('nobody reads, changes or deletes another person’s draft (404), a workspace admin neither', async () => {
    const draft = await newDraft('member');
    const url = `${draftsUrl}/${draft.id}`;
    const others = { anonymous: 401, nonMember: 404, guest: 404, viewer: 404, member: 200, admin: 404 };
    await seed.expectMatrix('GET', url, undefined, others);
    await seed.expectMatrix('PATCH', url, { name: 'Taken' }, others);
    await seed.expectMatrix('POST', `${url}/publish`, undefined, { ...others, member: 201 });
    const another = await newDraft('member');
    await seed.expectMatrix('DELETE', `${draftsUrl}/${another.id}`, undefined, { ...others, member: 204 });
    assert.equal((await seed.actors.member.get(`${draftsUrl}/${another.id}`)).status, 404);
  });

  test('a guest or viewer may read and delete a draft of theirs but not save or publish it', async () => {
    for (const actor of ['guest', 'viewer'] as const) {
      const id = await storedDraft(actor);
      const client = seed.actors[actor];
      assert.equal((await client.get(`${draftsUrl}/${id}`)).status, 200);
      const patched = await client.patch(`${draftsUrl}/${id}`, { name: 'More' });
      assert.deepEqual([patched.status, patched.body], [403, { error: 'This needs the Member role or higher in this project.' }]);
      assert.equal((await client.post(`${draftsUrl}/${id}/publish`)).status, 403);
      assert.equal((await client.delete(`${draftsUrl}/${id}`)).status, 204);
      assert.equal((await client.get(`${draftsUrl}/${id}`)).status, 404);
    }
  });

  test('an unknown or malformed id is a 404 or 400', async () => {
    assert.deepEqual((await seed.actors.member.get(`${draftsUrl}/${randomUUID()}`)).body, { error: 'Draft not found.' });
    assert.equal((await seed.actors.member.delete(`${draftsUrl}/${randomUUID()}`)).status, 404);
    assert.equal((await seed.actors.member.get(`${draftsUrl}/not-an-id`)).status, 400);
  });
});

describe('POST …/issue-drafts/:draftId/publish', () => {
  test('creates the issue with every property, puts it in its cycle and module, and removes the draft', async () => {
    const cycle = await seed.actors.member.post(`${seed.projectUrl}/cycles`, { name: 'Draft cycle' });
    const module = await seed.actors.member.post(`${seed.projectUrl}/modules`, { name: 'Draft module' });
    const label = await createLabel(server.db, seed.project.id, `Feature ${randomUUID().slice(0, 4)}`, '#00ff00');
    const state = await stateOf('unstarted');
    const draft = await newDraft('member', {
      name: '  Publish me  ',
      description_html: '<p>The <em>details</em></p>',
      priority: 'urgent',
      state_id: state,
      assignee_ids: [seed.users.admin.id],
      label_ids: [label],
      target_date: '2030-06-01',
      cycle_id: cycle.body.id,
      module_id: module.body.id,
    });
    const response = await seed.actors.member.post(`${draftsUrl}/${draft.id}/publish`);
    assert.equal(response.status, 201, response.text);
    const issue = response.body;
    assert.equal(issue.name, 'Publish me');
    assert.equal(issue.description_html, '<p>The <em>details</em></p>');
    assert.deepEqual([issue.priority, issue.state_id, issue.assignee_ids, issue.label_ids, issue.target_date], ['urgent', state, [seed.users.admin.id], [label], '2030-06-01']);
    assert.deepEqual([issue.cycle_id, issue.module_ids], [cycle.body.id, [module.body.id]]);
    assert.equal(issue.created_by, seed.users.member.id);
    assert.equal(issue.is_subscribed, true);
    assert.deepEqual((await activityOf(server.db, issue.id, 'issue')).map((row) => [row.verb, row.new_value]), [['created', 'Publish me']]);
    assert.equal((await activityOf(server.db, issue.id, 'cycles')).length, 1);
    assert.equal((await seed.actors.member.get(`${draftsUrl}/${draft.id}`)).status, 404);
    assert.equal((await seed.actors.member.post(`${draftsUrl}/${draft.id}/publish`)).status, 404);
  });

  test("keeps a sub-issue's parent and an estimate, checks them as a creation would, and publishes them", async () => {
    const parent = await seed.actors.member.post(`${seed.projectUrl}/issues`, { name: 'The parent' });
    assert.equal(parent.status, 201, parent.text);
    const estimate = await seed.actors.admin.patch(`${seed.projectUrl}/estimate`, { enabled: true });
    assert.equal(estimate.status, 200, estimate.text);
    const value = estimate.body.points[1].value as string;
    try {
      const draft = await newDraft('member', { name: 'A part of it', parent_id: parent.body.id, estimate_point: value });
      const read = (await seed.actors.member.get(`${draftsUrl}/${draft.id}`)).body;
      assert.deepEqual([read.parent_id, read.estimate_point], [parent.body.id, value]);
      const other = await seed.actors.admin.post(`${seed.workspaceUrl}/projects`, { name: 'Elsewhere', identifier: 'ELSE' });
      const foreign = await seed.actors.admin.post(`${seed.workspaceUrl}/projects/${other.body.id}/issues`, { name: 'Not here' });
      for (const [fields, error] of [
        [{ parent_id: foreign.body.id }, 'The parent must be an issue of the same project.'],
        [{ estimate_point: 'not a point' }, null],
      ] as const) {
        const refused = await seed.actors.member.patch(`${draftsUrl}/${draft.id}`, fields);
        assert.equal(refused.status, 400, JSON.stringify(fields));
        if (error) assert.equal(refused.body.error, error);
      }
      const published = await seed.actors.member.post(`${draftsUrl}/${draft.id}/publish`);
      assert.equal(published.status, 201, published.text);
      assert.deepEqual([published.body.parent_id, published.body.estimate_point], [parent.body.id, value]);
    } finally {
      await seed.actors.admin.patch(`${seed.projectUrl}/estimate`, { enabled: false });
    }
  });

  test('answers as creating the issue would and keeps the draft: no title, a label deleted since', async () => {
    const untitled = await newDraft('member', { name: '   ' });
    const refused = await seed.actors.member.post(`${draftsUrl}/${untitled.id}/publish`);
    assert.deepEqual([refused.status, refused.body], [400, { error: 'Name is required' }]);
    const label = await createLabel(server.db, seed.project.id, `Gone ${randomUUID().slice(0, 4)}`, '#0000ff');
    const labelled = await newDraft('member', { label_ids: [label] });
    await server.db.query('DELETE FROM labels WHERE id = $1', [label]);
    const stale = await seed.actors.member.post(`${draftsUrl}/${labelled.id}/publish`);
    assert.deepEqual([stale.status, stale.body], [400, { error: 'Labels must be labels of this project.' }]);
    for (const id of [untitled.id, labelled.id]) assert.equal((await seed.actors.member.get(`${draftsUrl}/${id}`)).status, 200);
    const issues = await server.db.query('SELECT id FROM issues WHERE name = $1', ['']);
    assert.equal(issues.length, 0);
  });

  test('a draft whose project the author can no longer create issues in gets the issue creation’s 403 or 404', async () => {
    const author = server.client();
    const user = await author.signUp({ email: `drafter-${randomUUID().slice(0, 6)}@example.com`, display_name: 'Drafter' });
    await seed.actors.admin.post(`${seed.workspaceUrl}/members`, { email: user.email, role: Role.Member });
    await seed.actors.admin.post(`${seed.projectUrl}/members`, { user_id: user.id, role: Role.Member });
    const draft = await author.post(draftsUrl, { project_id: seed.project.id, name: 'Mine' });
    assert.equal(draft.status, 201, draft.text);
    await server.db.query('UPDATE project_members SET role = $1 WHERE project_id = $2 AND user_id = $3', [Role.Viewer, seed.project.id, user.id]);
    const demoted = await author.post(`${draftsUrl}/${draft.body.id}/publish`);
    const created = await author.post(`${seed.projectUrl}/issues`, { name: 'Mine' });
    assert.deepEqual([demoted.status, demoted.body], [created.status, created.body]);
    assert.equal(demoted.status, 403);
    await server.db.query('DELETE FROM project_members WHERE project_id = $1 AND user_id = $2', [seed.project.id, user.id]);
    const removed = await author.post(`${draftsUrl}/${draft.body.id}/publish`);
    const createdAgain = await author.post(`${seed.projectUrl}/issues`, { name: 'Mine' });
    assert.deepEqual([removed.status, removed.body], [404, { error: 'Project not found.' }]);
    assert.deepEqual([removed.status, removed.body], [createdAgain.status, createdAgain.body]);
    assert.equal((await author.get(`${draftsUrl}/${draft.body.id}`)).status, 200);
  });

  test('authorization matrix: each publishes their own draft when they may create issues', async () => {
    const drafts: Partial<Record<Actor, string>> = {
      guest: await storedDraft('guest'),
      viewer: await storedDraft('viewer'),
      member: (await newDraft('member')).id,
      admin: (await newDraft('admin')).id,
    };
    const statuses = membersAndAdmins(201);
    for (const [actor, expected] of Object.entries(statuses) as [Actor, number][]) {
      const id = drafts[actor] ?? drafts.member!;
      const response = await seed.actors[actor].post(`${draftsUrl}/${id}/publish`);
      assert.equal(response.status, expected, `${actor}: ${response.text}`);
    }
  });
});
