import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { Value } from 'typebox/value';
import { cycleDetailShape, cycleShape } from '../../src/api-shapes/cycle.js';
import { descriptionShape } from '../../src/api-shapes/description.js';
import { issueRowShape } from '../../src/api-shapes/issue.js';
import { issueListQueryShape, type IssueListQuery } from '../../src/api-shapes/issue-list-query.js';
import { moduleDetailShape, moduleShape } from '../../src/api-shapes/module.js';
import { pageShape, pageSummaryShape } from '../../src/api-shapes/page.js';
import { stateCountsShape } from '../../src/api-shapes/planning.js';
import { countsByStateGroup, STATE_GROUPS, stateCountKey } from '../../src/api-shapes/state-groups.js';
import { createApiClient } from '../../src/app/api/client.js';
import { issuesApi } from '../../src/app/api/issues.js';
import { pagesApi } from '../../src/app/api/pages.js';
import { planningApi } from '../../src/app/api/planning.js';
import { STATE_COUNT_SQL, stateCountsJoin } from '../../src/server/planning/state-counts.js';
import { CYCLE_GROUP } from '../../src/server/planning/issue-group.js';
import { assertShape } from './shape-check.js';
import { seedWorkspace, startServer, type Seed, type TestClient, type TestServer } from './harness.js';

let server: TestServer;
let seed: Seed;

before(async () => {
  server = await startServer();
  seed = await seedWorkspace(server);
});
after(() => server.close());

/**
 * The app's own API modules talking to the test server as `actor`: what they send is typed from
 * the shapes, so a body or query the server would refuse does not compile, and one it refuses
 * at run time fails here. Every path the app asked for is kept in `sent`.
 */
function appApi(actor: TestClient) {
  const sent: string[] = [];
  const client = createApiClient({
    fetch: async (input, init) => {
      const path = String(input);
      sent.push(path);
      const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
      const answer = await actor.request(init?.method ?? 'GET', path, body);
      return new Response(answer.status === 204 ? null : answer.text, { status: answer.status, headers: answer.headers });
    },
  });
  return { issues: issuesApi(client), pages: pagesApi(client), planning: planningApi(client), sent };
}

