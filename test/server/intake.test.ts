import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { intakeIssueShape } from '../../src/api-shapes/intake.js';
import { loadExportRows } from '../../src/server/exports-jobs/export-rows.js';
import { everyMember, seedWorkspace, startServer, type Actor, type Seed, type TestServer } from './harness.js';
import { activityOf, createIssue } from './planning-fixtures.js';
import { shapeKeys } from './shape-check.js';

let server: TestServer;
let seed: Seed;
let intakeUrl: string;

const INBOX_OFF = "Inbox is disabled in this project. A project admin can turn it on in the project's features.";

before(async () => {
  server = await startServer();
  seed = await seedWorkspace(server);
  intakeUrl = `${seed.projectUrl}/intake-issues`;
  const on = await seed.actors.admin.patch(seed.projectUrl, { inbox_view: true });
  assert.equal(on.status, 200, on.text);
});
after(() => server.close());

interface Intake {
  id: string;
  issue_id: string;
  key: string;
  name: string;
  status: string;
}

/** An intake issue filed by `actor` through the API. */
async function file(actor: Actor, fields: Record<string, unknown> = {}): Promise<Intake> {
  const response = await seed.actors[actor].post(intakeUrl, { name: `Request ${randomUUID().slice(0, 6)}`, ...fields });
  assert.equal(response.status, 201, response.text);
  return response.body;
}

async function decide(id: string, body: Record<string, unknown>, actor: Actor = 'member') {
  return seed.actors[actor].patch(`${intakeUrl}/${id}`, body);
}

async function intakeCount(): Promise<number> {
  return (await server.db.one<{ count: number }>('SELECT count(*)::int AS count FROM intake_issues')).count;
}

const ids = (rows: { id: string }[]) => rows.map((row) => row.id);
const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

describe('POST …/intake-issues', () => {
  test('files an issue in the inbox: pending, numbered, stateless, with who filed it and its activity', async () => {
    const response = await seed.actors.guest.post(intakeUrl, { name: '  Export is slow ', description_html: '<p>It takes <strong>minutes</strong></p>' });
    assert.equal(response.status, 201, response.text);
    assert.deepEqual(Object.keys(response.body).sort(), shapeKeys(intakeIssueShape));
    const intake = response.body;
    assert.deepEqual(
      [intake.name, intake.status, intake.snoozed_till, intake.duplicate_of, intake.created_by.id, intake.project_id],
      ['Export is slow', 'pending', null, null, seed.users.guest.id, seed.project.id],
    );
    assert.equal(intake.description_html, '<p>It takes <strong>minutes</strong></p>');
    assert.equal(intake.key, `SEED-${intake.sequence_id}`);
    const issue = await server.db.one<{ state_id: string | null; created_by: string }>('SELECT state_id, created_by FROM issues WHERE id = $1', [intake.issue_id]);
    assert.deepEqual(issue, { state_id: null, created_by: seed.users.guest.id });
    assert.deepEqual(await activityOf(server.db, intake.issue_id, 'intake'), [
      { verb: 'created', old_value: null, new_value: 'pending', old_identifier: null, new_identifier: null, actor_id: seed.users.guest.id },
    ]);
  });

  test('refuses bad input with a clear 400 and files nothing', async () => {
    const cases: [unknown, string][] = [
      [{}, 'Name is required'],
      [{ name: '   ' }, 'Name is required'],
      [{ name: 'x'.repeat(256) }, 'Name cannot be longer than 255 characters'],
      [{ name: 'x', state_id: randomUUID() }, 'Body has an unknown field "state_id"'],
      [{ name: 'x', description_html: 5 }, 'Description html must be text'],
    ];
    const before = await intakeCount();
    const answers = [];
    for (const [body] of cases) {
      const response = await seed.actors.member.post(intakeUrl, body);
      answers.push([response.status, response.body]);
    }
    assert.deepEqual(answers, cases.map(([, error]) => [400, { error }]));
    assert.equal(await intakeCount(), before);
  });

  test('authorization matrix: everyone in the project files intake issues', async () => {
    await seed.expectMatrix('POST', intakeUrl, (actor: Actor) => ({ name: `By ${actor}` }), {
      anonymous: 401,
      nonMember: 404,
      guest: 201,
      viewer: 201,
      member: 201,
      admin: 201,
    });
  });
});

