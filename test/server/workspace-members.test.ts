import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { everyMember, seedWorkspace, startServer, type Actor, type Seed, type TestClient, type TestServer } from './harness.js';

let server: TestServer;
let seed: Seed;

before(async () => {
  server = await startServer();
  seed = await seedWorkspace(server);
});
after(() => server.close());

/** A signed-up account that belongs to no workspace yet. */
async function newcomer(): Promise<TestClient> {
  const client = server.client();
  await client.signUp();
  return client;
}

describe('GET /api/workspaces/:slug/members', () => {
  test('authorization matrix: every member may list', async () => {
    await seed.expectMatrix('GET', `${seed.workspaceUrl}/members`, undefined, everyMember(200));
  });

  test("answers the spec's user display shape plus id and role, never emails", async () => {
    const response = await seed.actors.guest.get(`${seed.workspaceUrl}/members`);
    assert.equal(response.body.length, 4);
    for (const member of response.body) {
      assert.deepEqual(Object.keys(member).sort(), ['avatar', 'display_name', 'first_name', 'id', 'is_bot', 'role']);
    }
    const roles = Object.fromEntries(response.body.map((m: { display_name: string; role: number }) => [m.display_name, m.role]));
    assert.deepEqual(roles, { admin: 20, guest: 5, member: 15, viewer: 10 });
  });
});

describe('POST /api/workspaces/:slug/members', () => {
  test('authorization matrix: Admin only', async () => {
    const candidates = {} as Record<Actor, string>;
    for (const actor of ['anonymous', 'nonMember', 'guest', 'viewer', 'member', 'admin'] as const) candidates[actor] = (await newcomer()).user!.email;
    const responses = await seed.expectMatrix('POST', `${seed.workspaceUrl}/members`, (actor: Actor) => ({ email: candidates[actor], role: 15 }), {
      anonymous: 401,
      nonMember: 404,
      guest: 403,
      viewer: 403,
      member: 403,
      admin: 201,
    });
    assert.equal(responses.admin.body.role, 15);
  });

  test('the new member can open the workspace with their role', async () => {
    const client = await newcomer();
    assert.equal((await client.get(seed.workspaceUrl)).status, 404);
    const added = await seed.actors.admin.post(`${seed.workspaceUrl}/members`, { email: client.user!.email.toUpperCase(), role: 10 });
    assert.equal(added.status, 201);
    assert.equal(added.body.id, client.user!.id);
    const workspace = await client.get(seed.workspaceUrl);
    assert.equal(workspace.status, 200);
    assert.equal(workspace.body.role, 10);
  });

  test('refuses an unknown email (404), a member already there (409) and bad input (400)', async () => {
    const unknown = await seed.actors.admin.post(`${seed.workspaceUrl}/members`, { email: 'nobody@example.com', role: 10 });
    assert.equal(unknown.status, 404);
    assert.deepEqual(unknown.body, { error: 'No account uses this email address.' });
    const again = await seed.actors.admin.post(`${seed.workspaceUrl}/members`, { email: seed.users.viewer.email, role: 10 });
    assert.equal(again.status, 409);
    assert.deepEqual(again.body, { error: 'This person is already a member of the workspace.' });
    for (const body of [{ email: seed.users.nonMember.email }, { email: seed.users.nonMember.email, role: 7 }, { role: 10 }, { email: seed.users.nonMember.email, role: 10, extra: 1 }]) {
      const response = await seed.actors.admin.post(`${seed.workspaceUrl}/members`, body);
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.equal(typeof response.body.error, 'string');
    }
    const badRole = await seed.actors.admin.post(`${seed.workspaceUrl}/members`, { email: seed.users.nonMember.email, role: 7 });
    assert.deepEqual(badRole.body, { error: 'Role must be one of 5, 10, 15, 20' });
  });
});

describe('PATCH /api/workspaces/:slug/members/:userId', () => {
  test('authorization matrix: Admin only', async () => {
    const target = await newcomer();
    await seed.actors.admin.post(`${seed.workspaceUrl}/members`, { email: target.user!.email, role: 5 });
    const responses = await seed.expectMatrix('PATCH', `${seed.workspaceUrl}/members/${target.user!.id}`, { role: 10 }, {
      anonymous: 401,
      nonMember: 404,
      guest: 403,
      viewer: 403,
      member: 403,
      admin: 200,
    });
    assert.equal(responses.admin.body.role, 10);
  });

  test('404 for someone who is not a member, 400 for a bad role or id', async () => {
    const outsider = await seed.actors.admin.patch(`${seed.workspaceUrl}/members/${seed.users.nonMember.id}`, { role: 10 });
    assert.equal(outsider.status, 404);
    assert.equal((await seed.actors.admin.patch(`${seed.workspaceUrl}/members/${seed.users.guest.id}`, { role: 25 })).status, 400);
    assert.equal((await seed.actors.admin.patch(`${seed.workspaceUrl}/members/not-a-uuid`, { role: 10 })).status, 400);
  });

  test('lowering a workspace role lowers a higher project role to match', async () => {
    const local = await seedWorkspace(server);
    const demoted = await local.actors.admin.patch(`${local.workspaceUrl}/members/${local.users.member.id}`, { role: 10 });
    assert.equal(demoted.status, 200);
    const projectMembers = await local.actors.admin.get(`${local.projectUrl}/members`);
    const member = projectMembers.body.find((m: { id: string }) => m.id === local.users.member.id);
    assert.equal(member.role, 10);
    const viewer = projectMembers.body.find((m: { id: string }) => m.id === local.users.viewer.id);
    assert.equal(viewer.role, 10);
  });
});

