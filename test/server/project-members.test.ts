import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { AuthUser } from '../../src/server/users/user-shape.js';
import { ACTORS, adminsOnly, everyMember, seedWorkspace, startServer, type Actor, type Seed, type TestServer } from './harness.js';

let server: TestServer;
let seed: Seed;

before(async () => {
  server = await startServer();
  seed = await seedWorkspace(server);
});
after(() => server.close());

/** A new account added to the seed workspace with `role`, but to no project. */
async function workspaceOnlyMember(role: number): Promise<AuthUser> {
  const client = server.client();
  const user = await client.signUp();
  const added = await seed.actors.admin.post(`${seed.workspaceUrl}/members`, { email: user.email, role });
  assert.equal(added.status, 201);
  return user;
}

describe('GET …/projects/:projectId/members', () => {
  test('authorization matrix: project members', async () => {
    const responses = await seed.expectMatrix('GET', `${seed.projectUrl}/members`, undefined, everyMember(200));
    const roles = Object.fromEntries(responses.guest.body.map((m: { display_name: string; role: number }) => [m.display_name, m.role]));
    assert.deepEqual(roles, { admin: 20, guest: 5, member: 15, viewer: 10 });
    for (const member of responses.guest.body) {
      assert.deepEqual(Object.keys(member).sort(), ['avatar', 'display_name', 'first_name', 'id', 'is_bot', 'role']);
    }
  });
});

describe('POST …/projects/:projectId/members', () => {
  test('authorization matrix: project Admin', async () => {
    const candidates = {} as Record<Actor, string>;
    for (const actor of ACTORS) candidates[actor] = (await workspaceOnlyMember(15)).id;
    const responses = await seed.expectMatrix('POST', `${seed.projectUrl}/members`, (actor: Actor) => ({ user_id: candidates[actor], role: 15 }), {
      anonymous: 401,
      nonMember: 404,
      guest: 403,
      viewer: 403,
      member: 403,
      admin: 201,
    });
    assert.equal(responses.admin.body.id, candidates.admin);
    assert.equal(responses.admin.body.role, 15);
  });

  test('the new member can open the project', async () => {
    const client = server.client();
    const user = await client.signUp();
    await seed.actors.admin.post(`${seed.workspaceUrl}/members`, { email: user.email, role: 10 });
    assert.equal((await client.get(seed.projectUrl)).status, 404);
    assert.equal((await seed.actors.admin.post(`${seed.projectUrl}/members`, { user_id: user.id, role: 10 })).status, 201);
    const project = await client.get(seed.projectUrl);
    assert.equal(project.status, 200);
    assert.equal(project.body.role, 10);
  });

  test('refuses someone outside the workspace, a role above their workspace role, a duplicate, and bad input', async () => {
    const outsider = await seed.actors.admin.post(`${seed.projectUrl}/members`, { user_id: seed.users.nonMember.id, role: 10 });
    assert.equal(outsider.status, 400);
    assert.deepEqual(outsider.body, { error: 'This person is not a member of the workspace.' });
    const guest = await workspaceOnlyMember(5);
    const tooHigh = await seed.actors.admin.post(`${seed.projectUrl}/members`, { user_id: guest.id, role: 15 });
    assert.equal(tooHigh.status, 400);
    assert.deepEqual(tooHigh.body, { error: "A project role cannot be higher than the member's workspace role." });
    const again = await seed.actors.admin.post(`${seed.projectUrl}/members`, { user_id: seed.users.viewer.id, role: 10 });
    assert.equal(again.status, 409);
    for (const body of [{ user_id: 'nope', role: 10 }, { user_id: guest.id }, { user_id: guest.id, role: 0 }, { user_id: guest.id, role: 5, note: 'x' }]) {
      assert.equal((await seed.actors.admin.post(`${seed.projectUrl}/members`, body)).status, 400, JSON.stringify(body));
    }
  });
});

describe('PATCH …/projects/:projectId/members/:userId', () => {
  test('authorization matrix: project Admin', async () => {
    const user = await workspaceOnlyMember(15);
    await seed.actors.admin.post(`${seed.projectUrl}/members`, { user_id: user.id, role: 5 });
    const responses = await seed.expectMatrix('PATCH', `${seed.projectUrl}/members/${user.id}`, { role: 15 }, {
      anonymous: 401,
      nonMember: 404,
      guest: 403,
      viewer: 403,
      member: 403,
      admin: 200,
    });
    assert.equal(responses.admin.body.role, 15);
  });

  test('the project role is its own scope: a project admin who is a workspace member manages the project', async () => {
    const local = await seedWorkspace(server);
    // A project role cannot pass the workspace role: the member (15) cannot become project admin.
    const refused = await local.actors.admin.patch(`${local.projectUrl}/members/${local.users.member.id}`, { role: 20 });
    assert.equal(refused.status, 400);
    await local.actors.admin.patch(`${local.workspaceUrl}/members/${local.users.member.id}`, { role: 20 });
    // Now a workspace admin, the member manages every project, including changing roles.
    const changed = await local.actors.member.patch(`${local.projectUrl}/members/${local.users.viewer.id}`, { role: 5 });
    assert.equal(changed.status, 200);
    assert.equal(changed.body.role, 5);
    const viewerProject = await local.actors.viewer.get(local.projectUrl);
    assert.equal(viewerProject.body.role, 5);
    // The workspace role did not change with it.
    assert.equal((await local.actors.viewer.get(local.workspaceUrl)).body.role, 10);
  });

  test('404 for someone not in the project, 400 for a bad role', async () => {
    const user = await workspaceOnlyMember(15);
    assert.equal((await seed.actors.admin.patch(`${seed.projectUrl}/members/${user.id}`, { role: 10 })).status, 404);
    assert.equal((await seed.actors.admin.patch(`${seed.projectUrl}/members/${seed.users.viewer.id}`, { role: 'admin' })).status, 400);
  });
});

describe('DELETE …/projects/:projectId/members/:userId', () => {
  test('authorization matrix: project Admin to remove someone else', async () => {
    const user = await workspaceOnlyMember(15);
    await seed.actors.admin.post(`${seed.projectUrl}/members`, { user_id: user.id, role: 15 });
    await seed.expectMatrix('DELETE', `${seed.projectUrl}/members/${user.id}`, undefined, adminsOnly(204));
  });

  test('anyone may leave a project and then no longer sees it; the workspace membership stays', async () => {
    const local = await seedWorkspace(server);
    assert.equal((await local.actors.viewer.delete(`${local.projectUrl}/members/${local.users.viewer.id}`)).status, 204);
    assert.equal((await local.actors.viewer.get(local.projectUrl)).status, 404);
    assert.equal((await local.actors.viewer.get(local.workspaceUrl)).status, 200);
    assert.equal((await local.actors.admin.delete(`${local.projectUrl}/members/${local.users.viewer.id}`)).status, 404);
  });
});
