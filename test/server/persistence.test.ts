import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startServer, uniqueEmail, type TestServer } from './harness.js';

let server: TestServer;

before(async () => {
  server = await startServer();
});
after(() => server.close());

describe('a restart', () => {
  test('keeps accounts, sessions, workspaces, members, projects and themes', async () => {
    const client = server.client();
    const email = uniqueEmail();
    const user = await client.signUp({ email, password: 'survives restarts' });
    const slug = `persist-${process.pid}`;
    assert.equal((await client.post('/api/workspaces', { name: 'Persistent', slug })).status, 201);
    const project = await client.post(`/api/workspaces/${slug}/projects`, { name: 'Kept', identifier: 'KEPT', inbox_view: true });
    assert.equal(project.status, 201);
    const theme = { background: '#111111', text: '#eeeeee', primary: '#3f76ff', sidebarBackground: '#222222', sidebarText: '#dddddd', darkPalette: true };
    assert.equal((await client.patch('/api/users/me/theme', theme)).status, 200);
    const oldUrl = server.url;

    await server.restart();

    assert.notEqual(server.url, oldUrl);
    const me = await client.get('/api/users/me');
    assert.equal(me.status, 200, 'the session cookie is still valid');
    assert.equal(me.body.id, user.id);
    const workspaces = await client.get('/api/workspaces');
    assert.deepEqual(workspaces.body.map((w: { slug: string; role: number }) => [w.slug, w.role]), [[slug, 20]]);
    const kept = await client.get(`/api/workspaces/${slug}/projects/${project.body.id}`);
    assert.equal(kept.status, 200);
    assert.equal(kept.body.inbox_view, true);
    assert.equal((await client.get('/api/users/me/theme')).body.background, '#111111');
    const states = await server.db.query('SELECT name FROM states WHERE project_id = $1', [project.body.id]);
    assert.equal(states.length, 5);
    const again = server.client();
    assert.equal((await again.post('/api/auth/sign-in', { email, password: 'survives restarts' })).status, 200);
  });
});

describe('a request that fails half-way', () => {
  test('creating a project leaves no project, member or state when its default states cannot be written', async () => {
    const client = server.client();
    await client.signUp();
    const slug = `half-${process.pid}`;
    await client.post('/api/workspaces', { name: 'Half', slug });
    await server.db.exec(`
      CREATE FUNCTION refuse_states() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'storage failure'; END $$;
      CREATE TRIGGER refuse_states BEFORE INSERT ON states FOR EACH ROW EXECUTE FUNCTION refuse_states();
    `);
    let failed;
    try {
      failed = await client.post(`/api/workspaces/${slug}/projects`, { name: 'Half done', identifier: 'HALF' });
    } finally {
      await server.db.exec('DROP TRIGGER refuse_states ON states; DROP FUNCTION refuse_states();');
    }
    assert.equal(failed.status, 500);
    assert.deepEqual(failed.body, { error: 'Something went wrong. Please try again.' });
    const rows = await server.db.one<{ projects: number; members: number }>(
      `SELECT (SELECT count(*) FROM projects WHERE identifier = 'HALF') AS projects,
              (SELECT count(*) FROM project_members pm JOIN projects p ON p.id = pm.project_id WHERE p.identifier = 'HALF') AS members`,
    );
    assert.deepEqual(rows, { projects: 0, members: 0 });
    const retried = await client.post(`/api/workspaces/${slug}/projects`, { name: 'Half done', identifier: 'HALF' });
    assert.equal(retried.status, 201, 'the identifier was not left taken');
  });

  test('creating a workspace leaves no workspace when its admin cannot be recorded', async () => {
    const client = server.client();
    await client.signUp();
    const slug = `orphan-${process.pid}`;
    await server.db.exec(`
      CREATE FUNCTION refuse_members() RETURNS trigger LANGUAGE plpgsql AS $$ BEGIN RAISE EXCEPTION 'storage failure'; END $$;
      CREATE TRIGGER refuse_members BEFORE INSERT ON workspace_members FOR EACH ROW EXECUTE FUNCTION refuse_members();
    `);
    let failed;
    try {
      failed = await client.post('/api/workspaces', { name: 'Orphan', slug });
    } finally {
      await server.db.exec('DROP TRIGGER refuse_members ON workspace_members; DROP FUNCTION refuse_members();');
    }
    assert.equal(failed.status, 500);
    assert.equal(await server.db.maybeOne('SELECT id FROM workspaces WHERE slug = $1', [slug]), null);
    assert.equal((await client.post('/api/workspaces', { name: 'Orphan', slug })).status, 201);
  });
});
