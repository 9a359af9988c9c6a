import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { RESERVED_SLUGS } from '../../src/server/workspaces/slug.js';
import { adminsOnly, everyMember, seedWorkspace, startServer, type Seed, type TestClient, type TestServer } from './harness.js';

let server: TestServer;
let seed: Seed;
let counter = 0;
const freshSlug = () => `ws-${process.pid}-${++counter}`;

before(async () => {
  server = await startServer();
  seed = await seedWorkspace(server);
});
after(() => server.close());

describe('POST /api/workspaces', () => {
  test('creates the workspace and makes its creator an Admin', async () => {
    const client = server.client();
    const user = await client.signUp();
    const slug = freshSlug();
    const response = await client.post('/api/workspaces', { name: '  Acme  ', slug, logo: '/api/workspaces/file-assets/logo.png' });
    assert.equal(response.status, 201);
    assert.equal(response.body.slug, slug);
    assert.equal(response.body.name, 'Acme');
    assert.equal(response.body.logo, '/api/workspaces/file-assets/logo.png');
    assert.equal(response.body.role, 20);
    const members = await client.get(`/api/workspaces/${slug}/members`);
    assert.deepEqual(members.body.map((m: { id: string; role: number }) => [m.id, m.role]), [[user.id, 20]]);
  });

  test('refuses every reserved slug of the spec, in any case', async () => {
    assert.deepEqual(RESERVED_SLUGS, ['404', 'accounts', 'api', 'create-workspace', 'error', 'god-mode', 'installations', 'invitations', 'onboarding', 'profile', 'spaces', 'workspace-invitations']);
    for (const slug of [...RESERVED_SLUGS, 'API', 'God-Mode']) {
      const response = await seed.actors.member.post('/api/workspaces', { name: 'Reserved', slug });
      assert.equal(response.status, 400, slug);
      assert.deepEqual(response.body, { error: 'This workspace URL is reserved.' });
    }
  });

  test('refuses a slug the API uses as a path word (file-assets)', async () => {
    const response = await seed.actors.member.post('/api/workspaces', { name: 'Files', slug: 'file-assets' });
    assert.equal(response.status, 400);
    assert.deepEqual(response.body, { error: 'This workspace URL is reserved.' });
  });

  test('stores the slug in lower case and refuses one already taken', async () => {
    const slug = freshSlug();
    const created = await seed.actors.member.post('/api/workspaces', { name: 'Upper', slug: slug.toUpperCase() });
    assert.equal(created.status, 201);
    assert.equal(created.body.slug, slug);
    const taken = await seed.actors.viewer.post('/api/workspaces', { name: 'Again', slug });
    assert.equal(taken.status, 409);
    assert.deepEqual(taken.body, { error: 'This workspace URL is already taken.' });
  });

  test('refuses bad input with 400', async () => {
    const cases: [unknown, string][] = [
      [{ slug: freshSlug() }, 'Name is required'],
      [{ name: 'No slug' }, 'Slug is required'],
      [{ name: '   ', slug: freshSlug() }, 'Workspace name is required.'],
      [{ name: 'x'.repeat(81), slug: freshSlug() }, 'Name cannot be longer than 80 characters'],
      [{ name: 'Spaces', slug: 'has space' }, 'Workspace URL can only contain letters, numbers, hyphens and underscores, and must start with a letter or number.'],
      [{ name: 'Dot', slug: 'a.b' }, 'Workspace URL can only contain letters, numbers, hyphens and underscores, and must start with a letter or number.'],
      [{ name: 'Dash', slug: '-lead' }, 'Workspace URL can only contain letters, numbers, hyphens and underscores, and must start with a letter or number.'],
      [{ name: 'Long', slug: 'a'.repeat(49) }, 'Workspace URL can have at most 48 characters.'],
      [{ name: 'Logo', slug: freshSlug(), logo: 'javascript:alert(1)' }, 'Logo is not valid'],
      [{ name: 'Extra', slug: freshSlug(), owner: 'me' }, 'Body has an unknown field "owner"'],
    ];
    for (const [body, error] of cases) {
      const response = await seed.actors.member.post('/api/workspaces', body);
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.deepEqual(response.body, { error }, JSON.stringify(body));
    }
  });

  test('authorization matrix: anyone signed in may create one', async () => {
    const responses = await seed.expectMatrix('POST', '/api/workspaces', () => ({ name: 'Mine', slug: freshSlug() }), {
      anonymous: 401,
      nonMember: 201,
      guest: 201,
      viewer: 201,
      member: 201,
      admin: 201,
    });
    assert.equal(responses.anonymous.body.error, 'Sign in to continue.');
    assert.equal(responses.guest.body.role, 20);
  });
});

