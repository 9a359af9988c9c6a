import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { after, before, describe, test } from 'node:test';
import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { commentBody, commentShape } from '../../src/api-shapes/comment.js';
import { issueLabelShape } from '../../src/api-shapes/issue.js';
import { labelCreateBody, labelShape, labelUpdateBody } from '../../src/api-shapes/label.js';
import { STATE_GROUPS } from '../../src/api-shapes/state-groups.js';
import { stateCreateBody, stateShape, stateUpdateBody } from '../../src/api-shapes/state.js';
import { memberShape } from '../../src/api-shapes/user.js';
import { projectMemberCreateBody, projectMemberUpdateBody } from '../../src/api-shapes/project.js';
import { workspaceCreateBody, workspaceShape, workspaceUpdateBody } from '../../src/api-shapes/workspace.js';
import { assertShape } from './shape-check.js';
import { seedWorkspace, startServer, type Seed, type TestServer } from './harness.js';

let server: TestServer;
let seed: Seed;

before(async () => {
  server = await startServer();
  seed = await seedWorkspace(server);
});
after(() => server.close());

/** Asserts that every item of a list answer is of `shape`, and that there is at least one. */
function assertEach(shape: TSchema, list: unknown, what: string): void {
  assert.ok(Array.isArray(list) && list.length > 0, `${what}: expected a non-empty list, got ${JSON.stringify(list)}`);
  list.forEach((item, index) => assertShape(shape, item, `${what} [${index}]`));
}

describe('state, label, workspace, member and comment answers match their shapes (src/api-shapes)', () => {
  test('states, listed, created and changed, are states', async () => {
    const { admin, guest } = seed.actors;
    const list = await guest.get(`${seed.projectUrl}/states`);
    assert.equal(list.status, 200, list.text);
    assertEach(stateShape, list.body, 'states');
    assert.deepEqual(new Set(list.body.map((state: { group: string }) => state.group)), new Set(STATE_GROUPS));
    const created = await admin.post(`${seed.projectUrl}/states`, { name: 'Shaped state', color: '#123abc', group: 'started', description: 'Described' });
    assert.equal(created.status, 201, created.text);
    assertShape(stateShape, created.body, 'POST state');
    const changed = await admin.patch(`${seed.projectUrl}/states/${created.body.id}`, { is_default: true, sequence: 1.5 });
    assert.equal(changed.status, 200, changed.text);
    assertShape(stateShape, changed.body, 'PATCH state');
    assert.equal(changed.body.is_default, true);
  });

  test('labels, listed, created and changed, are labels; an issue shows a label by its id, name and colour', async () => {
    const { member, guest } = seed.actors;
    const created = await member.post(`${seed.projectUrl}/labels`, { name: 'shape-a', color: '#00aa00' });
    assert.equal(created.status, 201, created.text);
    assertShape(labelShape, created.body, 'POST label');
    const blank = await member.post(`${seed.projectUrl}/labels`, { name: 'no colour' });
    assertShape(labelShape, blank.body, 'POST label without colour');
    const changed = await member.patch(`${seed.projectUrl}/labels/${created.body.id}`, { sort_order: 0.25 });
    assert.equal(changed.status, 200, changed.text);
    assertShape(labelShape, changed.body, 'PATCH label');
    const list = await guest.get(`${seed.projectUrl}/labels`);
    assertEach(labelShape, list.body, 'labels');
    const issue = await member.post(`${seed.projectUrl}/issues`, { name: 'Labelled', label_ids: [created.body.id] });
    assert.equal(issue.status, 201, issue.text);
    assert.deepEqual(issue.body.labels, [{ id: created.body.id, name: 'shape-a', color: '#00aa00' }]);
    assertShape(issueLabelShape, issue.body.labels[0], "an issue's label");
  });

  test('workspaces, listed, read, created and changed, are workspaces', async () => {
    const { admin, guest } = seed.actors;
    const list = await guest.get('/api/workspaces');
    assert.equal(list.status, 200, list.text);
    assertEach(workspaceShape, list.body, 'workspaces');
    const one = await guest.get(seed.workspaceUrl);
    assertShape(workspaceShape, one.body, 'GET workspace');
    const created = await admin.post('/api/workspaces', { name: 'Shaped', slug: `shaped-${seed.workspace.slug}`, logo: '/logos/shaped.png' });
    assert.equal(created.status, 201, created.text);
    assertShape(workspaceShape, created.body, 'POST workspace');
    assert.equal(created.body.logo, '/logos/shaped.png');
    const changed = await admin.patch(`/api/workspaces/${created.body.slug}`, { logo: null });
    assert.equal(changed.status, 200, changed.text);
    assertShape(workspaceShape, changed.body, 'PATCH workspace');
    assert.equal(changed.body.logo, null);
  });

  test('workspace members, listed, added and changed, are members', async () => {
    const { admin, guest } = seed.actors;
    const list = await guest.get(`${seed.workspaceUrl}/members`);
    assertEach(memberShape, list.body, 'members');
    const newcomer = server.client();
    const account = await newcomer.signUp();
    const added = await admin.post(`${seed.workspaceUrl}/members`, { email: account.email, role: 10 });
    assert.equal(added.status, 201, added.text);
    assertShape(memberShape, added.body, 'POST member');
    const changed = await admin.patch(`${seed.workspaceUrl}/members/${account.id}`, { role: 15 });
    assert.equal(changed.status, 200, changed.text);
    assertShape(memberShape, changed.body, 'PATCH member');
  });

  test('comments, listed, written and changed, are comments, also once their author is gone', async () => {
    const { admin, member, guest } = seed.actors;
    const issue = await member.post(`${seed.projectUrl}/issues`, { name: 'Discussed' });
    const comments = `${seed.projectUrl}/issues/${issue.body.id}/comments`;
    const created = await member.post(comments, { comment_html: '<p>First</p>' });
    assert.equal(created.status, 201, created.text);
    assertShape(commentShape, created.body, 'POST comment');
    const changed = await member.patch(`${comments}/${created.body.id}`, { comment_html: '<p>First, edited</p>' });
    assert.equal(changed.status, 200, changed.text);
    assertShape(commentShape, changed.body, 'PATCH comment');
    // An author whose account was deleted: the comment stays, without its actor.
    const leaver = server.client();
    const account = await leaver.signUp();
    assert.equal((await admin.post(`${seed.workspaceUrl}/members`, { email: account.email, role: 15 })).status, 201);
    assert.equal((await admin.post(`${seed.projectUrl}/members`, { user_id: account.id, role: 15 })).status, 201);
    assert.equal((await leaver.post(comments, { comment_html: '<p>Bye</p>' })).status, 201);
    await server.db.query('DELETE FROM users WHERE id = $1', [account.id]);
    const list = await guest.get(comments);
    assert.equal(list.status, 200, list.text);
    assertEach(commentShape, list.body, 'comments');
    assert.equal(list.body.length, 2);
    assert.equal(list.body[1].actor, null);
  });

  test('the check itself refuses an answer that drifted from its shape', async () => {
    const list = await seed.actors.guest.get(`${seed.projectUrl}/states`);
    const { sequence: _, ...missing } = list.body[0];
    assert.throws(() => assertShape(stateShape, missing, 'missing'), /sequence/);
    assert.throws(() => assertShape(stateShape, { ...list.body[0], group: 'done' }, 'enum'), /group/);
    const workspace = await seed.actors.guest.get(seed.workspaceUrl);
    assert.throws(() => assertShape(workspaceShape, { ...workspace.body, owner: 'x' }, 'extra'), /additional/i);
    assert.throws(() => assertShape(workspaceShape, { ...workspace.body, role: 12 }, 'role'), /role/);
  });
});

