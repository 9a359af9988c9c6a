import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { issueDetailShape, issueRowShape, listedIssueShape } from '../../src/api-shapes/issue.js';
import { projectShape } from '../../src/api-shapes/project.js';
import { authUserShape, memberShape } from '../../src/api-shapes/user.js';
import { selectList } from '../../src/server/db/select-list.js';
import { assertShape } from './shape-check.js';
import { seedWorkspace, startServer, type Seed, type TestServer } from './harness.js';

let server: TestServer;
let seed: Seed;

before(async () => {
  server = await startServer();
  seed = await seedWorkspace(server);
});
after(() => server.close());

describe('API answers match the shapes the app is typed with (src/api-shapes)', () => {
  let issueId: string;

  before(async () => {
    const { admin, member } = seed.actors;
    const label = await member.post(`${seed.projectUrl}/labels`, { name: 'shape-label', color: '#00aa00' });
    assert.equal(label.status, 201, label.text);
    const parent = await member.post(`${seed.projectUrl}/issues`, { name: 'Parent' });
    assert.equal(parent.status, 201, parent.text);
    const states = await admin.get(`${seed.projectUrl}/states`);
    const done = states.body.find((state: { group: string }) => state.group === 'completed');
    // Every optional part filled in: assignees, labels, parent, dates, a completed state.
    const issue = await member.post(`${seed.projectUrl}/issues`, {
      name: 'Shaped',
      priority: 'high',
      state_id: done.id,
      start_date: '2025-03-01',
      target_date: '2025-03-09',
      assignee_ids: [seed.users.member.id],
      label_ids: [label.body.id],
      parent_id: parent.body.id,
      description_html: '<p>Body</p>',
    });
    assert.equal(issue.status, 201, issue.text);
    issueId = issue.body.id;
    const archived = await member.post(`${seed.projectUrl}/issues/${parent.body.id}/archive`);
    assert.equal(archived.status, 200, archived.text);
  });

  test('an issue list answer is an array of issue rows', async () => {
    const response = await seed.actors.guest.get(`${seed.projectUrl}/issues`);
    assert.equal(response.status, 200, response.text);
    assert.ok(response.body.length >= 1);
    for (const row of response.body) assertShape(issueRowShape, row, `row ${row.name}`);
    const archived = await seed.actors.guest.get(`${seed.projectUrl}/issues?archived=true`);
    assert.equal(archived.body.length, 1);
    assertShape(issueRowShape, archived.body[0], 'archived row');
  });

  test("an issue's detail, as read, created and changed, is an issue detail", async () => {
    const read = await seed.actors.guest.get(`${seed.projectUrl}/issues/${issueId}`);
    assert.equal(read.status, 200, read.text);
    assertShape(issueDetailShape, read.body, 'GET detail');
    assert.notEqual(read.body.parent_detail, null);
    assert.notEqual(read.body.completed_at, null);
    const changed = await seed.actors.member.patch(`${seed.projectUrl}/issues/${issueId}`, { parent_id: null, target_date: null });
    assert.equal(changed.status, 200, changed.text);
    assertShape(issueDetailShape, changed.body, 'PATCH detail');
    assert.equal(changed.body.parent_detail, null);
    const created = await seed.actors.member.post(`${seed.projectUrl}/issues`, { name: 'Bare' });
    assertShape(issueDetailShape, created.body, 'POST detail');
  });

  test('search answers listed issues; members and the signed-in user match theirs', async () => {
    const search = await seed.actors.guest.get(`${seed.projectUrl}/search-issues?search=Shaped`);
    assert.equal(search.status, 200, search.text);
    assert.equal(search.body.length, 1);
    assertShape(listedIssueShape, search.body[0], 'search result');
    const members = await seed.actors.guest.get(`${seed.workspaceUrl}/members`);
    for (const member of members.body) assertShape(memberShape, member, `member ${member.display_name}`);
    const me = await seed.actors.member.get('/api/users/me');
    assertShape(authUserShape, me.body, 'users/me');
  });

  test('projects, listed and read, are projects', async () => {
    const list = await seed.actors.guest.get(`${seed.workspaceUrl}/projects`);
    assert.equal(list.status, 200, list.text);
    for (const project of list.body) assertShape(projectShape, project, `project ${project.identifier}`);
    const one = await seed.actors.admin.get(seed.projectUrl);
    assertShape(projectShape, one.body, 'GET project');
  });

  test('the check itself refuses an answer that drifted from its shape', async () => {
    const read = await seed.actors.guest.get(`${seed.projectUrl}/issues/${issueId}`);
    const { sort_order: _, ...missing } = read.body;
    assert.throws(() => assertShape(issueDetailShape, missing, 'missing'), /sort_order/);
    assert.throws(() => assertShape(issueDetailShape, { ...read.body, estimate: 3 }, 'extra'), /additional/i);
    assert.throws(() => assertShape(issueDetailShape, { ...read.body, created_at: 'yesterday' }, 'format'), /created_at/);
  });
});

describe('selectList', () => {
  test('reads every key of a shape, in order, with the given expressions', () => {
    assert.equal(
      selectList(listedIssueShape, 'i', { project__identifier: 'p.identifier', state__color: 's.color' }),
      'i.id, i.name, i.sequence_id, i.state_id, i.project_id, p.identifier AS project__identifier, s.color AS state__color, i.target_date',
    );
  });
});

/** Every .ts/.tsx file under `dir`. */
function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe('src/api-shapes layering', () => {
  const root = new URL('../../src/', import.meta.url).pathname;
  const shapes = join(root, 'api-shapes');
  // A shape module pulls TypeBox (or another module that does); plain modules are data only.
  const pullsTypeBox = (file: string, seen = new Set<string>()): boolean => {
    if (seen.has(file)) return false;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    if (/^import (?!type )[^;]*from '[^.][^']*'/m.test(code)) return true;
    const local = [...code.matchAll(/^(?:import|export) (?!type )[^;]*from '\.\/([^']+)\.js'/gm)].map((m) => join(shapes, `${m[1]}.ts`));
    return local.some((next) => pullsTypeBox(next, seen));
  };

  test('imports nothing of the server or the app', () => {
    for (const file of sources(shapes)) assert.doesNotMatch(readFileSync(file, 'utf8'), /from '\.\.\//, file);
  });

  test('the app takes only types from shape modules, so TypeBox stays out of its bundle', () => {
    const offending: string[] = [];
    for (const file of sources(join(root, 'app'))) {
      for (const match of readFileSync(file, 'utf8').matchAll(/^(import|export) (?!type )[^;]*from '([^']*api-shapes\/[^']+)\.js'/gm)) {
        const module = join(file, '..', `${match[2]}.ts`);
        if (pullsTypeBox(module)) offending.push(`${file}: ${match[0]}`);
      }
    }
    assert.deepEqual(offending, []);
    assert.equal(pullsTypeBox(join(shapes, 'issue.ts')), true);
    assert.equal(pullsTypeBox(join(shapes, 'workspace-slug.ts')), false);
  });
});
