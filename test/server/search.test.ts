import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { SEARCH_LIMIT } from '../../src/server/routes/issue-search.js';
import { listedIssueShape } from '../../src/api-shapes/issue.js';
import { seedWorkspace, startServer, type Seed, type TestServer } from './harness.js';
import { shapeKeys } from './shape-check.js';

let server: TestServer;
let seed: Seed;
let searchUrl: string;
/** Issues of the seed project by name. */
const issues: Record<string, { id: string; sequence_id: number }> = {};
let otherProjectUrl: string;

async function create(name: string, fields: Record<string, unknown> = {}, projectUrl = seed.projectUrl) {
  const response = await seed.actors.admin.post(`${projectUrl}/issues`, { name, ...fields });
  assert.equal(response.status, 201, response.text);
  return response.body as { id: string; sequence_id: number };
}

before(async () => {
  server = await startServer();
  seed = await seedWorkspace(server);
  searchUrl = `${seed.projectUrl}/search-issues`;
  // SEED-1 … SEED-12, some named alike.
  for (const name of ['Login page', 'Logout button', 'Sign-up form', 'Password reset', 'Profile', 'Settings', 'Billing', 'Avatars', 'Themes', 'Exports', 'Imports', '100% done_item']) {
    issues[name] = await create(name);
  }
  const other = await seed.actors.admin.post(`${seed.workspaceUrl}/projects`, { name: 'Other', identifier: 'OTH' });
  otherProjectUrl = `${seed.workspaceUrl}/projects/${other.body.id}`;
  issues['Login elsewhere'] = await create('Login elsewhere', {}, otherProjectUrl);
});
after(() => server.close());

async function search(query: string, actor: 'guest' | 'member' | 'admin' = 'guest') {
  const response = await seed.actors[actor].get(`${searchUrl}?${query}`);
  assert.equal(response.status, 200, response.text);
  return response.body as { id: string; name: string; sequence_id: number; project__identifier: string }[];
}

const names = (rows: { name: string }[]) => rows.map((row) => row.name).sort();