describe('GET /api/workspaces', () => {
  test("lists only the caller's workspaces, with their role", async () => {
    const guest = await seed.actors.guest.get('/api/workspaces');
    assert.equal(guest.status, 200);
    const seeded = guest.body.find((w: { slug: string }) => w.slug === seed.workspace.slug);
    assert.equal(seeded.role, 5);
    const outsider = await seed.actors.nonMember.get('/api/workspaces');
    assert.equal(outsider.status, 200);
    assert.equal(outsider.body.some((w: { slug: string }) => w.slug === seed.workspace.slug), false);
    assert.equal((await seed.actors.anonymous.get('/api/workspaces')).status, 401);
  });
});

describe('GET /api/workspaces/:slug', () => {
  test('authorization matrix', async () => {
    const responses = await seed.expectMatrix('GET', seed.workspaceUrl, undefined, everyMember(200));
    assert.deepEqual(Object.keys(responses.admin.body).sort(), ['created_at', 'id', 'logo', 'name', 'role', 'slug', 'updated_at']);
    assert.equal(responses.viewer.body.role, 10);
  });

  test('an unknown slug is 404 like a workspace one is not a member of', async () => {
    const response = await seed.actors.admin.get('/api/workspaces/no-such-workspace');
    assert.equal(response.status, 404);
    assert.deepEqual(response.body, { error: 'Workspace not found.' });
  });
});

describe('PATCH /api/workspaces/:slug', () => {
  test('authorization matrix: Admin only', async () => {
    const responses = await seed.expectMatrix('PATCH', seed.workspaceUrl, { name: 'Renamed' }, adminsOnly(200));
    assert.equal(responses.admin.body.name, 'Renamed');
    assert.equal(responses.member.body.error, 'This needs the Admin role or higher in this workspace.');
  });

  test('changes the logo and clears it with null, keeping the rest', async () => {
    const set = await seed.actors.admin.patch(seed.workspaceUrl, { logo: '/api/assets/logo.png' });
    assert.equal(set.status, 200);
    assert.equal(set.body.logo, '/api/assets/logo.png');
    const cleared = await seed.actors.admin.patch(seed.workspaceUrl, { logo: null });
    assert.equal(cleared.body.logo, null);
    assert.equal(cleared.body.name, set.body.name);
  });

  test('refuses bad input with 400', async () => {
    for (const body of [{}, { name: '' }, { name: '  ' }, { slug: 'new-slug' }, { logo: '//evil.example/x.png' }, { name: { first: 'x' } }, { name: 42 }, { name: ['x'] }]) {
      const response = await seed.actors.admin.patch(seed.workspaceUrl, body);
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.equal(typeof response.body.error, 'string');
    }
  });
});

describe('DELETE /api/workspaces/:slug', () => {
  let owner: TestClient;

  test('authorization matrix: Admin only', async () => {
    const doomed = await seedWorkspace(server);
    await doomed.expectMatrix('DELETE', doomed.workspaceUrl, undefined, adminsOnly(204));
    assert.equal((await doomed.actors.admin.get(doomed.workspaceUrl)).status, 404);
  });

  test('removes its members, projects and their states', async () => {
    owner = server.client();
    await owner.signUp();
    const slug = freshSlug();
    const workspace = await owner.post('/api/workspaces', { name: 'Short-lived', slug });
    const project = await owner.post(`/api/workspaces/${slug}/projects`, { name: 'P', identifier: 'P' });
    assert.equal(project.status, 201);
    assert.equal((await owner.delete(`/api/workspaces/${slug}`)).status, 204);
    const left = await server.db.one<{ members: number; projects: number; states: number }>(
      `SELECT (SELECT count(*) FROM workspace_members WHERE workspace_id = $1) AS members,
              (SELECT count(*) FROM projects WHERE workspace_id = $1) AS projects,
              (SELECT count(*) FROM states WHERE project_id = $2) AS states`,
      [workspace.body.id, project.body.id],
    );
    assert.deepEqual(left, { members: 0, projects: 0, states: 0 });
  });
});