describe('a member removed while their role changes', () => {
  test('the change answers 404 with a sentence, never an empty member', async () => {
    const target = await newcomer();
    const id = target.user!.id;
    await seed.actors.admin.post(`${seed.workspaceUrl}/members`, { email: target.user!.email, role: 10 });
    // The member leaves right after the role change, before the answer is read back.
    await server.db.query(`CREATE FUNCTION leaves_after_role_change() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN DELETE FROM workspace_members WHERE workspace_id = NEW.workspace_id AND user_id = NEW.user_id; RETURN NULL; END $$`);
    await server.db.query(`CREATE TRIGGER leaves_meanwhile AFTER UPDATE ON workspace_members
      FOR EACH ROW WHEN (NEW.user_id = '${id}') EXECUTE FUNCTION leaves_after_role_change()`);
    try {
      const changed = await seed.actors.admin.patch(`${seed.workspaceUrl}/members/${id}`, { role: 15 });
      assert.equal(changed.status, 404, changed.text);
      assert.deepEqual(changed.body, { error: 'Member not found.' });
    } finally {
      await server.db.query('DROP TRIGGER leaves_meanwhile ON workspace_members');
      await server.db.query('DROP FUNCTION leaves_after_role_change()');
    }
  });
});

describe('the last admin', () => {
  test('cannot be demoted or removed, by themselves or anyone; with a second admin they can', async () => {
    const local = await seedWorkspace(server);
    const adminUrl = `${local.workspaceUrl}/members/${local.users.admin.id}`;
    const demote = await local.actors.admin.patch(adminUrl, { role: 15 });
    assert.equal(demote.status, 409);
    assert.deepEqual(demote.body, { error: 'A workspace needs at least one admin.' });
    const leave = await local.actors.admin.delete(adminUrl);
    assert.equal(leave.status, 409);
    assert.equal((await local.actors.admin.get(local.workspaceUrl)).body.role, 20);

    assert.equal((await local.actors.admin.patch(`${local.workspaceUrl}/members/${local.users.member.id}`, { role: 20 })).status, 200);
    assert.equal((await local.actors.admin.patch(adminUrl, { role: 15 })).status, 200);
    const last = await local.actors.member.delete(`${local.workspaceUrl}/members/${local.users.member.id}`);
    assert.equal(last.status, 409);
  });

  test('two admins demoting each other at the same time leave one admin', async () => {
    const local = await seedWorkspace(server);
    assert.equal((await local.actors.admin.patch(`${local.workspaceUrl}/members/${local.users.member.id}`, { role: 20 })).status, 200);
    const [first, second] = await Promise.all([
      local.actors.admin.patch(`${local.workspaceUrl}/members/${local.users.member.id}`, { role: 15 }),
      local.actors.member.patch(`${local.workspaceUrl}/members/${local.users.admin.id}`, { role: 15 }),
    ]);
    // One wins; the other is refused, as the last admin (409) or, if it ran later, as no longer an admin (403).
    const statuses = [first.status, second.status].sort();
    assert.equal(statuses[0], 200);
    assert.ok([403, 409].includes(statuses[1]!), String(statuses[1]));
    const admins = await server.db.query('SELECT user_id FROM workspace_members WHERE workspace_id = $1 AND role = 20', [local.workspace.id]);
    assert.equal(admins.length, 1);
  });
});

describe('DELETE /api/workspaces/:slug/members/:userId', () => {
  test('authorization matrix: Admin only to remove someone else', async () => {
    const target = await newcomer();
    await seed.actors.admin.post(`${seed.workspaceUrl}/members`, { email: target.user!.email, role: 15 });
    await seed.expectMatrix('DELETE', `${seed.workspaceUrl}/members/${target.user!.id}`, undefined, {
      anonymous: 401,
      nonMember: 404,
      guest: 403,
      viewer: 403,
      member: 403,
      admin: 204,
    });
    assert.equal((await target.get(seed.workspaceUrl)).status, 404);
  });

  test('refuses an id that is not a UUID with 400', async () => {
    const response = await seed.actors.admin.delete(`${seed.workspaceUrl}/members/42`);
    assert.equal(response.status, 400);
    assert.deepEqual(response.body, { error: 'User id is not valid' });
  });

  test('anyone may leave; their project memberships go with them', async () => {
    const local = await seedWorkspace(server);
    const left = await local.actors.guest.delete(`${local.workspaceUrl}/members/${local.users.guest.id}`);
    assert.equal(left.status, 204);
    assert.equal((await local.actors.guest.get(local.workspaceUrl)).status, 404);
    const rows = await server.db.query('SELECT 1 FROM project_members WHERE user_id = $1', [local.users.guest.id]);
    assert.equal(rows.length, 0);
    assert.equal((await local.actors.admin.delete(`${local.workspaceUrl}/members/${local.users.guest.id}`)).status, 404);
  });
});
