import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { activityShape } from '../../src/api-shapes/activity.js';
import { recordIssueActivity } from '../../src/server/issues/activity.js';
import { seedWorkspace, startServer, type Seed, type TestServer } from './harness.js';
import { shapeKeys } from './shape-check.js';

let server: TestServer;
let seed: Seed;

before(async () => {
  server = await startServer();
  seed = await seedWorkspace(server);
});
after(() => server.close());

const ROW_KEYS = shapeKeys(activityShape);

async function newIssue(fields: Record<string, unknown> = {}) {
  const response = await seed.actors.member.post(`${seed.projectUrl}/issues`, { name: `Issue ${randomUUID().slice(0, 6)}`, ...fields });
  assert.equal(response.status, 201, response.text);
  return response.body;
}

describe('GET …/issues/:issueId/activities', () => {
  test('answers the spec\'s shape exactly, oldest first', async () => {
    const issue = await newIssue();
    const url = `${seed.projectUrl}/issues/${issue.id}`;
    await seed.actors.member.patch(url, { priority: 'medium' });
    await seed.actors.admin.patch(url, { name: 'Renamed by admin' });
    const response = await seed.actors.guest.get(`${url}/activities`);
    assert.equal(response.status, 200);
    const [created, priority, name] = response.body;
    for (const row of response.body) assert.deepEqual(Object.keys(row).sort(), ROW_KEYS);
    assert.deepEqual(
      { ...created, id: undefined, created_at: undefined },
      {
        id: undefined,
        created_at: undefined,
        field: 'issue',
        verb: 'created',
        old_value: null,
        new_value: issue.name,
        old_identifier: null,
        new_identifier: null,
        old_hidden: false,
        new_hidden: false,
        issue: issue.id,
        issue_detail: { name: 'Renamed by admin', sequence_id: issue.sequence_id },
        deleted_issue_detail: null,
        project: seed.project.id,
        project_detail: { identifier: 'SEED' },
        workspace_detail: { slug: seed.workspace.slug },
        actor: { id: seed.users.member.id, display_name: 'member', first_name: '', is_bot: false, avatar: null },
      },
    );
    assert.match(created.created_at, /^\d{4}-\d\d-\d\dT/);
    assert.deepEqual([priority.field, priority.verb, priority.old_value, priority.new_value], ['priority', 'updated', 'none', 'medium']);
    assert.deepEqual([name.field, name.old_value, name.new_value, name.actor.display_name], ['name', issue.name, 'Renamed by admin', 'admin']);
    const times = response.body.map((row: { created_at: string }) => Date.parse(row.created_at));
    assert.deepEqual(times, [...times].sort((a, b) => a - b));
  });

  test('rows written in one change keep their order', async () => {
    const labels = [];
    for (const name of ['one', 'two', 'three']) {
      labels.push((await seed.actors.member.post(`${seed.projectUrl}/labels`, { name: `${name}-${randomUUID().slice(0, 4)}` })).body);
    }
    const issue = await newIssue();
    await seed.actors.member.patch(`${seed.projectUrl}/issues/${issue.id}`, {
      name: 'All at once',
      priority: 'low',
      label_ids: labels.map((label) => label.id),
      assignee_ids: [seed.users.member.id, seed.users.admin.id],
    });
    const rows = (await seed.actors.guest.get(`${seed.projectUrl}/issues/${issue.id}/activities`)).body;
    assert.deepEqual(rows.map((row: { field: string }) => row.field), ['issue', 'name', 'priority', 'assignees', 'assignees', 'labels', 'labels', 'labels']);
  });

  test('the actor is null once their account is gone', async () => {
    const client = server.client();
    const user = await client.signUp();
    await seed.actors.admin.post(`${seed.workspaceUrl}/members`, { email: user.email, role: 15 });
    await seed.actors.admin.post(`${seed.projectUrl}/members`, { user_id: user.id, role: 15 });
    const issue = (await client.post(`${seed.projectUrl}/issues`, { name: 'Orphan' })).body;
    await server.db.query('DELETE FROM users WHERE id = $1', [user.id]);
    const rows = (await seed.actors.guest.get(`${seed.projectUrl}/issues/${issue.id}/activities`)).body;
    assert.equal(rows[0].actor, null);
  });

  test('a deleted issue\'s feed stays readable, with issue_detail null ("This issue has been deleted") and its name as it was', async () => {
    const issue = await newIssue();
    await seed.actors.member.delete(`${seed.projectUrl}/issues/${issue.id}`);
    const rows = (await seed.actors.guest.get(`${seed.projectUrl}/issues/${issue.id}/activities`)).body;
    assert.deepEqual(rows.map((row: { field: string; verb: string }) => [row.field, row.verb]), [['issue', 'created'], ['issue', 'deleted']]);
    assert.ok(rows.every((row: { issue_detail: unknown }) => row.issue_detail === null));
    const was = { name: issue.name, sequence_id: issue.sequence_id };
    assert.deepEqual(rows.map((row: { deleted_issue_detail: unknown }) => row.deleted_issue_detail), [was, was]);
  });

  test('404 for an issue of another project or none', async () => {
    const other = await seedWorkspace(server);
    const foreign = (await other.actors.member.post(`${other.projectUrl}/issues`, { name: 'foreign' })).body;
    assert.equal((await seed.actors.admin.get(`${seed.projectUrl}/issues/${foreign.id}/activities`)).status, 404);
    assert.equal((await seed.actors.admin.get(`${seed.projectUrl}/issues/${randomUUID()}/activities`)).status, 404);
  });

  test('authorization matrix: everyone in the project', async () => {
    const issue = await newIssue();
    await seed.expectMatrix('GET', `${seed.projectUrl}/issues/${issue.id}/activities`, undefined, {
      anonymous: 401,
      nonMember: 404,
      guest: 200,
      viewer: 200,
      member: 200,
      admin: 200,
    });
  });
});

describe('recordIssueActivity', () => {
  test('records cycle and module rows in the caller\'s transaction, shown by the feed', async () => {
    const issue = await newIssue();
    const cycleId = randomUUID();
    const ref = { id: issue.id, project_id: seed.project.id, workspace_id: seed.workspace.id };
    await server.db.transaction(async (tx) => {
      await recordIssueActivity(tx, { issue: ref, actorId: seed.users.admin.id, field: 'cycles', verb: 'created', newValue: 'Sprint 1', newIdentifier: cycleId });
      await recordIssueActivity(tx, { issue: ref, actorId: seed.users.admin.id, field: 'modules', verb: 'deleted', oldValue: 'Auth', oldIdentifier: cycleId });
    });
    await assert.rejects(
      server.db.transaction(async (tx) => {
        await recordIssueActivity(tx, { issue: ref, actorId: null, field: 'cycles', verb: 'updated', oldValue: 'a', newValue: 'b' });
        throw new Error('the change failed');
      }),
      /the change failed/,
    );
    const rows = (await seed.actors.guest.get(`${seed.projectUrl}/issues/${issue.id}/activities`)).body.slice(1);
    assert.deepEqual(
      rows.map((row: Record<string, unknown>) => [row.field, row.verb, row.old_value, row.new_value, row.old_identifier, row.new_identifier, (row.actor as { id: string }).id]),
      [
        ['cycles', 'created', null, 'Sprint 1', null, cycleId, seed.users.admin.id],
        ['modules', 'deleted', 'Auth', null, cycleId, null, seed.users.admin.id],
      ],
    );
  });
});
