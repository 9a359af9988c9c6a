import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { membersAndAdmins, seedWorkspace, startServer, type Actor, type Seed, type TestServer } from './harness.js';

let server: TestServer;
let seed: Seed;
let bulkUrl: string;

before(async () => {
  server = await startServer();
  seed = await seedWorkspace(server);
  bulkUrl = `${seed.projectUrl}/bulk-delete-issues`;
});
after(() => server.close());

async function newIssues(count: number, fields: Record<string, unknown> = {}): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; index < count; index++) {
    const response = await seed.actors.member.post(`${seed.projectUrl}/issues`, { name: `Bulk ${randomUUID().slice(0, 6)}`, ...fields });
    assert.equal(response.status, 201, response.text);
    ids.push(response.body.id);
  }
  return ids;
}

async function live(ids: string[]): Promise<number> {
  const row = await server.db.one<{ count: number }>('SELECT count(*) AS count FROM issues WHERE id = ANY($1::uuid[]) AND deleted_at IS NULL', [ids]);
  return row.count;
}

describe('DELETE …/bulk-delete-issues', () => {
  test('deletes every selected issue, answers the count and records a deleted row on each', async () => {
    const ids = await newIssues(3);
    const response = await seed.actors.member.delete(bulkUrl, { issue_ids: [...ids, ids[0]] });
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(response.body, { deleted: 3 });
    assert.equal(await live(ids), 0);
    for (const id of ids) {
      assert.equal((await seed.actors.guest.get(`${seed.projectUrl}/issues/${id}`)).status, 404);
      const feed = (await seed.actors.guest.get(`${seed.projectUrl}/issues/${id}/activities`)).body;
      const last = feed.at(-1);
      assert.deepEqual([last.field, last.verb, last.issue_detail, last.actor.id], ['issue', 'deleted', null, seed.users.member.id]);
    }
  });

  test('all or nothing: one id of another project, an unknown or an already deleted one, and nothing is deleted', async () => {
    const other = await seedWorkspace(server);
    const foreign = (await other.actors.member.post(`${other.projectUrl}/issues`, { name: 'foreign' })).body.id;
    const [gone] = await newIssues(1);
    await seed.actors.member.delete(`${seed.projectUrl}/issues/${gone}`);
    for (const [stranger, error] of [
      [[foreign], '1 of the selected issues is not an issue of this project (or is already deleted). Nothing was deleted.'],
      [[randomUUID()], '1 of the selected issues is not an issue of this project (or is already deleted). Nothing was deleted.'],
      [[gone!], '1 of the selected issues is not an issue of this project (or is already deleted). Nothing was deleted.'],
      [[foreign, randomUUID()], '2 of the selected issues are not issues of this project (or are already deleted). Nothing was deleted.'],
    ] as const) {
      const ids = await newIssues(2);
      const response = await seed.actors.admin.delete(bulkUrl, { issue_ids: [...ids, ...stranger] });
      assert.equal(response.status, 400);
      assert.deepEqual(response.body, { error });
      assert.equal(await live(ids), 2);
    }
    assert.equal(await live([foreign]), 1);
  });

  test('sub-issues of deleted issues lose their parent, unless deleted too', async () => {
    const [parent] = await newIssues(1);
    const [kept, alsoDeleted] = await newIssues(2, { parent_id: parent });
    const response = await seed.actors.member.delete(bulkUrl, { issue_ids: [parent, alsoDeleted] });
    assert.deepEqual(response.body, { deleted: 2 });
    assert.equal((await seed.actors.guest.get(`${seed.projectUrl}/issues/${kept}`)).body.parent_id, null);
  });

  test('undo brings the deleted issues back, with the sub-issues their deletion detached, and says who restored them', async () => {
    const [parent, alone] = await newIssues(2);
    const [child, otherChild] = await newIssues(2, { parent_id: parent });
    // One sub-issue is given another parent after the deletion: it stays with that one.
    const [elsewhere] = await newIssues(1);
    assert.deepEqual((await seed.actors.member.delete(bulkUrl, { issue_ids: [parent, alone] })).body, { deleted: 2 });
    assert.equal((await seed.actors.member.patch(`${seed.projectUrl}/issues/${otherChild}`, { parent_id: elsewhere })).status, 200);
    const undone = await seed.actors.admin.post(`${bulkUrl}/undo`, { issue_ids: [parent, alone, randomUUID()] });
    assert.equal(undone.status, 200, undone.text);
    assert.deepEqual(undone.body, { restored: 2 });
    assert.equal(await live([parent!, alone!]), 2);
    const parentOf = async (id: string) => (await seed.actors.guest.get(`${seed.projectUrl}/issues/${id}`)).body.parent_id;
    assert.deepEqual([await parentOf(child!), await parentOf(otherChild!)], [parent, elsewhere]);
    const feed = (await seed.actors.guest.get(`${seed.projectUrl}/issues/${parent}/activities`)).body;
    const last = feed.at(-1);
    assert.deepEqual([last.field, last.verb, last.actor.id], ['issue', 'updated', seed.users.admin.id]);
    // Undoing again, or for a live issue, restores nothing.
    assert.deepEqual((await seed.actors.member.post(`${bulkUrl}/undo`, { issue_ids: [parent] })).body, { restored: 0 });
  });

  test('undo: Member and up, of this project’s issues only', async () => {
    const [gone] = await newIssues(1);
    await seed.actors.member.delete(`${seed.projectUrl}/issues/${gone}`);
    await seed.expectMatrix('POST', `${bulkUrl}/undo`, { issue_ids: [gone] }, membersAndAdmins(200));
    const other = await seedWorkspace(server);
    const foreign = (await other.actors.member.post(`${other.projectUrl}/issues`, { name: 'foreign' })).body.id;
    await other.actors.member.delete(`${other.projectUrl}/issues/${foreign}`);
    assert.deepEqual((await seed.actors.admin.post(`${bulkUrl}/undo`, { issue_ids: [foreign] })).body, { restored: 0 });
    assert.equal(await live([foreign]), 0);
    assert.deepEqual((await seed.actors.admin.post(`${bulkUrl}/undo`, { issue_ids: [] })).body, { error: 'Issue ids needs at least one item' });
  });

  test('at least one issue: "Please select at least one issue."', async () => {
    for (const body of [{ issue_ids: [] }, {}, undefined]) {
      const response = await seed.actors.member.delete(bulkUrl, body);
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.deepEqual(response.body, { error: 'Please select at least one issue.' });
    }
    const bad = await seed.actors.member.delete(bulkUrl, { issue_ids: ['nope'] });
    assert.equal(bad.status, 400);
    assert.deepEqual(bad.body, { error: 'Item 1 of issue ids is not valid' });
    const unknown = await seed.actors.member.delete(bulkUrl, { issue_ids: [randomUUID()], all: true });
    assert.equal(unknown.status, 400);
  });

  test('authorization matrix: Member and up', async () => {
    const ids = { member: await newIssues(2), admin: await newIssues(2) };
    const responses = await seed.expectMatrix('DELETE', bulkUrl, (actor: Actor) => ({ issue_ids: actor === 'admin' ? ids.admin : ids.member }), {
      anonymous: 401,
      nonMember: 404,
      guest: 403,
      viewer: 403,
      member: 200,
      admin: 200,
    });
    assert.deepEqual(responses.member.body, { deleted: 2 });
    assert.deepEqual(responses.admin.body, { deleted: 2 });
  });
});
