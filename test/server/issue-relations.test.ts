import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { issueSummaryShape } from '../../src/api-shapes/issue.js';
import { everyMember, membersAndAdmins, seedWorkspace, startServer, type Actor, type Seed, type TestServer } from './harness.js';
import { shapeKeys } from './shape-check.js';

let server: TestServer;
let seed: Seed;

before(async () => {
  server = await startServer();
  seed = await seedWorkspace(server);
});
after(() => server.close());

async function newIssue(projectUrl = seed.projectUrl) {
  const response = await seed.actors.admin.post(`${projectUrl}/issues`, { name: `Issue ${randomUUID().slice(0, 6)}` });
  assert.equal(response.status, 201, response.text);
  return response.body as { id: string; sequence_id: number; project__identifier: string };
}

const urlOf = (issue: { id: string }, projectUrl = seed.projectUrl) => `${projectUrl}/issues/${issue.id}`;

async function relationRows(issue: { id: string }, projectUrl = seed.projectUrl) {
  const rows = (await seed.actors.admin.get(`${urlOf(issue, projectUrl)}/activities`)).body as Record<string, unknown>[];
  return rows.slice(1).map((row) => [row.field, row.verb, row.old_value, row.new_value, row.old_identifier, row.new_identifier]);
}

describe('issue relations', () => {
  test('relating shows the relation from both sides and records it on both', async () => {
    const [a, b] = [await newIssue(), await newIssue()];
    const response = await seed.actors.member.post(`${urlOf(a)}/relations`, { relation_type: 'blocked_by', issue_ids: [b.id] });
    assert.equal(response.status, 201, response.text);
    assert.equal(response.body.length, 1);
    assert.equal(response.body[0].relation_type, 'blocked_by');
    assert.equal(response.body[0].issue.id, b.id);
    assert.deepEqual(Object.keys(response.body[0].issue).sort(), shapeKeys(issueSummaryShape));
    const fromB = (await seed.actors.guest.get(`${urlOf(b)}/relations`)).body;
    assert.deepEqual(fromB.map((r: { relation_type: string; issue: { id: string } }) => [r.relation_type, r.issue.id]), [['blocking', a.id]]);
    assert.deepEqual(await relationRows(a), [['blocked_by', 'created', '', `SEED-${b.sequence_id}`, null, b.id]]);
    assert.deepEqual(await relationRows(b), [['blocking', 'created', '', `SEED-${a.sequence_id}`, null, a.id]]);

    const removed = await seed.actors.member.delete(`${urlOf(b)}/relations/${fromB[0].id}`);
    assert.equal(removed.status, 204);
    assert.deepEqual((await seed.actors.guest.get(`${urlOf(a)}/relations`)).body, []);
    assert.deepEqual((await relationRows(a)).at(-1), ['blocked_by', 'deleted', `SEED-${b.sequence_id}`, '', b.id, null]);
    assert.deepEqual((await relationRows(b)).at(-1), ['blocking', 'deleted', `SEED-${a.sequence_id}`, '', a.id, null]);
  });

  test('relates issues of another project the caller can open', async () => {
    const other = await seed.actors.admin.post(`${seed.workspaceUrl}/projects`, { name: 'Other', identifier: 'REL' });
    const otherUrl = `${seed.workspaceUrl}/projects/${other.body.id}`;
    const [a, far] = [await newIssue(), await newIssue(otherUrl)];
    const byAdmin = await seed.actors.admin.post(`${urlOf(a)}/relations`, { relation_type: 'duplicate', issue_ids: [far.id] });
    assert.equal(byAdmin.status, 201, byAdmin.text);
    assert.equal(byAdmin.body[0].issue.project__identifier, 'REL');
    assert.deepEqual(await relationRows(far, otherUrl), [['duplicate', 'created', '', `SEED-${a.sequence_id}`, null, a.id]]);
    // The member is not in the other project.
    const b = await newIssue();
    const far2 = await newIssue(otherUrl);
    const byMember = await seed.actors.member.post(`${urlOf(b)}/relations`, { relation_type: 'relates_to', issue_ids: [far2.id] });
    assert.equal(byMember.status, 400);
    assert.deepEqual(byMember.body, { error: 'Related issues must be issues of this workspace that you can open.' });
  });

  test('refuses itself, an already related pair (either side), no issues and bad types', async () => {
    const [a, b] = [await newIssue(), await newIssue()];
    const cases: [unknown, number, string][] = [
      [{ relation_type: 'relates_to', issue_ids: [a.id] }, 400, 'An issue cannot be related to itself.'],
      [{ relation_type: 'relates_to', issue_ids: [] }, 400, 'Please select at least one issue.'],
      [{ relation_type: 'parent_of', issue_ids: [b.id] }, 400, 'Relation type must be one of relates_to, blocking, blocked_by, duplicate'],
      [{ relation_type: 'relates_to', issue_ids: [randomUUID()] }, 400, 'Related issues must be issues of this workspace that you can open.'],
    ];
    for (const [body, status, error] of cases) {
      const response = await seed.actors.member.post(`${urlOf(a)}/relations`, body);
      assert.equal(response.status, status, JSON.stringify(body));
      assert.deepEqual(response.body, { error }, JSON.stringify(body));
    }
    assert.equal((await seed.actors.member.post(`${urlOf(a)}/relations`, { relation_type: 'relates_to', issue_ids: [b.id] })).status, 201);
    const again = await seed.actors.member.post(`${urlOf(b)}/relations`, { relation_type: 'blocking', issue_ids: [a.id] });
    assert.equal(again.status, 409);
    assert.deepEqual(again.body, { error: 'Some of these issues are already related to this one: remove that relation first.' });
    assert.equal((await seed.actors.member.delete(`${urlOf(a)}/relations/${randomUUID()}`)).status, 404);
  });

  test('authorization matrix: everyone lists, Member and up relate and unrelate', async () => {
    const a = await newIssue();
    const targets = { member: await newIssue(), admin: await newIssue() };
    await seed.expectMatrix('GET', `${urlOf(a)}/relations`, undefined, everyMember(200));
    await seed.expectMatrix(
      'POST',
      `${urlOf(a)}/relations`,
      (actor: Actor) => ({ relation_type: 'relates_to', issue_ids: [actor === 'admin' ? targets.admin.id : targets.member.id] }),
      membersAndAdmins(201),
    );
    const relations = (await seed.actors.guest.get(`${urlOf(a)}/relations`)).body as { id: string }[];
    await seed.expectMatrix('DELETE', `${urlOf(a)}/relations/${relations[0]!.id}`, undefined, {
      anonymous: 401,
      nonMember: 404,
      guest: 403,
      viewer: 403,
      member: 204,
      admin: 404,
    });
    assert.equal((await seed.actors.admin.delete(`${urlOf(a)}/relations/${relations[1]!.id}`)).status, 204);
  });
});