describe('cycle, module, page and description answers match their shapes (src/api-shapes)', () => {
  let issueIds: string[];

  before(async () => {
    const { admin, member } = seed.actors;
    const label = await member.post(`${seed.projectUrl}/labels`, { name: 'shape-b-label', color: '#0000aa' });
    assert.equal(label.status, 201, label.text);
    const states = await admin.get(`${seed.projectUrl}/states`);
    const done = states.body.find((state: { group: string }) => state.group === 'completed');
    // One issue with an assignee, a label and a completed state; one with neither: both null rows of the distribution.
    const full = await member.post(`${seed.projectUrl}/issues`, {
      name: 'Planned and done',
      priority: 'high',
      state_id: done.id,
      assignee_ids: [seed.users.member.id],
      label_ids: [label.body.id],
    });
    assert.equal(full.status, 201, full.text);
    const bare = await member.post(`${seed.projectUrl}/issues`, { name: 'Planned, bare' });
    assert.equal(bare.status, 201, bare.text);
    issueIds = [full.body.id, bare.body.id];
  });

  test('cycles: listed, created, read with their distribution and chart, changed', async () => {
    const app = appApi(seed.actors.member);
    const dated = await app.planning.group('cycles').create(seed.workspace.slug, seed.project.id, { name: 'Shaped cycle', start_date: '2025-03-01', end_date: '2025-03-05' });
    assertShape(cycleShape, dated, 'POST cycle');
    const draft = await app.planning.group('cycles').create(seed.workspace.slug, seed.project.id, { name: 'Draft cycle' });
    assertShape(cycleShape, draft, 'POST draft cycle');
    const issues = await app.planning.group('cycles').addIssues(seed.workspace.slug, seed.project.id, dated.id, issueIds);
    for (const row of issues) assertShape(issueRowShape, row, `cycle issue ${row.name}`);

    const list = await app.planning.group('cycles').list(seed.workspace.slug, seed.project.id);
    assert.equal(list.length, 2);
    for (const cycle of list) assertShape(cycleShape, cycle, `listed cycle ${cycle.name}`);

    const detail = await app.planning.group('cycles').get(seed.workspace.slug, seed.project.id, dated.id);
    assertShape(cycleDetailShape, detail, 'GET cycle');
    assert.equal(detail.total_issues, 2);
    assert.deepEqual(detail.distribution.assignees.map((row) => row.assignee_id), [seed.users.member.id, null]);
    assert.deepEqual(detail.distribution.labels.map((row) => row.label_name), ['shape-b-label', null]);
    assert.equal(Object.keys(detail.distribution.completion_chart ?? {}).length, 5);
    const undated = await app.planning.group('cycles').get(seed.workspace.slug, seed.project.id, draft.id);
    assertShape(cycleDetailShape, undated, 'GET draft cycle');
    assert.equal('completion_chart' in undated.distribution, false);

    const changed = await app.planning.group('cycles').update(seed.workspace.slug, seed.project.id, draft.id, { description: 'Next', end_date: null });
    assertShape(cycleShape, changed, 'PATCH cycle');
  });

  test('modules: listed, created with a lead and status, read with their distribution, changed', async () => {
    const app = appApi(seed.actors.member);
    const created = await app.planning.group('modules').create(seed.workspace.slug, seed.project.id, {
      name: 'Shaped module',
      status: 'in-progress',
      lead_id: seed.users.member.id,
      start_date: '2025-03-01',
      target_date: '2025-03-03',
    });
    assertShape(moduleShape, created, 'POST module');
    const issues = await app.planning.group('modules').addIssues(seed.workspace.slug, seed.project.id, created.id, issueIds);
    for (const row of issues) assertShape(issueRowShape, row, `module issue ${row.name}`);
    for (const module of await app.planning.group('modules').list(seed.workspace.slug, seed.project.id)) assertShape(moduleShape, module, `listed module ${module.name}`);
    const detail = await app.planning.group('modules').get(seed.workspace.slug, seed.project.id, created.id);
    assertShape(moduleDetailShape, detail, 'GET module');
    assert.equal(detail.distribution.assignees.length, 2);
    const changed = await app.planning.group('modules').update(seed.workspace.slug, seed.project.id, created.id, { status: 'paused', lead_id: null });
    assertShape(moduleShape, changed, 'PATCH module');
    assert.equal(changed.lead_id, null);
  });

  test('pages: created, listed, read, changed, archived and restored; their content by version', async () => {
    const app = appApi(seed.actors.member);
    const created = await app.planning.createPage(seed.workspace.slug, seed.project.id, { name: 'Shaped page', access: 'private' });
    // A new page comes back with its content, as one page's address answers.
    assertShape(pageShape, created, 'POST page');
    for (const type of [undefined, 'private', 'public', 'archived'] as const) {
      for (const page of await app.planning.pages(seed.workspace.slug, seed.project.id, type)) assertShape(pageSummaryShape, page, `page listed (${type})`);
    }
    assertShape(pageShape, await app.pages.get(seed.workspace.slug, seed.project.id, created.id), 'GET page');
    assertShape(pageShape, await app.pages.update(seed.workspace.slug, seed.project.id, created.id, { access: 'public' }), 'PATCH page');
    const saved = await app.pages.saveDescription(seed.workspace.slug, seed.project.id, created.id, { description_html: '<p>Shaped</p>', version: created.description_version });
    assertShape(descriptionShape, saved, 'PUT page description');
    const archived = await app.pages.archive(seed.workspace.slug, seed.project.id, created.id);
    assertShape(pageShape, archived, 'archived page');
    assert.notEqual(archived.archived_at, null);
    const listed = await app.planning.pages(seed.workspace.slug, seed.project.id, 'archived');
    assert.deepEqual(listed.map((page) => page.id), [created.id]);
    assertShape(pageShape, await app.pages.restore(seed.workspace.slug, seed.project.id, created.id), 'restored page');

    const issueDescription = await seed.actors.guest.get(`${seed.projectUrl}/issues/${issueIds[0]}/description`);
    assertShape(descriptionShape, issueDescription.body, 'GET issue description');
    const issueSaved = await app.issues.saveDescription(seed.workspace.slug, seed.project.id, issueIds[0]!, { description_html: '<p>Shaped</p>', version: 1 });
    assertShape(descriptionShape, issueSaved, 'PUT issue description');
  });

  test('the check itself refuses a cycle that drifted from its shape', async () => {
    const app = appApi(seed.actors.guest);
    const [listed] = await app.planning.group('cycles').list(seed.workspace.slug, seed.project.id);
    const detail = await app.planning.group('cycles').get(seed.workspace.slug, seed.project.id, listed!.id);
    const { owned_by: _, ...missing } = detail;
    assert.throws(() => assertShape(cycleDetailShape, missing, 'missing'), /owned_by/);
    assert.throws(() => assertShape(cycleShape, detail, 'a detail is not a listed cycle'), /additional/i);
    assert.throws(
      () => assertShape(cycleDetailShape, { ...detail, distribution: { ...detail.distribution, assignees: [{ ...detail.distribution.assignees[0], avatar: 3 }] } }, 'nested'),
      /avatar/,
    );
  });
});