describe('GET …/search-issues', () => {
  test('matches names by case-insensitive substring, in the listed shape', async () => {
    const rows = await search('search=LOG');
    assert.deepEqual(names(rows), ['Login page', 'Logout button']);
    assert.deepEqual(Object.keys(rows[0]!).sort(), shapeKeys(listedIssueShape));
    assert.equal(rows[0]!.project__identifier, 'SEED');
    // LIKE wildcards are literal.
    assert.deepEqual(names(await search(`search=${encodeURIComponent('100%')}`)), ['100% done_item']);
    assert.deepEqual(names(await search('search=_')), ['100% done_item']);
  });

  test('matches the key IDENT-123 case-insensitively, exact hit first', async () => {
    const rows = await search('search=seed-1');
    assert.equal(rows[0]!.sequence_id, 1);
    // A key prefix also finds SEED-10, SEED-11, SEED-12 while the user is still typing.
    assert.deepEqual(rows.map((row) => row.sequence_id).sort((a, b) => a - b), [1, 10, 11, 12]);
    const exact = await search('search=SEED-4');
    assert.deepEqual(exact.map((row) => row.name), ['Password reset']);
  });

  test('matches the sequence number', async () => {
    const rows = await search('search=3');
    assert.equal(rows[0]!.name, 'Sign-up form');
    assert.deepEqual(rows.map((row) => row.name), ['Sign-up form']);
  });

  test('workspace_search=true searches every project of the workspace the caller can open', async () => {
    assert.deepEqual(names(await search('search=login&workspace_search=false')), ['Login page']);
    assert.deepEqual(names(await search('search=login&workspace_search=true', 'admin')), ['Login elsewhere', 'Login page']);
    const elsewhere = (await search('search=oth-1&workspace_search=true', 'admin'))[0]!;
    assert.equal(elsewhere.project__identifier, 'OTH');
    // The guest is not a member of the other project.
    assert.deepEqual(names(await search('search=login&workspace_search=true', 'guest')), ['Login page']);
  });

  test('leaves out archived and deleted issues', async () => {
    const archived = await create('Archived needle');
    const deleted = await create('Deleted needle');
    await seed.actors.admin.post(`${seed.projectUrl}/issues/${archived.id}/archive`);
    await seed.actors.admin.delete(`${seed.projectUrl}/issues/${deleted.id}`);
    assert.deepEqual(await search('search=needle'), []);
  });

  test('the picker filters: parent, sub_issue, issue_relation, cycle, exclude_cycle_id, exclude_module_id', async () => {
    const root = await create('Tree root');
    const child = await create('Tree child', { parent_id: root.id });
    const grandchild = await create('Tree grandchild', { parent_id: child.id });
    const loose = await create('Tree loose');
    // A parent for child: not itself, not its sub-issues.
    assert.deepEqual(names(await search(`search=tree&parent=true&issue_id=${child.id}`)), ['Tree loose', 'Tree root']);
    // A sub-issue for child: not itself, not its ancestors, not its sub-issues already.
    assert.deepEqual(names(await search(`search=tree&sub_issue=true&issue_id=${child.id}`)), ['Tree loose']);
    await server.db.query("INSERT INTO issue_relations (issue_id, related_issue_id, relation_type) VALUES ($1, $2, 'relates_to')", [loose.id, root.id]);
    assert.deepEqual(names(await search(`search=tree&issue_relation=true&issue_id=${root.id}`)), ['Tree child', 'Tree grandchild']);

    const cycle = await server.db.one<{ id: string }>("INSERT INTO cycles (project_id, name) VALUES ($1, 'Sprint') RETURNING id", [seed.project.id]);
    const otherCycle = await server.db.one<{ id: string }>("INSERT INTO cycles (project_id, name) VALUES ($1, 'Later') RETURNING id", [seed.project.id]);
    await server.db.query('INSERT INTO cycle_issues (cycle_id, issue_id) VALUES ($1, $2), ($3, $4)', [cycle.id, root.id, otherCycle.id, child.id]);
    assert.deepEqual(names(await search('search=tree&cycle=true')), ['Tree grandchild', 'Tree loose']);
    assert.deepEqual(names(await search(`search=tree&exclude_cycle_id=${cycle.id}`)), ['Tree child', 'Tree grandchild', 'Tree loose']);
    const module = await server.db.one<{ id: string }>("INSERT INTO modules (project_id, name) VALUES ($1, 'Auth') RETURNING id", [seed.project.id]);
    await server.db.query('INSERT INTO module_issues (module_id, issue_id) VALUES ($1, $2), ($1, $3)', [module.id, grandchild.id, loose.id]);
    assert.deepEqual(names(await search(`search=tree&exclude_module_id=${module.id}`)), ['Tree child', 'Tree root']);
  });

  test('answers at most SEARCH_LIMIT results, and everything with an empty search', async () => {
    const local = await seedWorkspace(server);
    await Promise.all(Array.from({ length: SEARCH_LIMIT + 5 }, (_, index) => local.actors.member.post(`${local.projectUrl}/issues`, { name: `Bulk ${index}` })));
    const all = await local.actors.guest.get(`${local.projectUrl}/search-issues?search=`);
    assert.equal(all.status, 200, all.text);
    assert.equal(all.body.length, SEARCH_LIMIT);
    const bulk = await local.actors.guest.get(`${local.projectUrl}/search-issues?search=bulk`);
    assert.equal(bulk.body.length, SEARCH_LIMIT);
  });

  test('refuses bad input', async () => {
    const cases: [string, string][] = [
      ['workspace_search=yes', 'Workspace search must be one of true, false'],
      ['parent=true', 'Issue id is required with the parent, sub_issue and issue_relation filters.'],
      ['issue_id=nope', 'Issue id is not valid'],
      [`search=${'x'.repeat(256)}`, 'Search cannot be longer than 255 characters'],
      ['q=x', 'Querystring has an unknown field "q"'],
    ];
    for (const [query, error] of cases) {
      const response = await seed.actors.guest.get(`${searchUrl}?${query}`);
      assert.equal(response.status, 400, query);
      assert.deepEqual(response.body, { error }, query);
    }
  });

  test('authorization matrix: everyone in the project', async () => {
    await seed.expectMatrix('GET', `${searchUrl}?search=login&workspace_search=true`, undefined, {
      anonymous: 401,
      nonMember: 404,
      guest: 200,
      viewer: 200,
      member: 200,
      admin: 200,
    });
  });
});
