import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { savedViewShape } from '../../src/api-shapes/saved-view.js';
import { adminsOnly, everyMember, seedWorkspace, startServer, type Actor, type Seed, type TestServer } from './harness.js';

let server: TestServer;
let seed: Seed;
let viewsUrl: string;

before(async () => {
  server = await startServer();
  seed = await seedWorkspace(server);
  viewsUrl = `${seed.workspaceUrl}/views`;
});
after(() => server.close());

const VIEW_KEYS = Object.keys(savedViewShape.properties).sort();

/** A board of urgent and high issues by priority, showing two properties. */
const QUERY = { filters: { priority: 'urgent,high', search: 'login' }, order: 'priority', group_by: 'state', display: ['priority', 'key'], layout: 'board' };

/** A view saved by `actor` through the API (the seed's project unless `project_id` says otherwise). */
async function newView(actor: Actor, fields: Record<string, unknown> = {}) {
  const response = await seed.actors[actor].post(viewsUrl, { name: `View ${randomUUID().slice(0, 6)}`, project_id: seed.project.id, query: QUERY, ...fields });
  assert.equal(response.status, 201, response.text);
  return response.body as { id: string; name: string; shared: boolean };
}

async function viewCount(): Promise<number> {
  return (await server.db.one<{ count: number }>('SELECT count(*)::int AS count FROM saved_views')).count;
}

describe('POST …/views', () => {
  test('saves a project view with its whole list, in the view shape', async () => {
    const response = await seed.actors.member.post(viewsUrl, { name: 'Urgent board', project_id: seed.project.id, shared: true, query: QUERY });
    assert.equal(response.status, 201, response.text);
    assert.deepEqual(Object.keys(response.body).sort(), VIEW_KEYS);
    const { id, created_at: _created, updated_at: _updated, ...fields } = response.body;
    assert.deepEqual(fields, {
      workspace_id: seed.workspace.id,
      project_id: seed.project.id,
      owner_id: seed.users.member.id,
      owner__display_name: 'member',
      name: 'Urgent board',
      shared: true,
      query: QUERY,
    });
    assert.deepEqual((await seed.actors.viewer.get(`${viewsUrl}/${id}`)).body.query, QUERY);
  });

  test('saves a workspace view, private unless said otherwise', async () => {
    const view = await newView('member', { project_id: undefined });
    const read = await seed.actors.member.get(`${viewsUrl}/${view.id}`);
    assert.deepEqual([read.body.project_id, read.body.shared], [null, false]);
  });

  test('refuses bad input with a clear 400 and saves nothing', async () => {
    const query = (change: Record<string, unknown>) => ({ name: 'x', project_id: seed.project.id, query: { ...QUERY, ...change } });
    const cases: [unknown, string][] = [
      [{ project_id: seed.project.id, query: QUERY }, 'Name is required'],
      [{ name: '', query: QUERY }, 'Name cannot be empty'],
      [{ name: 'x'.repeat(256), query: QUERY }, 'Name cannot be longer than 255 characters'],
      [{ name: 'x' }, 'Query is required'],
      [{ name: 'x', query: QUERY, colour: 'red' }, 'Body has an unknown field "colour"'],
      [{ name: 'x', shared: 'yes', query: QUERY }, 'Shared must be true or false'],
      [query({ layout: 'gantt' }), 'Layout of query must be one of list, board'],
      [query({ group_by: 'label' }), 'Group by of query must be one of none, state, priority, assignee, labels'],
      [query({ order: 'random' }), 'Order of query must be one of newest, updated, priority, target_date'],
      [query({ display: ['key', 'key'] }), 'Display of query cannot hold the same item twice'],
      [query({ display: ['colour'] }), 'Item 1 of display of query must be one of priority, key, labels, assignees, target_date, estimate'],
      [query({ filters: { priority: 'soon' } }), 'Priority of filters of query is not valid'],
      [query({ filters: { state: 'not-an-id' } }), 'State of filters of query is not valid'],
      [query({ filters: { limit: '10' } }), 'Filters of query has an unknown field "limit"'],
      [query({ filters: { archived: 'true' } }), 'Filters of query has an unknown field "archived"'],
      [query({ filters: { target_before: '2030-13-01' } }), 'Target before of filters of query is not valid'],
    ];
    const before = await viewCount();
    const answers = [];
    for (const [body] of cases) answers.push((await seed.actors.member.post(viewsUrl, body)).body);
    assert.deepEqual(answers, cases.map(([, error]) => ({ error })));
    const unknownProject = await seed.actors.member.post(viewsUrl, { name: 'x', project_id: randomUUID(), query: QUERY });
    assert.deepEqual([unknownProject.status, unknownProject.body], [404, { error: 'Project not found.' }]);
    assert.equal(await viewCount(), before);
  });

  test('authorization matrix: members and admins of the project save its views', async () => {
    await seed.expectMatrix('POST', viewsUrl, (actor: Actor) => ({ name: `By ${actor}`, project_id: seed.project.id, query: QUERY }), {
      anonymous: 401,
      nonMember: 404,
      guest: 403,
      viewer: 403,
      member: 201,
      admin: 201,
    });
  });

  test('authorization matrix: members and admins of the workspace save its views', async () => {
    const responses = await seed.expectMatrix('POST', viewsUrl, (actor: Actor) => ({ name: `By ${actor}`, query: QUERY }), {
      anonymous: 401,
      nonMember: 404,
      guest: 403,
      viewer: 403,
      member: 201,
      admin: 201,
    });
    assert.deepEqual(responses.guest.body, { error: 'This needs the Member role or higher in this workspace.' });
  });
});

