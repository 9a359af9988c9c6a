import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { issueSummaryShape } from '../../src/api-shapes/issue.js';
import { ACTORS, everyMember, seedWorkspace, startServer, type Actor, type Seed, type TestServer } from './harness.js';
import { assertShape, shapeKeys } from './shape-check.js';

let server: TestServer;
let seed: Seed;

before(async () => {
  server = await startServer();
  seed = await seedWorkspace(server);
});
after(() => server.close());

interface Issue {
  id: string;
  name: string;
  sequence_id: number;
  parent_id: string | null;
}

async function newIssue(fields: Record<string, unknown> = {}, projectUrl = seed.projectUrl): Promise<Issue> {
  const response = await seed.actors.admin.post(`${projectUrl}/issues`, { name: `Issue ${randomUUID().slice(0, 6)}`, ...fields });
  assert.equal(response.status, 201, response.text);
  return response.body as Issue;
}

const urlOf = (issue: { id: string }) => `${seed.projectUrl}/issues/${issue.id}`;
const subIssuesOf = (issue: { id: string }) => `${urlOf(issue)}/sub-issues`;

/** The ids of the issue's sub-issues, as the guest lists them. */
async function childIds(issue: { id: string }): Promise<string[]> {
  const response = await seed.actors.guest.get(subIssuesOf(issue));
  assert.equal(response.status, 200, response.text);
  return (response.body as { id: string }[]).map((child) => child.id);
}

/** The parent each issue has now. */
async function parentsOf(issues: { id: string }[], projectUrl = seed.projectUrl): Promise<(string | null)[]> {
  return Promise.all(issues.map(async (issue) => ((await seed.actors.admin.get(`${projectUrl}/issues/${issue.id}`)).body as Issue).parent_id));
}

/** The issue's parent activity rows: [old value, new value, old id, new id]. */
async function parentRows(issue: { id: string }) {
  const rows = (await seed.actors.admin.get(`${urlOf(issue)}/activities`)).body as Record<string, unknown>[];
  return rows.filter((row) => row.field === 'parent').map((row) => [row.old_value, row.new_value, row.old_identifier, row.new_identifier]);
}