describe('GET …/intake-issues', () => {
  test('a guest sees only what they filed; the others see every request, newest first', async () => {
    const byGuest = await file('guest');
    const byMember = await file('member');
    const guestList = await seed.actors.guest.get(`${intakeUrl}?limit=100`);
    assert.equal(guestList.status, 200);
    assert.ok(ids(guestList.body).includes(byGuest.id) && !ids(guestList.body).includes(byMember.id));
    assert.ok(guestList.body.every((row: { created_by: { id: string } }) => row.created_by.id === seed.users.guest.id));
    const viewerList = (await seed.actors.viewer.get(`${intakeUrl}?limit=100`)).body;
    assert.ok(ids(viewerList).indexOf(byMember.id) < ids(viewerList).indexOf(byGuest.id), 'newest first');
    const guestOne = await seed.actors.guest.get(`${intakeUrl}/${byMember.id}`);
    assert.deepEqual([guestOne.status, guestOne.body], [404, { error: 'Intake issue not found.' }]);
  });

  test('open holds pending and snoozed-expired requests; closed holds accepted, declined and duplicates', async () => {
    const [pending, snoozed, declined, accepted, duplicate] = [await file('guest'), await file('guest'), await file('guest'), await file('guest'), await file('guest')];
    const target = await createIssue(server.db, seed.project.id, { name: 'Original' });
    assert.equal((await decide(snoozed.id, { status: 'snoozed', snoozed_till: inAnHour() })).status, 200);
    assert.equal((await decide(declined.id, { status: 'declined' })).status, 200);
    assert.equal((await decide(accepted.id, { status: 'accepted' })).status, 200);
    assert.equal((await decide(duplicate.id, { status: 'duplicate', duplicate_of: target.id })).status, 200);
    const tab = async (name?: string) => {
      const response = await seed.actors.member.get(`${intakeUrl}?limit=100${name ? `&tab=${name}` : ''}`);
      assert.equal(response.status, 200, response.text);
      assert.equal(response.headers.get('x-total-count'), String(response.body.length));
      return ids(response.body);
    };
    const open = await tab();
    assert.deepEqual(await tab('open'), open);
    assert.ok(open.includes(pending.id));
    for (const hidden of [snoozed, declined, accepted, duplicate]) assert.ok(!open.includes(hidden.id));
    const closed = await tab('closed');
    for (const shown of [declined, accepted, duplicate]) assert.ok(closed.includes(shown.id));
    for (const hidden of [pending, snoozed]) assert.ok(!closed.includes(hidden.id));
    // The snooze runs out: the request is back in the open tab.
    await server.db.query("UPDATE intake_issues SET snoozed_till = now() - interval '1 minute' WHERE id = $1", [snoozed.id]);
    assert.ok((await tab('open')).includes(snoozed.id));
  });

  test('pages with limit and offset and says the total', async () => {
    await file('admin');
    await file('admin');
    const first = await seed.actors.admin.get(`${intakeUrl}?limit=1`);
    const second = await seed.actors.admin.get(`${intakeUrl}?limit=1&offset=1`);
    assert.equal(first.body.length, 1);
    assert.notEqual(first.body[0].id, second.body[0].id);
    assert.ok(Number(first.headers.get('x-total-count')) >= 2);
  });

  test('refuses an unknown tab', async () => {
    const response = await seed.actors.member.get(`${intakeUrl}?tab=snoozed`);
    assert.deepEqual([response.status, response.body], [400, { error: 'Tab must be one of open, closed' }]);
  });

  test('authorization matrix: everyone in the project reads the inbox', async () => {
    await seed.expectMatrix('GET', intakeUrl, undefined, everyMember(200));
  });

  test('authorization matrix: a member’s request is read by all but guests', async () => {
    const intake = await file('member');
    await seed.expectMatrix('GET', `${intakeUrl}/${intake.id}`, undefined, { anonymous: 401, nonMember: 404, guest: 404, viewer: 200, member: 200, admin: 200 });
    await seed.expectMatrix('GET', `${intakeUrl}/${intake.id}/activities`, undefined, { anonymous: 401, nonMember: 404, guest: 404, viewer: 200, member: 200, admin: 200 });
  });
});

