import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { DEFAULT_STATES } from '../../src/server/projects/default-states.js';
import { adminsOnly, everyMember, seedWorkspace, startServer, type Actor, type Seed, type TestServer } from './harness.js';

let server: TestServer;
let seed: Seed;

before(async () => {
  server = await startServer();
  seed = await seedWorkspace(server);
});
after(() => server.close());

const PROJECT_KEYS = [
  'created_at',
  'created_by',
  'cover_image',
  'cycle_view',
  'description',
  'id',
  'identifier',
  'inbox_view',
  'is_member',
  'issue_views_view',
  'module_view',
  'name',
  'page_view',
  'role',
  'updated_at',
  'workspace_id',
].sort();

describe('POST /api/workspaces/:slug/projects', () => {
  test('authorization matrix: workspace Member and up', async () => {
    const identifiers: Record<Actor, string> = { anonymous: 'AN', nonMember: 'NM', guest: 'GU', viewer: 'VI', member: 'ME', admin: 'AD' };
    const responses = await seed.expectMatrix('POST', `${seed.workspaceUrl}/projects`, (actor: Actor) => ({ name: `By ${actor}`, identifier: identifiers[actor] }), {
      anonymous: 401,
      nonMember: 404,
      guest: 403,
      viewer: 403,
      member: 201,
      admin: 201,
    });
    assert.equal(responses.guest.body.error, 'This needs the Member role or higher in this workspace.');
    assert.deepEqual(Object.keys(responses.member.body).sort(), PROJECT_KEYS);
  });

  test('makes the creator project Admin and creates the five default states', async () => {
    const response = await seed.actors.member.post(`${seed.workspaceUrl}/projects`, { name: ' Web ', identifier: 'web', description: 'The site', inbox_view: true, cycle_view: false });
    assert.equal(response.status, 201);
    const project = response.body;
    assert.equal(project.name, 'Web');
    assert.equal(project.identifier, 'WEB');
    assert.equal(project.description, 'The site');
    assert.equal(project.role, 20);
    assert.equal(project.is_member, true);
    assert.equal(project.created_by, seed.users.member.id);
    assert.deepEqual([project.cycle_view, project.module_view, project.page_view, project.issue_views_view, project.inbox_view], [false, true, true, true, true]);
    const members = await seed.actors.member.get(`${seed.workspaceUrl}/projects/${project.id}/members`);
    assert.deepEqual(members.body.map((m: { id: string; role: number }) => [m.id, m.role]), [[seed.users.member.id, 20]]);
    const states = await server.db.query<{ name: string; color: string; group: string; is_default: boolean }>(
      'SELECT name, color, "group", is_default FROM states WHERE project_id = $1 ORDER BY sequence',
      [project.id],
    );
    assert.deepEqual(states, [
      { name: 'Backlog', color: '#A3A3A3', group: 'backlog', is_default: true },
      { name: 'Todo', color: '#3A3A3A', group: 'unstarted', is_default: false },
      { name: 'In Progress', color: '#F59E0B', group: 'started', is_default: false },
      { name: 'Done', color: '#16A34A', group: 'completed', is_default: false },
      { name: 'Cancelled', color: '#EF4444', group: 'cancelled', is_default: false },
    ]);
    assert.equal(DEFAULT_STATES.length, 5);
  });

  test('refuses an identifier already used in the workspace (409) but not one used elsewhere', async () => {
    const taken = await seed.actors.admin.post(`${seed.workspaceUrl}/projects`, { name: 'Again', identifier: 'seed' });
    assert.equal(taken.status, 409);
    assert.deepEqual(taken.body, { error: 'This project identifier is already used in the workspace.' });
    const other = await seedWorkspace(server);
    assert.equal(other.project.identifier, 'SEED');
  });

  test('refuses bad input with 400', async () => {
    const cases: [unknown, string][] = [
      [{ identifier: 'NONAME' }, 'Name is required'],
      [{ name: 'No id' }, 'Identifier is required'],
      [{ name: ' ', identifier: 'BLANK' }, 'Project name is required.'],
      [{ name: 'Dash', identifier: 'A-B' }, 'Project identifier can only contain letters and numbers, at most 12.'],
      [{ name: 'Long', identifier: 'ABCDEFGHIJKLM' }, 'Identifier cannot be longer than 12 characters'],
      [{ name: 'Cover', identifier: 'COV', cover_image: 'data:image/png;base64,AAAA' }, 'Cover image is not valid'],
      [{ name: 'Toggle', identifier: 'TOG', inbox_view: 'sometimes' }, 'Inbox view must be true or false'],
      [{ name: 'Extra', identifier: 'EXT', network: 2 }, 'Body has an unknown field "network"'],
    ];
    for (const [body, error] of cases) {
      const response = await seed.actors.admin.post(`${seed.workspaceUrl}/projects`, body);
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.deepEqual(response.body, { error }, JSON.stringify(body));
    }
  });
});

describe('GET /api/workspaces/:slug/projects', () => {
  test('authorization matrix', async () => {
    await seed.expectMatrix('GET', `${seed.workspaceUrl}/projects`, undefined, everyMember(200));
  });

  test('members see the projects they belong to; workspace admins see all, as admins', async () => {
    const local = await seedWorkspace(server);
    const hidden = await local.actors.member.post(`${local.workspaceUrl}/projects`, { name: 'Private work', identifier: 'PRIV' });
    assert.equal(hidden.status, 201);
    const ids = async (actor: Actor) =>
      (await local.actors[actor].get(`${local.workspaceUrl}/projects`)).body.map((p: { identifier: string; role: number; is_member: boolean }) => [p.identifier, p.role, p.is_member]);
    assert.deepEqual(await ids('viewer'), [['SEED', 10, true]]);
    assert.deepEqual(await ids('member'), [['PRIV', 20, true], ['SEED', 15, true]]);
    assert.deepEqual(await ids('admin'), [['PRIV', 20, false], ['SEED', 20, true]]);
  });
});

