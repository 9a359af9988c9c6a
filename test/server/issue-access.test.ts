import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { seedWorkspace, startServer, type Seed, type TestClient, type TestServer } from './harness.js';

/**
 * Reads that embed another issue show it only to readers who can open it. The seed's guest,
 * viewer and member belong to the seed project (A) only; the hidden project (B) of the same
 * workspace has the admin alone. B's issue is related to A's issues, so every read of A's issues
 * has a chance to name it: none may, in any form (name, id, number, project id or identifier).
 */

let server: TestServer;
let seed: Seed;
let hiddenUrl: string;
let hiddenProject: { id: string; identifier: string };
/** B's issue, the one the members of A only cannot open. */
let hidden: { id: string; name: string; sequence_id: number };
/** A's issue related to B's (relates_to, still there). */
let related: { id: string; name: string };
/** A's issue once marked blocked by B's, then unrelated (so its feed has added and removed). */
let unrelated: { id: string; name: string };

const A_ONLY = ['guest', 'viewer', 'member'] as const;

async function newIssue(projectUrl: string, name: string) {
  const response = await seed.actors.admin.post(`${projectUrl}/issues`, { name });
  assert.equal(response.status, 201, response.text);
  return response.body as { id: string; name: string; sequence_id: number };
}

/** Every trace of B's issue a body could carry. */
function tracesOfHidden(): string[] {
  return [hidden.name, hidden.id, `${hiddenProject.identifier}-${hidden.sequence_id}`, hiddenProject.identifier, hiddenProject.id];
}

/** Asserts that the raw `text` names nothing of B's issue. */
function assertNoTrace(text: string, what: string): void {
  for (const trace of tracesOfHidden()) assert.ok(!text.includes(trace), `${what} names ${JSON.stringify(trace)}: ${text.slice(0, 600)}`);
}

const issueUrl = (issue: { id: string }) => `${seed.projectUrl}/issues/${issue.id}`;

before(async () => {
  server = await startServer();
  seed = await seedWorkspace(server);
  const created = await seed.actors.admin.post(`${seed.workspaceUrl}/projects`, { name: 'Hidden project', identifier: 'HIDN' });
  assert.equal(created.status, 201, created.text);
  hiddenProject = { id: created.body.id, identifier: created.body.identifier };
  hiddenUrl = `${seed.workspaceUrl}/projects/${hiddenProject.id}`;
  hidden = await newIssue(hiddenUrl, `Secret acquisition ${randomUUID().slice(0, 8)}`);
  related = await newIssue(seed.projectUrl, 'Related to the secret');
  unrelated = await newIssue(seed.projectUrl, 'Once blocked by the secret');
  const relate = await seed.actors.admin.post(`${issueUrl(related)}/relations`, { relation_type: 'relates_to', issue_ids: [hidden.id] });
  assert.equal(relate.status, 201, relate.text);
  const block = await seed.actors.admin.post(`${issueUrl(unrelated)}/relations`, { relation_type: 'blocked_by', issue_ids: [hidden.id] });
  assert.equal(block.status, 201, block.text);
  const relations = (await seed.actors.admin.get(`${issueUrl(unrelated)}/relations`)).body as { id: string }[];
  assert.equal((await seed.actors.admin.delete(`${issueUrl(unrelated)}/relations/${relations[0].id}`)).status, 204);
});
after(() => server.close());

describe('relations', () => {
  test('someone who cannot open the other issue gets "an issue you cannot open" and nothing of it', async () => {
    for (const actor of A_ONLY) {
      const response = await seed.actors[actor].get(`${issueUrl(related)}/relations`);
      assert.equal(response.status, 200, response.text);
      assertNoTrace(response.text, `${actor}'s relations`);
      assert.equal(response.body.length, 1);
      assert.equal(response.body[0].relation_type, 'relates_to');
      assert.deepEqual(response.body[0].issue, { hidden: true });
      assert.deepEqual(Object.keys(response.body[0]).sort(), ['id', 'issue', 'relation_type']);
    }
  });

  test('someone who can open both sees the other issue in full', async () => {
    const response = await seed.actors.admin.get(`${issueUrl(related)}/relations`);
    assert.equal(response.status, 200, response.text);
    assert.equal(response.body.length, 1);
    assert.equal(response.body[0].issue.id, hidden.id);
    assert.equal(response.body[0].issue.name, hidden.name);
    assert.equal(response.body[0].issue.project__identifier, hiddenProject.identifier);
    assert.equal(response.body[0].issue.hidden, undefined);
  });

  test('a member can still remove a relation to an issue they cannot open', async () => {
    const issue = await newIssue(seed.projectUrl, 'Briefly related');
    assert.equal((await seed.actors.admin.post(`${issueUrl(issue)}/relations`, { relation_type: 'duplicate', issue_ids: [hidden.id] })).status, 201);
    const [relation] = (await seed.actors.member.get(`${issueUrl(issue)}/relations`)).body as { id: string }[];
    assert.equal((await seed.actors.member.delete(`${issueUrl(issue)}/relations/${relation.id}`)).status, 204);
    assert.deepEqual((await seed.actors.admin.get(`${issueUrl(issue)}/relations`)).body, []);
  });
});