describe('PATCH …/intake-issues/:id', () => {
  test('accepting makes it a normal issue in the default state, in every list, with its activity', async () => {
    const intake = await file('guest', { name: 'Accept me please' });
    // The list is read (and kept by the server) while the request waits: accepting must refresh it.
    assert.ok(!ids((await seed.actors.viewer.get(`${seed.projectUrl}/issues?limit=100`)).body).includes(intake.issue_id));
    const response = await decide(intake.id, { status: 'accepted' });
    assert.equal(response.status, 200, response.text);
    assert.equal(response.body.status, 'accepted');
    const state = await server.db.one<{ id: string; name: string }>('SELECT id, name FROM states WHERE project_id = $1 AND is_default', [seed.project.id]);
    const detail = await seed.actors.guest.get(`${seed.projectUrl}/issues/${intake.issue_id}`);
    assert.deepEqual([detail.status, detail.body.state_id, detail.body.name], [200, state.id, 'Accept me please']);
    assert.ok(ids((await seed.actors.viewer.get(`${seed.projectUrl}/issues?limit=100`)).body).includes(intake.issue_id));
    assert.ok(ids((await seed.actors.member.get(`${seed.projectUrl}/search-issues?search=Accept me`)).body).includes(intake.issue_id));
    assert.deepEqual(await activityOf(server.db, intake.issue_id, 'intake'), [
      { verb: 'created', old_value: null, new_value: 'pending', old_identifier: null, new_identifier: null, actor_id: seed.users.guest.id },
      { verb: 'updated', old_value: 'pending', new_value: 'accepted', old_identifier: null, new_identifier: null, actor_id: seed.users.member.id },
    ]);
    assert.deepEqual(await activityOf(server.db, intake.issue_id, 'state'), [
      { verb: 'updated', old_value: '', new_value: state.name, old_identifier: null, new_identifier: state.id, actor_id: seed.users.member.id },
    ]);
    const feed = await seed.actors.guest.get(`${seed.projectUrl}/issues/${intake.issue_id}/activities`);
    assert.deepEqual(feed.body.map((row: { field: string }) => row.field), ['intake', 'intake', 'state']);
    const again = await decide(intake.id, { status: 'declined' });
    assert.deepEqual([again.status, again.body], [409, { error: 'This intake issue was already accepted: it is one of the project’s issues now.' }]);
  });

  test('declines, snoozes until a later time and marks as a duplicate, each with its activity', async () => {
    const intake = await file('guest');
    const target = await createIssue(server.db, seed.project.id, { name: 'The original' });
    assert.equal((await decide(intake.id, { status: 'declined' })).body.status, 'declined');
    const till = inAnHour();
    const snoozed = await decide(intake.id, { status: 'snoozed', snoozed_till: till });
    assert.deepEqual([snoozed.body.status, snoozed.body.snoozed_till], ['snoozed', till]);
    const duplicate = await decide(intake.id, { status: 'duplicate', duplicate_of: target.id });
    assert.deepEqual([duplicate.body.status, duplicate.body.snoozed_till, duplicate.body.duplicate_of, duplicate.body.duplicate_of__key], [
      'duplicate',
      null,
      target.id,
      `SEED-${target.sequence_id}`,
    ]);
    assert.deepEqual((await activityOf(server.db, intake.issue_id, 'intake')).map((row) => row.new_value), ['pending', 'declined']);
    assert.deepEqual((await activityOf(server.db, intake.issue_id, 'snoozed_till')).map((row) => row.new_value), [till]);
    assert.deepEqual(await activityOf(server.db, intake.issue_id, 'duplicate'), [
      { verb: 'updated', old_value: '', new_value: `SEED-${target.sequence_id}`, old_identifier: null, new_identifier: target.id, actor_id: seed.users.member.id },
    ]);
    const feed = await seed.actors.guest.get(`${intakeUrl}/${intake.id}/activities`);
    assert.deepEqual(feed.body.map((row: { field: string }) => row.field), ['intake', 'intake', 'snoozed_till', 'duplicate']);
    // Still out of the project's issues.
    assert.equal((await seed.actors.member.get(`${seed.projectUrl}/issues/${intake.issue_id}`)).status, 404);
  });

  test('refuses bad decisions with a clear 400 and changes nothing', async () => {
    const intake = await file('guest');
    const waiting = await file('guest');
    const other = await seed.actors.admin.post(`${seed.workspaceUrl}/projects`, { name: 'Elsewhere', identifier: `E${randomUUID().slice(0, 4).toUpperCase()}` });
    const elsewhere = await createIssue(server.db, other.body.id, { name: 'In another project' });
    const cases: [unknown, string][] = [
      [{}, 'Status is required'],
      [{ status: 'pending' }, 'Status must be one of accepted, declined, snoozed, duplicate'],
      [{ status: 'snoozed' }, 'Snoozed till is required to snooze an intake issue.'],
      [{ status: 'snoozed', snoozed_till: 'tomorrow' }, 'Snoozed till is not valid'],
      [{ status: 'snoozed', snoozed_till: new Date(Date.now() - 60_000).toISOString() }, 'Snoozed till must be in the future.'],
      [{ status: 'accepted', snoozed_till: inAnHour() }, 'Snoozed till goes only with the snoozed status.'],
      [{ status: 'declined', duplicate_of: randomUUID() }, 'Duplicate of goes only with the duplicate status.'],
      [{ status: 'duplicate' }, 'Duplicate of is required to mark an intake issue as a duplicate.'],
      [{ status: 'duplicate', duplicate_of: intake.issue_id }, 'An intake issue cannot be a duplicate of itself.'],
      [{ status: 'duplicate', duplicate_of: randomUUID() }, 'Duplicate of must be an issue of this project.'],
      [{ status: 'duplicate', duplicate_of: waiting.issue_id }, 'Duplicate of must be an issue of this project.'],
      [{ status: 'duplicate', duplicate_of: elsewhere.id }, 'Duplicate of must be an issue of this project.'],
      [{ status: 'declined', note: 'x' }, 'Body has an unknown field "note"'],
    ];
    const answers = [];
    for (const [body] of cases) {
      const response = await decide(intake.id, body as Record<string, unknown>);
      answers.push([response.status, response.body]);
    }
    assert.deepEqual(answers, cases.map(([, error]) => [400, { error }]));
    assert.equal((await seed.actors.member.get(`${intakeUrl}/${intake.id}`)).body.status, 'pending');
    assert.equal((await activityOf(server.db, intake.issue_id, 'intake')).length, 1);
    const missing = await decide(randomUUID(), { status: 'declined' });
    assert.deepEqual([missing.status, missing.body], [404, { error: 'Intake issue not found.' }]);
  });

  test('authorization matrix: members and admins decide; guests and viewers are refused and nothing changes', async () => {
    const intake = await file('guest');
    const responses = await seed.expectMatrix('PATCH', `${intakeUrl}/${intake.id}`, { status: 'declined' }, {
      anonymous: 401,
      nonMember: 404,
      guest: 403,
      viewer: 403,
      member: 200,
      admin: 200,
    });
    assert.deepEqual(responses.viewer.body, { error: 'This needs the Member role or higher in this project.' });
    const accepted = await file('guest');
    await seed.expectMatrix('PATCH', `${intakeUrl}/${accepted.id}`, { status: 'accepted' }, { anonymous: 401, nonMember: 404, guest: 403, viewer: 403, member: 200, admin: 409 });
    const refused = await file('guest');
    for (const actor of ['guest', 'viewer'] as const) assert.equal((await decide(refused.id, { status: 'accepted' }, actor)).status, 403);
    assert.equal((await seed.actors.member.get(`${intakeUrl}/${refused.id}`)).body.status, 'pending');
    assert.equal((await activityOf(server.db, refused.issue_id, 'intake')).length, 1);
  });
});