describe('GET /api/workspaces/:slug/projects/:projectId', () => {
  test('authorization matrix', async () => {
    const responses = await seed.expectMatrix('GET', seed.projectUrl, undefined, everyMember(200));
    assert.equal(responses.guest.body.role, 5);
    assert.deepEqual(Object.keys(responses.admin.body).sort(), PROJECT_KEYS);
  });

  test('a workspace member outside the project gets 404, as does an unknown or foreign project', async () => {
    const local = await seedWorkspace(server);
    const hidden = await local.actors.member.post(`${local.workspaceUrl}/projects`, { name: 'Hidden', identifier: 'HID' });
    assert.equal((await local.actors.viewer.get(`${local.workspaceUrl}/projects/${hidden.body.id}`)).status, 404);
    assert.equal((await local.actors.admin.get(`${local.workspaceUrl}/projects/${hidden.body.id}`)).status, 200);
    assert.equal((await local.actors.admin.get(`${local.workspaceUrl}/projects/00000000-0000-4000-8000-000000000000`)).status, 404);
    // The seed project exists, but in another workspace.
    assert.equal((await seed.actors.admin.get(`${seed.workspaceUrl}/projects/${local.project.id}`)).status, 404);
  });
});

describe('PATCH /api/workspaces/:slug/projects/:projectId', () => {
  test('authorization matrix: project Admin', async () => {
    const responses = await seed.expectMatrix('PATCH', seed.projectUrl, { description: 'Updated' }, adminsOnly(200));
    assert.equal(responses.admin.body.description, 'Updated');
    assert.equal(responses.member.body.error, 'This needs the Admin role or higher in this project.');
  });

  test('a workspace admin who is not in the project counts as its admin', async () => {
    const local = await seedWorkspace(server);
    const project = await local.actors.member.post(`${local.workspaceUrl}/projects`, { name: 'Team', identifier: 'TEAM' });
    const response = await local.actors.admin.patch(`${local.workspaceUrl}/projects/${project.body.id}`, { name: 'Team 2' });
    assert.equal(response.status, 200);
    assert.equal(response.body.role, 20);
    assert.equal(response.body.is_member, false);
  });

  test('updates the feature toggles, cover image and identifier, leaving the rest', async () => {
    const created = await seed.actors.admin.post(`${seed.workspaceUrl}/projects`, { name: 'Toggles', identifier: 'TGL' });
    const url = `${seed.workspaceUrl}/projects/${created.body.id}`;
    const response = await seed.actors.admin.patch(url, {
      cycle_view: false,
      module_view: false,
      page_view: false,
      issue_views_view: false,
      inbox_view: true,
      cover_image: '/api/project-covers/files/peaks.svg',
      identifier: 'tgl2',
    });
    assert.equal(response.status, 200);
    assert.deepEqual(
      [response.body.cycle_view, response.body.module_view, response.body.page_view, response.body.issue_views_view, response.body.inbox_view],
      [false, false, false, false, true],
    );
    assert.equal(response.body.cover_image, '/api/project-covers/files/peaks.svg');
    assert.equal(response.body.identifier, 'TGL2');
    assert.equal(response.body.name, 'Toggles');
    const cleared = await seed.actors.admin.patch(url, { cover_image: null });
    assert.equal(cleared.body.cover_image, null);
    assert.equal(cleared.body.inbox_view, true);
  });

  test('refuses bad input (400) and an identifier taken in the workspace (409)', async () => {
    for (const body of [{}, { name: '' }, { identifier: 'bad id' }, { cycle_view: 'no' }, { workspace_id: seed.workspace.id }]) {
      const response = await seed.actors.admin.patch(seed.projectUrl, body);
      assert.equal(response.status, 400, JSON.stringify(body));
    }
    await seed.actors.admin.post(`${seed.workspaceUrl}/projects`, { name: 'Taken', identifier: 'TAKEN' });
    const taken = await seed.actors.admin.patch(seed.projectUrl, { identifier: 'TAKEN' });
    assert.equal(taken.status, 409);
    assert.deepEqual(taken.body, { error: 'This project identifier is already used in the workspace.' });
  });
});

describe('DELETE /api/workspaces/:slug/projects/:projectId', () => {
  test('authorization matrix: project Admin; the states go with it', async () => {
    const created = await seed.actors.member.post(`${seed.workspaceUrl}/projects`, { name: 'Doomed', identifier: 'DOOM' });
    const url = `${seed.workspaceUrl}/projects/${created.body.id}`;
    for (const actor of ['viewer', 'guest'] as const) {
      await seed.actors.member.post(`${url}/members`, { user_id: seed.users[actor].id, role: actor === 'viewer' ? 10 : 5 });
    }
    await seed.expectMatrix('DELETE', url, undefined, { anonymous: 401, nonMember: 404, guest: 403, viewer: 403, member: 204, admin: 404 });
    const states = await server.db.query('SELECT id FROM states WHERE project_id = $1', [created.body.id]);
    assert.equal(states.length, 0);
  });
});