describe('activity', () => {
  /** The relation rows of an issue's feed as [field, verb, old_value, new_value, old_identifier, new_identifier, old_hidden, new_hidden]. */
  async function relationRows(client: TestClient, issue: { id: string }) {
    const response = await client.get(`${issueUrl(issue)}/activities`);
    assert.equal(response.status, 200, response.text);
    return {
      text: response.text,
      rows: (response.body as Record<string, unknown>[])
        .filter((row) => row.field !== 'issue')
        .map((row) => [row.field, row.verb, row.old_value, row.new_value, row.old_identifier, row.new_identifier, row.old_hidden, row.new_hidden]),
    };
  }

  test('rows naming an issue the reader cannot open say so, without its key or id', async () => {
    for (const actor of A_ONLY) {
      const added = await relationRows(seed.actors[actor], related);
      assertNoTrace(added.text, `${actor}'s feed of the related issue`);
      assert.deepEqual(added.rows, [['relates_to', 'created', '', null, null, null, false, true]]);
      const removed = await relationRows(seed.actors[actor], unrelated);
      assertNoTrace(removed.text, `${actor}'s feed of the unrelated issue`);
      assert.deepEqual(removed.rows, [
        ['blocked_by', 'created', '', null, null, null, false, true],
        ['blocked_by', 'deleted', null, '', null, null, true, false],
      ]);
    }
  });

  test('someone who can open both reads the key and the id', async () => {
    const key = `${hiddenProject.identifier}-${hidden.sequence_id}`;
    assert.deepEqual((await relationRows(seed.actors.admin, related)).rows, [['relates_to', 'created', '', key, null, hidden.id, false, false]]);
    assert.deepEqual((await relationRows(seed.actors.admin, unrelated)).rows, [
      ['blocked_by', 'created', '', key, null, hidden.id, false, false],
      ['blocked_by', 'deleted', key, '', hidden.id, null, false, false],
    ]);
  });

  test('rows naming other things (names, parents in the project) are left as they are', async () => {
    const parent = await newIssue(seed.projectUrl, 'Parent in the project');
    const child = await newIssue(seed.projectUrl, 'Child in the project');
    assert.equal((await seed.actors.member.patch(issueUrl(child), { parent_id: parent.id, name: 'Renamed child' })).status, 200);
    const rows = ((await seed.actors.guest.get(`${issueUrl(child)}/activities`)).body as Record<string, unknown>[]).filter((row) => row.field !== 'issue');
    const parentRow = rows.find((row) => row.field === 'parent')!;
    assert.equal(parentRow.new_value, `${seed.project.identifier}-${parent.sequence_id}`);
    assert.equal(parentRow.new_identifier, parent.id);
    assert.equal(parentRow.new_hidden, false);
    assert.equal(rows.find((row) => row.field === 'name')!.new_value, 'Renamed child');
  });

  test('the hidden issue’s own feed still names the issues of A to someone who can open both', async () => {
    const response = await seed.actors.admin.get(`${hiddenUrl}/issues/${hidden.id}/activities`);
    assert.equal(response.status, 200, response.text);
    assert.ok(response.text.includes(related.id));
  });
});

describe('issue detail', () => {
  test('the detail of a related issue names nothing of the hidden one', async () => {
    for (const actor of A_ONLY) {
      const response = await seed.actors[actor].get(issueUrl(related));
      assert.equal(response.status, 200, response.text);
      assertNoTrace(response.text, `${actor}'s issue detail`);
    }
  });

  test('a parent in another project is refused, so parents and sub-issues always share the reader’s project', async () => {
    const response = await seed.actors.admin.patch(issueUrl(related), { parent_id: hidden.id });
    assert.equal(response.status, 400);
    assert.deepEqual(response.body, { error: 'The parent must be an issue of the same project.' });
  });
});