describe('intake issues stay out of the project’s issues until accepted', () => {
  test('no list, count, search, tab, issue route, cycle, bulk delete, parent, relation or export shows them', async () => {
    const waiting = await file('member', { name: 'Hidden request zebra' });
    const normal = await createIssue(server.db, seed.project.id, { name: 'Visible issue zebra' });
    const issueUrl = `${seed.projectUrl}/issues/${waiting.issue_id}`;
    const list = await seed.actors.member.get(`${seed.projectUrl}/issues?limit=100`);
    assert.ok(!ids(list.body).includes(waiting.issue_id) && ids(list.body).includes(normal.id));
    const count = await server.db.one<{ count: number }>(
      `SELECT count(*)::int AS count FROM issues i WHERE i.project_id = $1 AND i.deleted_at IS NULL AND i.archived_at IS NULL
         AND NOT EXISTS (SELECT 1 FROM intake_issues t WHERE t.issue_id = i.id AND t.status <> 'accepted')`,
      [seed.project.id],
    );
    assert.equal(list.headers.get('x-total-count'), String(count.count));
    for (const tab of ['all-issues', 'created', 'subscribed']) {
      const rows = (await seed.actors.member.get(`${seed.workspaceUrl}/issues?tab=${tab}&limit=100`)).body;
      assert.ok(!ids(rows).includes(waiting.issue_id), tab);
    }
    for (const query of ['search=zebra', 'search=zebra&workspace_search=true', `search=${waiting.key}`]) {
      const rows = (await seed.actors.member.get(`${seed.projectUrl}/search-issues?${query}`)).body;
      assert.ok(!ids(rows).includes(waiting.issue_id), query);
    }
    const searchFor = await seed.actors.member.get(`${seed.projectUrl}/search-issues?issue_id=${waiting.issue_id}&parent=true`);
    assert.equal(searchFor.status, 404);
    const notFound = { error: 'Issue not found.' };
    for (const [method, url, body] of [
      ['GET', issueUrl, undefined],
      ['PATCH', issueUrl, { priority: 'high' }],
      ['DELETE', issueUrl, undefined],
      ['GET', `${issueUrl}/activities`, undefined],
      ['GET', `${issueUrl}/comments`, undefined],
      ['POST', `${issueUrl}/relations`, { relation_type: 'relates_to', issue_ids: [normal.id] }],
    ] as const) {
      const response = await seed.actors.admin.request(method, url, body);
      assert.deepEqual([response.status, response.body], [404, notFound], `${method} ${url}`);
    }
    const related = await seed.actors.member.post(`${seed.projectUrl}/issues/${normal.id}/relations`, { relation_type: 'relates_to', issue_ids: [waiting.issue_id] });
    assert.equal(related.status, 400);
    const parented = await seed.actors.member.patch(`${seed.projectUrl}/issues/${normal.id}`, { parent_id: waiting.issue_id });
    assert.deepEqual([parented.status, parented.body], [400, { error: 'The parent must be an issue of the same project.' }]);
    const cycle = await seed.actors.member.post(`${seed.projectUrl}/cycles`, { name: 'Sprint' });
    const added = await seed.actors.member.post(`${seed.projectUrl}/cycles/${cycle.body.id}/cycle-issues`, { issues: [waiting.issue_id] });
    assert.deepEqual([added.status, added.body], [400, { error: 'Some of the selected issues do not exist in this project.' }]);
    const bulk = await seed.actors.member.request('DELETE', `${seed.projectUrl}/bulk-delete-issues`, { issue_ids: [waiting.issue_id] });
    assert.equal(bulk.status, 400, bulk.text);
    const rows = await loadExportRows(server.db, server.app.richText, { workspace_id: seed.workspace.id, project_ids: [seed.project.id], requested_by: seed.users.member.id });
    assert.ok(!rows.some((row) => row.key === waiting.key) && rows.some((row) => row.name === 'Visible issue zebra'));
    assert.equal((await seed.actors.member.get(`${intakeUrl}/${waiting.id}`)).body.status, 'pending', 'still waiting, untouched');
  });
});