describe('GET …/views', () => {
  test('lists the caller’s own views and the shared ones of the asked scope, by name', async () => {
    const mine = await newView('member', { name: 'a mine private' });
    const shared = await newView('admin', { name: 'B shared', shared: true });
    const theirs = await newView('admin', { name: 'C private of the admin' });
    const workspaceView = await newView('member', { name: 'A workspace', project_id: null });
    const listed = await seed.actors.member.get(`${viewsUrl}?project_id=${seed.project.id}`);
    assert.equal(listed.status, 200, listed.text);
    const ids = listed.body.map((view: { id: string }) => view.id);
    assert.ok(ids.indexOf(mine.id) >= 0 && ids.indexOf(mine.id) < ids.indexOf(shared.id), 'by name, case aside');
    assert.ok(!ids.includes(theirs.id) && !ids.includes(workspaceView.id));
    const workspaceList = (await seed.actors.member.get(viewsUrl)).body.map((view: { id: string }) => view.id);
    assert.ok(workspaceList.includes(workspaceView.id) && !workspaceList.includes(mine.id));
  });

  test('leaves out the views of projects the caller cannot open', async () => {
    const other = await seed.actors.admin.post(`${seed.workspaceUrl}/projects`, { name: 'Hidden', identifier: `H${randomUUID().slice(0, 4).toUpperCase()}` });
    const hidden = await newView('admin', { project_id: other.body.id, shared: true });
    assert.equal((await seed.actors.member.get(`${viewsUrl}/${hidden.id}`)).status, 404);
    const listed = await seed.actors.member.get(`${viewsUrl}?project_id=${other.body.id}`);
    assert.deepEqual([listed.status, listed.body], [404, { error: 'Project not found.' }]);
  });

  test('refuses a project id that is not one', async () => {
    const response = await seed.actors.member.get(`${viewsUrl}?project_id=nope`);
    assert.deepEqual([response.status, response.body], [400, { error: 'Project id is not valid' }]);
  });

  test('authorization matrix: everyone who can see the project lists its views', async () => {
    await seed.expectMatrix('GET', `${viewsUrl}?project_id=${seed.project.id}`, undefined, everyMember(200));
  });

  test('authorization matrix: everyone in the workspace lists its views', async () => {
    await seed.expectMatrix('GET', viewsUrl, undefined, everyMember(200));
  });
});

describe('GET …/views/:viewId', () => {
  test('authorization matrix: a shared view is seen by everyone who can see its project', async () => {
    const view = await newView('member', { shared: true });
    await seed.expectMatrix('GET', `${viewsUrl}/${view.id}`, undefined, everyMember(200));
  });

  test('authorization matrix: a private view is its owner’s alone, an admin’s neither', async () => {
    const view = await newView('member');
    const responses = await seed.expectMatrix('GET', `${viewsUrl}/${view.id}`, undefined, { anonymous: 401, nonMember: 404, guest: 404, viewer: 404, member: 200, admin: 404 });
    assert.deepEqual(responses.admin.body, { error: 'View not found.' });
  });

  test('answers 404 for a view that does not exist', async () => {
    const response = await seed.actors.member.get(`${viewsUrl}/${randomUUID()}`);
    assert.deepEqual([response.status, response.body], [404, { error: 'View not found.' }]);
  });
});

