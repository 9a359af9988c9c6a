import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { activityPageShape, ACTIVITY_PAGE_MAX, ACTIVITY_PAGE_SIZE } from '../../src/api-shapes/workspace-activity.js';
import { createApiClient } from '../../src/app/api/client.js';
import { issuesApi } from '../../src/app/api/issues.js';
import { workspaceActivityApi } from '../../src/app/api/workspace-activity.js';
import { workspacesApi } from '../../src/app/api/workspaces.js';
import { memberSummaryShape } from '../../src/api-shapes/member-summary.js';
import { ACTIVITY_LIMIT_RANGE } from '../../src/server/routes/workspace-activity.js';
import { everyMember, seedWorkspace, startServer, type Seed, type TestClient, type TestServer } from './harness.js';
import { assertShape } from './shape-check.js';

/**
 * The workspace's activity across its projects. The seed's guest, viewer and member belong to the
 * seed project (A) only; the hidden project (B) has the admin alone. Everything done in B must
 * stay out of what the others read, in any form.
 */

let server: TestServer;
let seed: Seed;
let hiddenProject: { id: string; identifier: string };
let hidden: { id: string; name: string; sequence_id: number };
/** A's issue the member made and changed. */
let landing: { id: string };
/** A's issue the admin related to B's: its relation row names B's issue. */
let related: { id: string; name: string };

const A_ONLY = ['guest', 'viewer', 'member'] as const;

async function newIssue(actor: TestClient, projectUrl: string, name: string, fields: Record<string, unknown> = {}) {
  const response = await actor.post(`${projectUrl}/issues`, { name, ...fields });
  assert.equal(response.status, 201, response.text);
  return response.body as { id: string; name: string; sequence_id: number };
}

/** GET the activity with `query` as `actor`, checked against its shape. */
async function activity(actor: TestClient, query = '') {
  const response = await actor.get(`${seed.workspaceUrl}/activities${query}`);
  assert.equal(response.status, 200, response.text);
  assertShape(activityPageShape, response.body, `activity${query}`);
  return { text: response.text, page: response.body as { activities: Row[]; next_before: string | null } };
}

interface Row {
  id: string;
  field: string | null;
  verb: string;
  issue: string;
  project: string;
  new_value: string | null;
  new_hidden: boolean;
  actor: { id: string } | null;
  created_at: string;
}

/** Every row `actor` can read, page after page of `limit`. */
async function everyRow(actor: TestClient, query: string, limit: number): Promise<Row[]> {
  const rows: Row[] = [];
  let before: string | null = null;
  do {
    const { page }: { page: { activities: Row[]; next_before: string | null } } = await activity(actor, `?limit=${limit}${query}${before ? `&before=${before}` : ''}`);
    assert.ok(page.activities.length <= limit);
    rows.push(...page.activities);
    before = page.next_before;
  } while (before);
  return rows;
}

function assertNoTraceOfHidden(text: string, what: string): void {
  for (const trace of [hidden.name, hidden.id, `${hiddenProject.identifier}-${hidden.sequence_id}`, hiddenProject.identifier, hiddenProject.id]) {
    assert.ok(!text.includes(trace), `${what} names ${JSON.stringify(trace)}: ${text.slice(0, 600)}`);
  }
}

before(async () => {
  server = await startServer();
  seed = await seedWorkspace(server);
  const created = await seed.actors.admin.post(`${seed.workspaceUrl}/projects`, { name: 'Hidden project', identifier: 'HIDN' });
  assert.equal(created.status, 201, created.text);
  hiddenProject = { id: created.body.id, identifier: created.body.identifier };
  const hiddenUrl = `${seed.workspaceUrl}/projects/${hiddenProject.id}`;
  hidden = await newIssue(seed.actors.admin, hiddenUrl, `Secret acquisition ${randomUUID().slice(0, 8)}`);
  assert.equal((await seed.actors.admin.patch(`${hiddenUrl}/issues/${hidden.id}`, { priority: 'urgent' })).status, 200);
  landing = await newIssue(seed.actors.member, seed.projectUrl, 'Draw the landing page');
  assert.equal((await seed.actors.member.patch(`${seed.projectUrl}/issues/${landing.id}`, { priority: 'high' })).status, 200);
  related = await newIssue(seed.actors.admin, seed.projectUrl, 'Related to the secret');
  const relate = await seed.actors.admin.post(`${seed.projectUrl}/issues/${related.id}/relations`, { relation_type: 'relates_to', issue_ids: [hidden.id] });
  assert.equal(relate.status, 201, relate.text);
});
after(() => server.close());