describe('the inbox feature toggle', () => {
  test('with the inbox turned off every intake route answers 403 saying so', async () => {
    const intake = await file('member');
    const off = await seed.actors.admin.patch(seed.projectUrl, { inbox_view: false });
    assert.equal(off.status, 200);
    try {
      const disabled = everyMember(403);
      const responses = await seed.expectMatrix('GET', intakeUrl, undefined, disabled);
      assert.deepEqual(responses.guest.body, { error: INBOX_OFF });
      assert.deepEqual(responses.admin.body, { error: INBOX_OFF });
      await seed.expectMatrix('POST', intakeUrl, { name: 'Blocked' }, disabled);
      await seed.expectMatrix('GET', `${intakeUrl}/${intake.id}`, undefined, disabled);
      await seed.expectMatrix('PATCH', `${intakeUrl}/${intake.id}`, { status: 'accepted' }, { ...disabled, guest: 403, viewer: 403 });
      assert.equal((await seed.actors.member.get(`${intakeUrl}/${intake.id}`)).body.error, INBOX_OFF);
    } finally {
      await seed.actors.admin.patch(seed.projectUrl, { inbox_view: true });
    }
    assert.equal((await seed.actors.member.get(`${intakeUrl}/${intake.id}`)).body.status, 'pending');
  });
});