describe('counts by state group (src/api-shapes/state-groups.ts)', () => {
  test("the server's count columns are the shape's, one per state group and the total", () => {
    assert.deepEqual(Object.keys(STATE_COUNT_SQL), Object.keys(stateCountsShape.properties));
    assert.deepEqual(Object.keys(stateCountsShape.properties), ['backlog_issues', 'unstarted_issues', 'started_issues', 'completed_issues', 'cancelled_issues', 'total_issues']);
    const join = stateCountsJoin(CYCLE_GROUP, 'c.id');
    for (const group of STATE_GROUPS) assert.match(join, new RegExp(`s\\."group" = '${group}'\\) AS ${stateCountKey(group)}\\b`));
  });

  test("countsByStateGroup reads a cycle's counts by group, as the breakdown's state bars draw them", async () => {
    const cycles = await seed.actors.guest.get(`${seed.projectUrl}/cycles`);
    const dated = cycles.body.find((cycle: { name: string }) => cycle.name === 'Shaped cycle');
    const counts = countsByStateGroup(dated);
    assert.deepEqual(Object.keys(counts), [...STATE_GROUPS]);
    assert.equal(counts.completed, 1);
    assert.equal(counts.backlog, 1);
    // Every issue here has a state, so the bars add up to the server's total.
    assert.equal(Object.values(counts).reduce((sum, count) => sum + count, 0), dated.total_issues);
    assert.deepEqual(
      countsByStateGroup({ backlog_issues: 1, unstarted_issues: 2, started_issues: 3, completed_issues: 4, cancelled_issues: 5 }),
      { backlog: 1, unstarted: 2, started: 3, completed: 4, cancelled: 5 },
    );
  });
});

describe("the issue list's query (src/api-shapes/issue-list-query.ts)", () => {
  test('the text the app sends for a query is the shape encoding it, and the server filters by it', async () => {
    const app = appApi(seed.actors.guest);
    const all = await app.issues.list(seed.workspace.slug, seed.project.id);
    const done = all.issues.find((issue) => issue.name === 'Planned and done')!;
    const query: IssueListQuery = {
      state: [done.state_id!],
      priority: ['high', 'urgent'],
      assignee: [seed.users.member.id],
      label: done.label_ids,
      archived: false,
      search: 'planned',
      limit: 10,
      offset: 0,
    };
    const page = await app.issues.list(seed.workspace.slug, seed.project.id, query);
    assert.deepEqual(page.issues.map((issue) => issue.id), [done.id]);
    assert.equal(page.total, 1);
    const sent = new URL(app.sent.at(-1)!, 'http://x').searchParams;
    const encoded = Value.Encode(issueListQueryShape, query) as Record<string, string>;
    assert.deepEqual(Object.fromEntries(sent), encoded);
    assert.deepEqual(Value.Decode(issueListQueryShape, encoded), query);

    const tab = await app.issues.workspaceTab(seed.workspace.slug, 'all-issues', { priority: ['high'], archived: false });
    assert.deepEqual(tab.issues.map((issue) => issue.id), [done.id]);
  });

  test('a query outside the shape is refused with a sentence, never a 500', async () => {
    for (const query of ['priority=soon', 'state=abc', 'archived=yes', 'limit=-1', 'colour=red']) {
      for (const list of [`${seed.projectUrl}/issues`, `${seed.workspaceUrl}/issues`]) {
        const response = await seed.actors.guest.get(`${list}?${query}`);
        assert.equal(response.status, 400, `${list}?${query}: ${response.text}`);
        assert.equal(typeof response.body.error, 'string', query);
      }
    }
    const tab = await seed.actors.guest.get(`${seed.workspaceUrl}/issues?tab=mine`);
    assert.equal(tab.status, 400, tab.text);
  });
});
