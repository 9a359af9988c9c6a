// Making a copy of an issue (POST …/issues/:issueId/copy): the copy takes the issue's fields,
// its modules and its running cycle, and images of its own, so removing one from either issue
// leaves the other's.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { copyName } from '../../src/api-shapes/issue-copy.js';
import { membersAndAdmins, PNG, seedWorkspace, startServer, type Seed, type TestServer } from './harness.js';

let server: TestServer;
let seed: Seed;

before(async () => {
  server = await startServer();
  seed = await seedWorkspace(server);
});
after(() => server.close());

async function uploadImage(): Promise<{ id: string; asset: string }> {
  const data = new FormData();
  data.append('attributes', JSON.stringify({ entity_type: 'ISSUE_DESCRIPTION' }));
  data.append('asset', new Blob([PNG], { type: 'image/png' }), 'plan.png');
  const response = await seed.actors.member.post(`${seed.workspaceUrl}/file-assets/`, data);
  assert.equal(response.status, 201, response.text);
  return response.body;
}

async function served(url: string): Promise<{ status: number; bytes: Buffer }> {
  const response = await fetch(server.url + url, { headers: { cookie: `session=${seed.actors.member.cookie('session')}` } });
  return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
}

async function created(url: string, body: unknown): Promise<any> {
  const response = await seed.actors.admin.post(url, body);
  assert.equal(response.status, 201, response.text);
  return response.body;
}

test('the copy takes the fields, modules, running cycle and a copy of each image; the rest stays with the original', async () => {
  const label = await created(`${seed.projectUrl}/labels`, { name: 'copied', color: '#ff0000' });
  const parent = await created(`${seed.projectUrl}/issues`, { name: 'Parent' });
  const module = await created(`${seed.projectUrl}/modules`, { name: 'Checkout' });
  const cycle = await created(`${seed.projectUrl}/cycles`, { name: 'Now', start_date: '2020-01-01', end_date: '2099-12-31' });
  const image = await uploadImage();
  const original = await created(`${seed.projectUrl}/issues`, {
    name: 'Fix the login',
    description_html: `<p>Steps</p><img src="${image.asset}" alt="plan">`,
    priority: 'high',
    assignee_ids: [seed.users.member.id],
    label_ids: [label.id],
    start_date: '2026-01-05',
    target_date: '2026-01-09',
    parent_id: parent.id,
  });
  const issueUrl = `${seed.projectUrl}/issues/${original.id}`;
  assert.equal((await seed.actors.admin.post(`${seed.projectUrl}/modules/${module.id}/module-issues`, { issues: [original.id] })).status, 200);
  assert.equal((await seed.actors.admin.post(`${seed.projectUrl}/cycles/${cycle.id}/cycle-issues`, { issues: [original.id] })).status, 200);
  await created(`${issueUrl}/comments`, { comment_html: '<p>Stays here</p>' });

  const response = await seed.actors.member.post(`${issueUrl}/copy`);
  assert.equal(response.status, 201, response.text);
  const copy = response.body;
  assert.notEqual(copy.id, original.id);
  assert.equal(copy.sequence_id, original.sequence_id + 1);
  assert.equal(copy.name, 'Fix the login (copy)');
  for (const field of ['priority', 'state_id', 'assignee_ids', 'label_ids', 'start_date', 'target_date', 'parent_id', 'module_ids'] as const) {
    assert.deepEqual(copy[field], (await seed.actors.member.get(issueUrl)).body[field], field);
  }
  assert.equal(copy.cycle_id, cycle.id);
  assert.equal(copy.created_by, seed.users.member.id);

  // The image is the copy's own: another address, the same bytes, tied to the copy.
  const copiedAsset = /src="([^"]+)"/.exec(copy.description_html)![1]!;
  assert.notEqual(copiedAsset, image.asset);
  assert.equal(copy.description_html.replace(copiedAsset, image.asset), (await seed.actors.member.get(issueUrl)).body.description_html);
  assert.deepEqual((await served(copiedAsset)).bytes, PNG);
  const copiedId = copiedAsset.split('/').at(-1)!;
  const row = await server.db.one<{ attributes: Record<string, string>; created_by: string }>('SELECT attributes, created_by FROM file_assets WHERE id = $1', [copiedId]);
  assert.deepEqual(row, { attributes: { entity_type: 'ISSUE_DESCRIPTION', entity_identifier: copy.id }, created_by: seed.users.member.id });
  // Removing the copy's image (as its editor does) leaves the original's.
  assert.equal((await seed.actors.member.delete(copiedAsset)).status, 204);
  assert.equal((await served(copiedAsset)).status, 404);
  assert.deepEqual((await served(image.asset)).bytes, PNG);

  // Comments and the original's activity stay with it; the copy's history starts with its creation.
  assert.deepEqual((await seed.actors.member.get(`${seed.projectUrl}/issues/${copy.id}/comments`)).body, []);
  const activity = await server.db.query<{ field: string; verb: string }>('SELECT field, verb FROM issue_activities WHERE issue_id = $1 ORDER BY created_at, position', [copy.id]);
  assert.deepEqual(activity.map((row) => `${row.field} ${row.verb}`).slice(0, 1), ['issue created']);

  // An ended cycle is not joined.
  await server.db.query("UPDATE cycles SET start_date = '2020-01-01', end_date = '2020-01-31' WHERE id = $1", [cycle.id]);
  const later = await seed.actors.member.post(`${issueUrl}/copy`);
  assert.deepEqual([later.body.cycle_id, later.body.module_ids], [null, [module.id]]);
});

test('who may copy, and what is refused', async () => {
  const issue = await created(`${seed.projectUrl}/issues`, { name: 'Copied by whom' });
  const url = `${seed.projectUrl}/issues/${issue.id}/copy`;
  await seed.expectMatrix('POST', url, undefined, membersAndAdmins(201));
  const missing = await seed.actors.member.post(`${seed.projectUrl}/issues/00000000-0000-4000-8000-000000000000/copy`);
  assert.deepEqual([missing.status, missing.body.error], [404, 'Issue not found.']);
  // An archived issue is copied into a live one.
  assert.equal((await seed.actors.member.post(`${seed.projectUrl}/issues/${issue.id}/archive`)).status, 200);
  const fromArchived = await seed.actors.member.post(url);
  assert.deepEqual([fromArchived.status, fromArchived.body.archived_at], [201, null]);
});

test("a copy's name keeps within the longest name", () => {
  assert.equal(copyName('Plan'), 'Plan (copy)');
  const long = copyName('x'.repeat(255));
  assert.equal(long.length, 255);
  assert.ok(long.endsWith('x (copy)'));
});