describe('POST …/issues/:issueId/sub-issues', () => {
  test('makes several issues sub-issues at once, through their own update: listed by number with their state, activity on each', async () => {
    const parent = await newIssue();
    const [first, second] = [await newIssue(), await newIssue()];
    const formerParent = await newIssue();
    await seed.actors.member.patch(urlOf(second), { parent_id: formerParent.id });
    const response = await seed.actors.member.post(subIssuesOf(parent), { issue_ids: [second.id, first.id] });
    assert.equal(response.status, 200, response.text);
    assert.deepEqual(
      response.body.map((child: Issue) => child.id),
      [first.id, second.id],
    );
    assert.deepEqual(Object.keys(response.body[0]).sort(), shapeKeys(issueSummaryShape));
    assertShape(issueSummaryShape, response.body[0], 'a sub-issue');
    assert.deepEqual([response.body[0].state__name, response.body[0].state__group], ['Backlog', 'backlog']);
    assert.deepEqual(await childIds(parent), [first.id, second.id]);
    assert.deepEqual(await parentsOf([first, second]), [parent.id, parent.id]);
    assert.deepEqual(await parentRows(first), [['', `SEED-${parent.sequence_id}`, null, parent.id]]);
    assert.deepEqual((await parentRows(second)).at(-1), [`SEED-${formerParent.sequence_id}`, `SEED-${parent.sequence_id}`, formerParent.id, parent.id]);
    assert.deepEqual(await childIds(formerParent), []);
    // Adding one that is already a sub-issue changes and records nothing.
    const again = await seed.actors.member.post(subIssuesOf(parent), { issue_ids: [first.id] });
    assert.equal(again.status, 200, again.text);
    assert.equal((await parentRows(first)).length, 1);
  });

  test('lists only live sub-issues; taking one out is its own PATCH with parent_id null', async () => {
    const parent = await newIssue();
    const [kept, removed, deleted] = [await newIssue({ parent_id: parent.id }), await newIssue({ parent_id: parent.id }), await newIssue({ parent_id: parent.id })];
    assert.equal((await seed.actors.member.delete(urlOf(deleted))).status, 204);
    assert.equal((await seed.actors.member.patch(urlOf(removed), { parent_id: null })).status, 200);
    assert.deepEqual(await childIds(parent), [kept.id]);
    assert.deepEqual(await childIds(kept), []);
  });

  test('refuses bad input with its sentence and changes nothing: all or none', async () => {
    const grandparent = await newIssue();
    const parent = await newIssue({ parent_id: grandparent.id });
    const free = await newIssue();
    const other = await seed.actors.admin.post(`${seed.workspaceUrl}/projects`, { name: 'Elsewhere', identifier: 'ELSE' });
    assert.equal(other.status, 201, other.text);
    const otherUrl = `${seed.workspaceUrl}/projects/${other.body.id}`;
    const foreign = await newIssue({}, otherUrl);
    const cycle = 'An issue cannot be its own parent or a sub-issue of its own sub-issues.';
    const cases: [unknown, string][] = [
      [{ issue_ids: [] }, 'Please select at least one issue.'],
      [{ issue_ids: [free.id, parent.id] }, cycle],
      [{ issue_ids: [free.id, grandparent.id] }, cycle],
      [{ issue_ids: [free.id, foreign.id] }, 'Some of the selected issues do not exist in this project.'],
      [{ issue_ids: [free.id, randomUUID()] }, 'Some of the selected issues do not exist in this project.'],
      [{ issue_ids: ['not-an-id'] }, 'Item 1 of issue ids is not valid'],
      [{}, 'Issue ids is required'],
      [{ issue_ids: [free.id], parent: true }, 'Body has an unknown field "parent"'],
    ];
    for (const [body, error] of cases) {
      const response = await seed.actors.member.post(subIssuesOf(parent), body);
      assert.equal(response.status, 400, `${JSON.stringify(body)}: ${response.text}`);
      assert.deepEqual(response.body, { error }, JSON.stringify(body));
    }
    assert.deepEqual(await childIds(parent), []);
    assert.deepEqual(await parentsOf([free, grandparent]), [null, null]);
    assert.deepEqual(await parentsOf([foreign], otherUrl), [null]);
    assert.deepEqual(await parentRows(free), []);
    const missing = await seed.actors.member.post(`${seed.projectUrl}/issues/${randomUUID()}/sub-issues`, { issue_ids: [free.id] });
    assert.deepEqual([missing.status, missing.body], [404, { error: 'Issue not found.' }]);
  });

  test('authorization matrix: Member and up add sub-issues; a refused request changes nothing', async () => {
    const parent = await newIssue();
    // Made one after the other, so their numbers follow the actors' order.
    const candidates = {} as Record<Actor, Issue>;
    for (const actor of ACTORS) candidates[actor] = await newIssue();
    const responses = await seed.expectMatrix('POST', subIssuesOf(parent), (actor: Actor) => ({ issue_ids: [candidates[actor].id] }), {
      anonymous: 401,
      nonMember: 404,
      guest: 403,
      viewer: 403,
      member: 200,
      admin: 200,
    });
    assert.deepEqual(responses.guest.body, { error: 'This needs the Member role or higher in this project.' });
    assert.deepEqual(await parentsOf(ACTORS.map((actor) => candidates[actor])), [null, null, null, null, parent.id, parent.id]);
    assert.deepEqual(await childIds(parent), [candidates.member.id, candidates.admin.id]);
  });
});

describe('GET …/issues/:issueId/sub-issues', () => {
  test('authorization matrix: everyone in the project lists them', async () => {
    const parent = await newIssue();
    await newIssue({ parent_id: parent.id });
    const responses = await seed.expectMatrix('GET', subIssuesOf(parent), undefined, everyMember(200));
    assert.equal(responses.viewer.body.length, 1);
  });

  test('answers 404 for an issue that does not exist', async () => {
    const response = await seed.actors.guest.get(`${seed.projectUrl}/issues/${randomUUID()}/sub-issues`);
    assert.deepEqual([response.status, response.body], [404, { error: 'Issue not found.' }]);
  });
});
