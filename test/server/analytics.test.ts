// The workspace's analytics: its live, unarchived issues in the projects the reader can open,
// counted by state group, by project, by assignee and by label.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { everyMember, seedWorkspace, startServer, type Seed, type TestServer } from './harness.js';

let server: TestServer;
let seed: Seed;

before(async () => {
  server = await startServer();
  seed = await seedWorkspace(server);
});
after(() => server.close());

const url = () => `${seed.workspaceUrl}/analytics`;

async function stateOf(group: string): Promise<string> {
  const states = (await seed.actors.member.get(`${seed.projectUrl}/states`)).body as { id: string; group: string }[];
  return states.find((state) => state.group === group)!.id;
}

describe('GET /workspaces/:slug/analytics', () => {
  test('counts the issues the reader can open by state group, project, assignee and label', async () => {
    const { actors, users } = seed;
    const label = await actors.member.post(`${seed.projectUrl}/labels`, { name: 'Bug', color: '#ef4444' });
    assert.equal(label.status, 201, label.text);
    const done = await stateOf('completed');
    const create = async (fields: Record<string, unknown>) => {
      const created = await actors.member.post(`${seed.projectUrl}/issues`, { name: 'An issue', ...fields });
      assert.equal(created.status, 201, created.text);
      return created.body as { id: string };
    };
    await create({ assignee_ids: [users.member.id], label_ids: [label.body.id], state_id: done });
    await create({ assignee_ids: [users.member.id, users.admin.id] });
    await create({});
    const archived = await create({ state_id: done });
    assert.equal((await actors.member.post(`${seed.projectUrl}/issues/${archived.id}/archive`)).status, 200, 'archived: not counted');
    const deleted = await create({});
    assert.equal((await actors.member.delete(`${seed.projectUrl}/issues/${deleted.id}`)).status, 204, 'deleted: not counted');
    // A project the member is not in: the admin counts its issue, the member does not see it.
    const hidden = await actors.admin.post(`${seed.workspaceUrl}/projects`, { name: 'Admins only', identifier: 'ADM' });
    assert.equal(hidden.status, 201, hidden.text);
    assert.equal((await actors.admin.post(`${seed.workspaceUrl}/projects/${hidden.body.id}/issues`, { name: 'Secret' })).status, 201);

    const mine = await actors.member.get(url());
    assert.equal(mine.status, 200, mine.text);
    assert.equal(mine.body.states.total_issues, 3);
    assert.equal(mine.body.states.completed_issues, 1);
    assert.deepEqual(
      mine.body.projects.map((row: { identifier: string; total_issues: number; completed_issues: number }) => [row.identifier, row.total_issues, row.completed_issues]),
      [[seed.project.identifier, 3, 1]],
      "only the member's project",
    );
    const assignees = Object.fromEntries(mine.body.assignees.map((row: { assignee_id: string | null; total_issues: number; completed_issues: number }) => [row.assignee_id ?? 'none', [row.total_issues, row.completed_issues]]));
    assert.deepEqual(assignees, { [users.member.id]: [2, 1], [users.admin.id]: [1, 0], none: [1, 0] });
    const labels = Object.fromEntries(mine.body.labels.map((row: { label_name: string | null; total_issues: number; completed_issues: number }) => [row.label_name ?? 'none', [row.total_issues, row.completed_issues]]));
    assert.deepEqual(labels, { Bug: [1, 1], none: [2, 0] });

    const admins = await actors.admin.get(url());
    assert.equal(admins.body.states.total_issues, 4, "the admin's count has the other project's issue");
    assert.deepEqual(admins.body.projects.map((row: { name: string; total_issues: number }) => [row.name, row.total_issues]), [['Admins only', 1], [seed.project.name, 3]]);
  });

  test('authorization matrix: everyone in the workspace reads it', async () => {
    await seed.expectMatrix('GET', url(), undefined, everyMember(200));
  });
});