describe('GET /workspaces/:slug/activities', () => {
  test("answers its shape: the rows of the issues' feeds, newest first, each naming its issue and workspace", async () => {
    const { page } = await activity(seed.actors.admin);
    assert.equal(page.next_before, null);
    const times = page.activities.map((row) => Date.parse(row.created_at));
    assert.deepEqual(times, [...times].sort((a, b) => b - a));
    // Newest first, both sides of the relation included (each issue's feed has its own row).
    assert.deepEqual(
      page.activities.map((row) => [row.field, row.verb, row.issue]),
      [
        ['relates_to', 'created', hidden.id],
        ['relates_to', 'created', related.id],
        ['issue', 'created', related.id],
        ['priority', 'updated', landing.id],
        ['issue', 'created', landing.id],
        ['priority', 'updated', hidden.id],
        ['issue', 'created', hidden.id],
      ],
    );
  });

  test("a project's non-members never see its activity, nor the issues its rows name", async () => {
    for (const actor of A_ONLY) {
      const { text, page } = await activity(seed.actors[actor]);
      assertNoTraceOfHidden(text, `${actor}'s activity`);
      assert.deepEqual(
        page.activities.map((row) => [row.field, row.issue]),
        [
          ['relates_to', related.id],
          ['issue', related.id],
          ['priority', landing.id],
          ['issue', landing.id],
        ],
        `${actor} reads the seed project's activity alone`,
      );
      const relation = page.activities.find((row) => row.field === 'relates_to')!;
      assert.deepEqual([relation.new_value, relation.new_hidden], [null, true]);
      // Asked for the admin's activity alone, still only what the reader can open.
      const { text: theirs, page: admins } = await activity(seed.actors[actor], `?actor=${seed.users.admin.id}`);
      assertNoTraceOfHidden(theirs, `${actor}'s view of the admin's activity`);
      assert.deepEqual(new Set(admins.activities.map((row) => row.issue)), new Set([related.id]));
    }
  });

  test('someone who can open both sees the related issue named in full', async () => {
    const { page } = await activity(seed.actors.admin, `?actor=${seed.users.admin.id}`);
    const relation = page.activities.find((row) => row.field === 'relates_to' && row.issue === related.id)!;
    assert.equal(relation.new_hidden, false);
    assert.equal(relation.new_value, `${hiddenProject.identifier}-${hidden.sequence_id}`);
  });

  test("with actor, only that person's rows", async () => {
    const { page } = await activity(seed.actors.viewer, `?actor=${seed.users.member.id}`);
    assert.deepEqual(page.activities.map((row) => [row.field, row.actor?.id]), [
      ['priority', seed.users.member.id],
      ['issue', seed.users.member.id],
    ]);
    const nobody = await activity(seed.actors.viewer, `?actor=${seed.users.guest.id}`);
    assert.deepEqual(nobody.page, { activities: [], next_before: null });
  });

  test('pages follow each other without gaps or repeats, also when rows are written between two pages', async () => {
    const whole = (await activity(seed.actors.member)).page.activities.map((row) => row.id);
    const paged = await everyRow(seed.actors.member, '', 2);
    assert.deepEqual(paged.map((row) => row.id), whole);

    const first = await activity(seed.actors.member, '?limit=3');
    assert.deepEqual(first.page.activities.map((row) => row.id), whole.slice(0, 3));
    assert.equal(first.page.next_before, whole[2]);
    await newIssue(seed.actors.member, seed.projectUrl, 'Written between two pages');
    const second = await activity(seed.actors.member, `?limit=3&before=${first.page.next_before}`);
    assert.deepEqual(second.page.activities.map((row) => row.id), whole.slice(3, 6));
  });

  test(`reads ${ACTIVITY_PAGE_SIZE} rows when no limit is given`, async () => {
    const other = await seedWorkspace(server);
    for (let index = 0; index < 13; index++) {
      const issue = await newIssue(other.actors.member, other.projectUrl, `Busy ${index}`);
      assert.equal((await other.actors.member.patch(`${other.projectUrl}/issues/${issue.id}`, { priority: 'low' })).status, 200);
    }
    const response = await other.actors.guest.get(`${other.workspaceUrl}/activities`);
    assert.equal(response.status, 200, response.text);
    assert.equal(response.body.activities.length, ACTIVITY_PAGE_SIZE);
    assert.equal(response.body.next_before, response.body.activities.at(-1).id);
    const rest = await other.actors.guest.get(`${other.workspaceUrl}/activities?before=${response.body.next_before}`);
    assert.deepEqual([rest.body.activities.length, rest.body.next_before], [26 - ACTIVITY_PAGE_SIZE, null]);
    // Nothing of this workspace reaches another's, nor the other way round.
    const ours = (await activity(seed.actors.admin)).page.activities;
    assert.ok(ours.every((row) => row.project === seed.project.id || row.project === hiddenProject.id));
  });

  test('bad query parameters are 400 with a sentence, never read', async () => {
    const cases: Array<[string, string]> = [
      ['?actor=someone', 'Actor is not valid'],
      ['?before=12', 'Before is not valid'],
      ['?limit=ten', 'Limit is not valid'],
      ['?limit=-1', 'Limit is not valid'],
      ['?limit=0', ACTIVITY_LIMIT_RANGE],
      [`?limit=${ACTIVITY_PAGE_MAX + 1}`, ACTIVITY_LIMIT_RANGE],
      ['?project=all', 'Querystring has an unknown field "project"'],
    ];
    for (const [query, error] of cases) {
      const response = await seed.actors.member.get(`${seed.workspaceUrl}/activities${query}`);
      assert.equal(response.status, 400, `${query}: ${response.text}`);
      assert.deepEqual(response.body, { error }, query);
    }
    // An unknown row to start after ends the feed.
    assert.deepEqual((await activity(seed.actors.member, `?before=${randomUUID()}`)).page, { activities: [], next_before: null });
  });

  test("a request waiting in a project's inbox shows in nobody's activity until it is accepted", async () => {
    assert.equal((await seed.actors.admin.patch(seed.projectUrl, { inbox_view: true })).status, 200);
    const filed = await seed.actors.guest.post(`${seed.projectUrl}/intake-issues`, { name: `Please add dark mode ${randomUUID().slice(0, 6)}` });
    assert.equal(filed.status, 201, filed.text);
    for (const actor of ['guest', 'member', 'admin'] as const) {
      const { text } = await activity(seed.actors[actor]);
      assert.ok(!text.includes(filed.body.issue_id), `${actor} reads the waiting request's activity`);
    }
    const accepted = await seed.actors.member.patch(`${seed.projectUrl}/intake-issues/${filed.body.id}`, { status: 'accepted' });
    assert.equal(accepted.status, 200, accepted.text);
    const { page } = await activity(seed.actors.guest, `?actor=${seed.users.guest.id}`);
    assert.ok(page.activities.some((row) => row.issue === filed.body.issue_id), 'the accepted request is an issue like any other');
  });

  test("the app's own calls for the dashboard and a profile are what the server accepts", async () => {
    const client = createApiClient({
      fetch: async (input, init) => {
        const answer = await seed.actors.member.request(init?.method ?? 'GET', String(input));
        return new Response(answer.status === 204 ? null : answer.text, { status: answer.status, headers: answer.headers });
      },
    });
    const slug = seed.workspace.slug;
    const first = await workspaceActivityApi(client).list(slug, { limit: 2 });
    assertShape(activityPageShape, first, 'the first page');
    const next = await workspaceActivityApi(client).list(slug, { actor: seed.users.member.id, before: first.next_before!, limit: 2 });
    assertShape(activityPageShape, next, 'a page of one person');
    assert.ok(next.activities.every((row) => row.actor?.id === seed.users.member.id));
    assertShape(memberSummaryShape, await workspacesApi(client).memberSummary(slug, seed.users.admin.id), 'the summary');
    const created = await issuesApi(client).workspaceTab(slug, 'created', { user: seed.users.admin.id, limit: 50, offset: 0 });
    assert.deepEqual(created.issues.map((issue) => issue.id), [related.id]);
  });

  test('authorization matrix: everyone in the workspace', async () => {
    await seed.expectMatrix('GET', `${seed.workspaceUrl}/activities`, undefined, everyMember(200));
  });

  test("a deleted issue's rows still name it as it was, for those who could open it alone", async () => {
    const gone = await newIssue(seed.actors.member, seed.projectUrl, `Retired banner ${randomUUID().slice(0, 6)}`);
    assert.equal((await seed.actors.member.delete(`${seed.projectUrl}/issues/${gone.id}`)).status, 204);
    const hiddenUrl = `${seed.workspaceUrl}/projects/${hiddenProject.id}`;
    const secret = await newIssue(seed.actors.admin, hiddenUrl, `Secret merger ${randomUUID().slice(0, 8)}`);
    assert.equal((await seed.actors.admin.delete(`${hiddenUrl}/issues/${secret.id}`)).status, 204);
    type Named = Row & { issue_detail: unknown; deleted_issue_detail: unknown };
    const rowsOf = (page: { activities: Row[] }, issueId: string) => (page.activities as Named[]).filter((row) => row.issue === issueId);
    for (const actor of ['guest', 'member', 'admin'] as const) {
      const { text, page } = await activity(seed.actors[actor], '?limit=10');
      const rows = rowsOf(page, gone.id);
      assert.deepEqual(rows.map((row) => [row.field, row.verb]), [['issue', 'deleted'], ['issue', 'created']], actor);
      for (const row of rows) assert.deepEqual([row.issue_detail, row.deleted_issue_detail], [null, { name: gone.name, sequence_id: gone.sequence_id }], actor);
      if (actor !== 'admin') assert.ok(!text.includes(secret.name) && !text.includes(secret.id), `${actor} reads of the hidden project's deleted issue`);
    }
    const { page } = await activity(seed.actors.admin, '?limit=10');
    assert.deepEqual(rowsOf(page, secret.id).map((row) => row.deleted_issue_detail), [secret, secret].map(({ name, sequence_id }) => ({ name, sequence_id })));
  });
});