describe('search', () => {
  test('workspace search finds the hidden issue only for someone who can open it', async () => {
    const query = `search=${encodeURIComponent(hidden.name)}&workspace_search=true`;
    for (const actor of A_ONLY) {
      const response = await seed.actors[actor].get(`${seed.projectUrl}/search-issues?${query}`);
      assert.equal(response.status, 200, response.text);
      assert.deepEqual(response.body, []);
      const byKey = await seed.actors[actor].get(`${seed.projectUrl}/search-issues?search=${hiddenProject.identifier}-${hidden.sequence_id}&workspace_search=true`);
      assertNoTrace(byKey.text, `${actor}'s search by key`);
    }
    const byAdmin = await seed.actors.admin.get(`${seed.projectUrl}/search-issues?${query}`);
    assert.deepEqual(
      byAdmin.body.map((issue: { id: string }) => issue.id),
      [hidden.id],
    );
  });

  test('the picker’s issue_id must be an issue the reader can open', async () => {
    for (const actor of A_ONLY) {
      const response = await seed.actors[actor].get(`${seed.projectUrl}/search-issues?issue_id=${hidden.id}&issue_relation=true`);
      assert.equal(response.status, 404, response.text);
      assert.deepEqual(response.body, { error: 'Issue not found.' });
    }
    const byAdmin = await seed.actors.admin.get(`${seed.projectUrl}/search-issues?issue_id=${hidden.id}&issue_relation=true`);
    assert.equal(byAdmin.status, 200, byAdmin.text);
    const ids = byAdmin.body.map((issue: { id: string }) => issue.id);
    assert.ok(!ids.includes(related.id), 'an issue already related is no candidate');
    assert.ok(ids.includes(unrelated.id));
  });

  test('the workspace issue tabs leave it out, even for a follower who has left its project', async () => {
    await server.db.query('INSERT INTO issue_subscribers (issue_id, user_id) VALUES ($1, $2)', [hidden.id, seed.users.member.id]);
    for (const actor of A_ONLY) {
      for (const tab of ['all-issues', 'subscribed']) {
        const response = await seed.actors[actor].get(`${seed.workspaceUrl}/issues?tab=${tab}`);
        assert.equal(response.status, 200, response.text);
        assertNoTrace(response.text, `${actor}'s ${tab} tab`);
      }
    }
    const all = await seed.actors.admin.get(`${seed.workspaceUrl}/issues?tab=all-issues`);
    assert.ok(all.body.some((issue: { id: string }) => issue.id === hidden.id));
  });
});

describe('cycles and modules', () => {
  test('their issue lists name nothing of the hidden issue', async () => {
    const cycle = await seed.actors.member.post(`${seed.projectUrl}/cycles`, { name: 'Access cycle' });
    assert.equal(cycle.status, 201, cycle.text);
    const module = await seed.actors.member.post(`${seed.projectUrl}/modules`, { name: 'Access module' });
    assert.equal(module.status, 201, module.text);
    const cycleUrl = `${seed.projectUrl}/cycles/${cycle.body.id}/cycle-issues`;
    const moduleUrl = `${seed.projectUrl}/modules/${module.body.id}/module-issues`;
    assert.equal((await seed.actors.member.post(cycleUrl, { issues: [related.id] })).status, 200);
    assert.equal((await seed.actors.member.post(moduleUrl, { issues: [related.id] })).status, 200);
    // Issues of another project cannot join them.
    assert.equal((await seed.actors.admin.post(cycleUrl, { issues: [hidden.id] })).status, 400);
    assert.equal((await seed.actors.admin.post(moduleUrl, { issues: [hidden.id] })).status, 400);
    for (const actor of A_ONLY) {
      for (const url of [cycleUrl, moduleUrl, `${seed.projectUrl}/cycles/${cycle.body.id}`, `${seed.projectUrl}/modules/${module.body.id}`]) {
        const response = await seed.actors[actor].get(url);
        assert.equal(response.status, 200, response.text);
        assertNoTrace(response.text, `${actor}'s ${url}`);
      }
    }
  });
});

describe('exports', () => {
  async function exportText(provider: string): Promise<string> {
    const url = `${seed.workspaceUrl}/exports/`;
    const created = await seed.actors.member.post(url, { provider, project_ids: [seed.project.id] });
    assert.equal(created.status, 201, created.text);
    for (let attempt = 0; attempt < 500; attempt++) {
      const job = ((await seed.actors.member.get(url)).body as { id: string; status: string }[]).find((candidate) => candidate.id === created.body.id)!;
      if (job.status === 'failed') assert.fail('the export failed');
      if (job.status === 'completed') break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    const response = await fetch(`${server.url}${url}${created.body.id}/download`, { headers: { cookie: `session=${seed.actors.member.cookie('session')}` } });
    assert.equal(response.status, 200);
    const bytes = Buffer.from(await response.arrayBuffer());
    if (provider !== 'xlsx') return bytes.toString('utf8');
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const cells: string[] = [];
    workbook.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.value)))));
    return cells.join('\n');
  }

  test('CSV, JSON and XLSX exports of A hold A’s issues and nothing of the hidden one', async () => {
    for (const provider of ['csv', 'json', 'xlsx']) {
      const text = await exportText(provider);
      assert.ok(text.includes(related.name), `${provider} holds A's issues`);
      assertNoTrace(text, `the ${provider} export`);
    }
  });

  test('a project the member cannot open cannot be exported', async () => {
    const response = await seed.actors.member.post(`${seed.workspaceUrl}/exports/`, { provider: 'csv', project_ids: [hiddenProject.id] });
    assert.equal(response.status, 400);
    assert.deepEqual(response.body, { error: 'Some of the selected projects do not exist or you are not a member of them.' });
  });
});
