import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { FAVORITE_NOT_FOUND, FAVORITES_FULL, MAX_FAVORITES } from '../../src/api-shapes/favorite-kinds.js';
import { createIssue } from './planning-fixtures.js';
import { everyMember, seedWorkspace, startServer, type Seed, type TestClient, type TestServer } from './harness.js';

let server: TestServer;
let seed: Seed;
let favoritesUrl: string;

before(async () => {
  server = await startServer();
  seed = await seedWorkspace(server);
  favoritesUrl = `${seed.workspaceUrl}/favorites`;
});
after(() => server.close());

const names = async (client: TestClient) => ((await client.get(favoritesUrl)).body as { kind: string; name: string; key: string | null }[]).map((f) => [f.kind, f.key ?? f.name]);

async function keep(client: TestClient, kind: string, entityId: string, status = 201) {
  const response = await client.post(favoritesUrl, { kind, entity_id: entityId });
  assert.equal(response.status, status, response.text);
  return response.body;
}

describe('favorites', () => {
  test('everyone in the workspace keeps their own; nobody outside it', async () => {
    await seed.expectMatrix('GET', favoritesUrl, undefined, everyMember(200));
  });

  test('keeps an issue, a cycle, a module and a page by their names now, in the order kept; keeping again answers the same one', async () => {
    const viewer = seed.actors.viewer;
    const issue = await createIssue(server.db, seed.project.id, { name: 'Fix the header' });
    const cycle = (await seed.actors.member.post(`${seed.projectUrl}/cycles`, { name: 'Sprint 1' })).body;
    const module = (await seed.actors.member.post(`${seed.projectUrl}/modules`, { name: 'Search' })).body;
    const page = (await seed.actors.member.post(`${seed.projectUrl}/pages`, { name: 'Handbook' })).body;
    const kept = await keep(viewer, 'issue', issue.id);
    assert.deepEqual(
      { ...kept, id: typeof kept.id, created_at: typeof kept.created_at },
      { id: 'string', kind: 'issue', entity_id: issue.id, project_id: seed.project.id, name: 'Fix the header', key: `SEED-${issue.sequence_id}`, created_at: 'string' },
    );
    await keep(viewer, 'cycle', cycle.id);
    await keep(viewer, 'module', module.id);
    await keep(viewer, 'page', page.id);
    assert.equal((await keep(viewer, 'issue', issue.id, 200)).id, kept.id);
    await seed.actors.member.patch(`${seed.projectUrl}/pages/${page.id}`, { name: 'Team handbook' });
    assert.deepEqual(await names(viewer), [
      ['issue', `SEED-${issue.sequence_id}`],
      ['cycle', 'Sprint 1'],
      ['module', 'Search'],
      ['page', 'Team handbook'],
    ]);
    assert.deepEqual(await names(seed.actors.member), [], "another person's favorites are their own");
    // Removing: one's own only.
    assert.equal((await seed.actors.member.delete(`${favoritesUrl}/${kept.id}`)).status, 404);
    assert.equal((await viewer.delete(`${favoritesUrl}/${kept.id}`)).status, 204);
    assert.equal((await viewer.delete(`${favoritesUrl}/${kept.id}`)).body.error, FAVORITE_NOT_FOUND);
    assert.equal((await names(viewer)).length, 3);
  });

  test('refuses what the caller cannot open, and leaves out what they no longer can', async () => {
    const member = seed.actors.member;
    const secret = (await seed.actors.admin.post(`${seed.projectUrl}/pages`, { name: 'Secret', access: 'private' })).body;
    const refused = await member.post(favoritesUrl, { kind: 'page', entity_id: secret.id });
    assert.deepEqual([refused.status, refused.body.error], [404, FAVORITE_NOT_FOUND]);
    assert.equal((await member.post(favoritesUrl, { kind: 'cycle', entity_id: secret.id })).status, 404, 'a page is no cycle');
    assert.equal((await seed.actors.nonMember.post(favoritesUrl, { kind: 'page', entity_id: secret.id })).status, 404);

    const shared = (await seed.actors.admin.post(`${seed.projectUrl}/pages`, { name: 'Shared' })).body;
    const doomed = await createIssue(server.db, seed.project.id, { name: 'Doomed' });
    await keep(member, 'page', shared.id);
    await keep(member, 'issue', doomed.id);
    const before = (await names(member)).length;
    // Made private by its owner: out of the member's list, and back once public again.
    await seed.actors.admin.patch(`${seed.projectUrl}/pages/${shared.id}`, { access: 'private' });
    assert.equal((await names(member)).length, before - 1);
    await seed.actors.admin.patch(`${seed.projectUrl}/pages/${shared.id}`, { access: 'public' });
    assert.equal((await names(member)).length, before);
    // A deleted issue is left out; a deleted page takes its favorite along.
    assert.equal((await member.delete(`${seed.projectUrl}/issues/${doomed.id}`)).status, 204);
    assert.equal((await seed.actors.admin.delete(`${seed.projectUrl}/pages/${shared.id}`)).status, 204);
    assert.equal((await names(member)).length, before - 2);
    assert.equal((await server.db.one<{ n: number }>('SELECT count(*)::int AS n FROM favorites WHERE page_id IS NULL AND issue_id IS NULL AND cycle_id IS NULL AND module_id IS NULL')).n, 0);
  });

  test(`keeps at most ${MAX_FAVORITES} in a workspace, and says so`, async () => {
    const guest = seed.actors.guest;
    const have = (await names(guest)).length;
    for (let index = have; index < MAX_FAVORITES; index++) await keep(guest, 'issue', (await createIssue(server.db, seed.project.id, { name: `Kept ${index}` })).id);
    const extra = await createIssue(server.db, seed.project.id, { name: 'One too many' });
    const full = await guest.post(favoritesUrl, { kind: 'issue', entity_id: extra.id });
    assert.deepEqual([full.status, full.body.error], [400, FAVORITES_FULL]);
    assert.equal((await names(guest)).length, MAX_FAVORITES);
  });

  test('refuses a kind it does not know with a clear text', async () => {
    const wrong = await seed.actors.member.post(favoritesUrl, { kind: 'project', entity_id: seed.project.id });
    assert.equal(wrong.status, 400);
    assert.equal(wrong.body.error, 'Kind must be one of issue, cycle, module, page');
  });
});