describe('PATCH …/views/:viewId', () => {
  test('renames, shares and saves a new list', async () => {
    const view = await newView('member');
    const query = { ...QUERY, layout: 'list', group_by: 'none', filters: {} };
    const response = await seed.actors.member.patch(`${viewsUrl}/${view.id}`, { name: 'Renamed', shared: true, query });
    assert.equal(response.status, 200, response.text);
    assert.deepEqual([response.body.name, response.body.shared, response.body.query], ['Renamed', true, query]);
  });

  test('refuses bad input with a clear 400 and changes nothing', async () => {
    const view = await newView('member', { name: 'Kept' });
    const cases: [unknown, string][] = [
      [{}, 'Body needs at least one field'],
      [{ name: '' }, 'Name cannot be empty'],
      [{ project_id: randomUUID() }, 'Body has an unknown field "project_id"'],
      [{ query: { ...QUERY, display: 'key' } }, 'Display of query must be a list'],
    ];
    const answers = [];
    for (const [body] of cases) answers.push((await seed.actors.member.patch(`${viewsUrl}/${view.id}`, body)).body);
    assert.deepEqual(answers, cases.map(([, error]) => ({ error })));
    const kept = await seed.actors.member.get(`${viewsUrl}/${view.id}`);
    assert.deepEqual([kept.body.name, kept.body.query], ['Kept', QUERY]);
  });

  test('authorization matrix: a shared view is changed by its owner or an admin', async () => {
    const view = await newView('member', { shared: true });
    const responses = await seed.expectMatrix('PATCH', `${viewsUrl}/${view.id}`, (actor: Actor) => ({ name: `By ${actor}` }), {
      anonymous: 401,
      nonMember: 404,
      guest: 403,
      viewer: 403,
      member: 200,
      admin: 200,
    });
    assert.deepEqual(responses.viewer.body, { error: 'Only the view’s owner or an admin can change it.' });
    assert.equal((await seed.actors.member.get(`${viewsUrl}/${view.id}`)).body.name, 'By admin');
  });

  test('authorization matrix: a private view is changed by its owner alone', async () => {
    const view = await newView('member');
    await seed.expectMatrix('PATCH', `${viewsUrl}/${view.id}`, { name: 'Changed' }, { anonymous: 401, nonMember: 404, guest: 404, viewer: 404, member: 200, admin: 404 });
  });
});

describe('DELETE …/views/:viewId', () => {
  test('authorization matrix: a shared view is deleted by an admin, not by others', async () => {
    const view = await newView('admin', { shared: true });
    await seed.expectMatrix('DELETE', `${viewsUrl}/${view.id}`, undefined, adminsOnly(204));
    assert.equal((await seed.actors.admin.get(`${viewsUrl}/${view.id}`)).status, 404);
  });

  test('authorization matrix: a private view is deleted by its owner alone', async () => {
    const view = await newView('member');
    await seed.expectMatrix('DELETE', `${viewsUrl}/${view.id}`, undefined, { anonymous: 401, nonMember: 404, guest: 404, viewer: 404, member: 204, admin: 404 });
  });

  test('an admin deletes a member’s shared view', async () => {
    const view = await newView('member', { shared: true });
    assert.equal((await seed.actors.admin.delete(`${viewsUrl}/${view.id}`)).status, 204);
    assert.equal((await seed.actors.member.get(`${viewsUrl}/${view.id}`)).status, 404);
  });
});

describe('GET …/issues?order=', () => {
  test('orders a project’s issues as a saved view asks', async () => {
    const issuesUrl = `${seed.projectUrl}/issues`;
    const names = [];
    for (const [name, priority] of [['Low one', 'low'], ['Urgent one', 'urgent'], ['Medium one', 'medium']]) {
      const created = await seed.actors.member.post(issuesUrl, { name, priority });
      assert.equal(created.status, 201, created.text);
      names.push(name);
    }
    const byPriority = await seed.actors.member.get(`${issuesUrl}?order=priority&search=one`);
    assert.deepEqual(byPriority.body.map((issue: { name: string }) => issue.name), ['Urgent one', 'Medium one', 'Low one']);
    const newest = await seed.actors.member.get(`${issuesUrl}?search=one`);
    assert.deepEqual(newest.body.map((issue: { name: string }) => issue.name), [...names].reverse());
  });
});
