import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { memberSummaryShape } from '../../src/api-shapes/member-summary.js';
import { SUMMARY_MEMBER_NOT_FOUND } from '../../src/server/routes/member-summary.js';
import { TAB_USER_WITHOUT_TAB } from '../../src/server/routes/issue-tabs.js';
import { everyMember, seedWorkspace, startServer, type Seed, type TestClient, type TestServer } from './harness.js';
import { assertShape } from './shape-check.js';

/**
 * A member's profile: their issues in numbers and in lists. The seed's guest, viewer and member
 * belong to the seed project (A) only; the hidden project (B) has the admin alone, whose issues
 * there count for nobody else.
 */

let server: TestServer;
let seed: Seed;
let hiddenUrl: string;
/** The member's issues in A: created by them, one assigned to the viewer. */
let mine: { id: string }[];
/** A's issue the admin created, assigned to the member and then archived (it counts no more). */
let archived: { id: string };

async function newIssue(actor: TestClient, projectUrl: string, fields: Record<string, unknown>) {
  const response = await actor.post(`${projectUrl}/issues`, { name: `Issue ${randomUUID().slice(0, 6)}`, ...fields });
  assert.equal(response.status, 201, response.text);
  return response.body as { id: string; name: string };
}

async function summary(actor: TestClient, userId: string) {
  const response = await actor.get(`${seed.workspaceUrl}/members/${userId}/summary`);
  assert.equal(response.status, 200, response.text);
  assertShape(memberSummaryShape, response.body, 'summary');
  return response.body;
}

before(async () => {
  server = await startServer();
  seed = await seedWorkspace(server);
  const project = await seed.actors.admin.post(`${seed.workspaceUrl}/projects`, { name: 'Hidden project', identifier: 'HIDN' });
  assert.equal(project.status, 201, project.text);
  hiddenUrl = `${seed.workspaceUrl}/projects/${project.body.id}`;
  const states = (await seed.actors.admin.get(`${seed.projectUrl}/states`)).body as { id: string; group: string }[];
  const started = states.find((state) => state.group === 'started')!;
  const { member, admin } = seed.users;
  mine = [
    await newIssue(seed.actors.member, seed.projectUrl, { priority: 'urgent', state_id: started.id, assignee_ids: [member.id] }),
    await newIssue(seed.actors.member, seed.projectUrl, { priority: 'low', assignee_ids: [member.id] }),
    await newIssue(seed.actors.member, seed.projectUrl, { assignee_ids: [seed.users.viewer.id] }),
  ];
  await newIssue(seed.actors.admin, seed.projectUrl, { priority: 'high', assignee_ids: [member.id] });
  archived = await newIssue(seed.actors.admin, seed.projectUrl, { priority: 'high', assignee_ids: [member.id] });
  assert.equal((await seed.actors.admin.post(`${seed.projectUrl}/issues/${archived.id}/archive`)).status, 200);
  await newIssue(seed.actors.admin, hiddenUrl, { priority: 'urgent', assignee_ids: [admin.id] });
});
after(() => server.close());

describe('GET /workspaces/:slug/members/:userId/summary', () => {
  test('counts the assigned, created and subscribed issues, and the assigned ones by state group and priority', async () => {
    const body = await summary(seed.actors.guest, seed.users.member.id);
    assert.deepEqual(body, {
      assigned_issues: 3,
      created_issues: 3,
      // Creators and assignees subscribe: their own three and the admin's one assigned to them.
      subscribed_issues: 4,
      states: { backlog_issues: 2, unstarted_issues: 0, started_issues: 1, completed_issues: 0, cancelled_issues: 0, total_issues: 3 },
      priorities: { urgent: 1, high: 1, medium: 0, low: 1, none: 0 },
    });
  });

  test("counts only what the reader can open: another project's issues never show, nor archived ones", async () => {
    for (const actor of ['guest', 'viewer', 'member'] as const) {
      const body = await summary(seed.actors[actor], seed.users.admin.id);
      assert.deepEqual([body.assigned_issues, body.created_issues, body.priorities.urgent], [0, 1, 0], actor);
    }
    const own = await summary(seed.actors.admin, seed.users.admin.id);
    assert.deepEqual([own.assigned_issues, own.created_issues, own.priorities.urgent], [1, 2, 1]);
  });

  test('404 for someone outside the workspace, 400 for an id that is not one', async () => {
    const stranger = await seed.actors.member.get(`${seed.workspaceUrl}/members/${seed.users.nonMember.id}/summary`);
    assert.deepEqual([stranger.status, stranger.body], [404, { error: SUMMARY_MEMBER_NOT_FOUND }]);
    const nobody = await seed.actors.member.get(`${seed.workspaceUrl}/members/${randomUUID()}/summary`);
    assert.equal(nobody.status, 404);
    const bad = await seed.actors.member.get(`${seed.workspaceUrl}/members/me/summary`);
    assert.deepEqual([bad.status, bad.body], [400, { error: 'User id is not valid' }]);
  });

  test('authorization matrix: everyone in the workspace', async () => {
    await seed.expectMatrix('GET', `${seed.workspaceUrl}/members/${seed.users.member.id}/summary`, undefined, everyMember(200));
  });
});

describe('GET /workspaces/:slug/issues with user: a profile\'s lists', () => {
  const tab = async (actor: TestClient, query: string) => {
    const response = await actor.get(`${seed.workspaceUrl}/issues?${query}`);
    assert.equal(response.status, 200, response.text);
    return { ids: (response.body as { id: string }[]).map((issue) => issue.id), total: response.headers.get('x-total-count') };
  };

  test("lists another person's created, assigned and subscribed issues", async () => {
    const created = await tab(seed.actors.viewer, `tab=created&user=${seed.users.member.id}`);
    assert.deepEqual(new Set(created.ids), new Set(mine.map((issue) => issue.id)));
    assert.equal(created.total, '3');
    const assigned = await tab(seed.actors.member, `tab=assigned&user=${seed.users.viewer.id}`);
    assert.deepEqual(assigned.ids, [mine[2]!.id]);
    const subscribed = await tab(seed.actors.guest, `tab=subscribed&user=${seed.users.viewer.id}&priority=none`);
    assert.deepEqual(subscribed.ids, [mine[2]!.id]);
    // Without user, the tab is still the caller's own.
    assert.deepEqual((await tab(seed.actors.viewer, 'tab=assigned')).ids, [mine[2]!.id]);
  });

  test('only among the issues the caller can open', async () => {
    assert.deepEqual((await tab(seed.actors.member, `tab=assigned&user=${seed.users.admin.id}`)).ids, []);
    assert.equal((await tab(seed.actors.admin, `tab=assigned&user=${seed.users.admin.id}`)).ids.length, 1);
  });

  test('a user with all-issues, or one that is not an id, is 400', async () => {
    const all = await seed.actors.member.get(`${seed.workspaceUrl}/issues?user=${seed.users.admin.id}`);
    assert.deepEqual([all.status, all.body], [400, { error: TAB_USER_WITHOUT_TAB }]);
    const bad = await seed.actors.member.get(`${seed.workspaceUrl}/issues?tab=created&user=admin`);
    assert.deepEqual([bad.status, bad.body], [400, { error: 'User is not valid' }]);
  });
});