describe('the bodies these routes accept are their shapes', () => {
  test('what the app sends fits the bodies; a stray field or an empty change does not', () => {
    const fits = (shape: TSchema, value: unknown) => Value.Check(shape, value);
    assert.ok(fits(stateCreateBody, { name: 'Review', color: '#abc', group: 'started' }));
    assert.ok(!fits(stateCreateBody, { name: 'Review', color: 'blue', group: 'started' }));
    assert.ok(!fits(stateUpdateBody, {}));
    assert.ok(fits(labelCreateBody, { name: 'bug', color: '' }));
    assert.ok(!fits(labelUpdateBody, { name: 'bug', colour: '#fff' }));
    assert.ok(fits(workspaceCreateBody, { name: 'Acme', slug: 'acme' }));
    assert.ok(fits(projectMemberCreateBody, { user_id: '00000000-0000-4000-8000-000000000000', role: 15 }));
    assert.ok(!fits(projectMemberCreateBody, { user_id: '00000000-0000-4000-8000-000000000000', role: 16 }));
    assert.ok(!fits(projectMemberUpdateBody, { role: 15, user_id: '00000000-0000-4000-8000-000000000000' }));
    assert.ok(!fits(workspaceUpdateBody, { slug: 'other' }));
    assert.ok(fits(commentBody, { comment_html: '<p>x</p>', comment_json: { type: 'doc' } }));
    assert.ok(!fits(commentBody, { comment_json: { type: 'doc' } }));
  });

  test('the state groups are plain data the app can load without TypeBox', () => {
    const code = readFileSync(new URL('../../src/api-shapes/state-groups.ts', import.meta.url), 'utf8');
    assert.doesNotMatch(code, /^import /m);
  });
});
