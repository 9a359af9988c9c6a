import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { notificationShape } from '../../src/api-shapes/notification.js';
import { SNOOZE_IN_THE_PAST } from '../../src/server/routes/notifications.js';
import { everyMember, seedWorkspace, startServer, type Actor, type Seed, type TestServer } from './harness.js';

let server: TestServer;
let seed: Seed;

before(async () => {
  server = await startServer();
  seed = await seedWorkspace(server);
});
after(() => server.close());

type Person = Exclude<Actor, 'anonymous'>;
type Listed = { id: string; kind: string; issue_id: string; issue_key: string; issue_name: string; actor: { id: string } | null; detail: string | null; read_at: string | null; snoozed_till: string | null; archived_at: string | null };

const url = (query = '') => `${seed.workspaceUrl}/notifications${query}`;

/** A mention of `person` as the editor writes it. */
const mention = (person: Person) => {
  const user = seed.users[person];
  return `<span data-type="mention" data-id="${user.id}" data-label="${person}" data-target="users" data-entity-identifier="${user.id}" data-entity-name="user_mention">@${person}</span>`;
};

async function newIssue(actor: Person = 'member', fields: Record<string, unknown> = {}, projectUrl = seed.projectUrl) {
  const response = await seed.actors[actor].post(`${projectUrl}/issues`, { name: `Issue ${randomUUID().slice(0, 6)}`, ...fields });
  assert.equal(response.status, 201, response.text);
  return { id: response.body.id as string, url: `${projectUrl}/issues/${response.body.id}`, key: `${seed.project.identifier}-${response.body.sequence_id}` };
}

async function list(person: Person, query = ''): Promise<Listed[]> {
  const response = await seed.actors[person].get(url(query));
  assert.equal(response.status, 200, response.text);
  return response.body;
}

/** What `person` was told about issue `issueId`: [kind, actor] pairs, oldest first. */
async function toldAbout(person: Person, issueId: string): Promise<[string, Person | null][]> {
  const names = new Map(Object.entries(seed.users).map(([name, user]) => [user.id, name as Person]));
  const rows = await server.db.query<{ kind: string; actor_id: string | null }>(
    'SELECT kind, actor_id FROM notifications WHERE receiver_id = $1 AND issue_id = $2 ORDER BY created_at, kind',
    [seed.users[person].id, issueId],
  );
  return rows.map((row) => [row.kind, row.actor_id ? names.get(row.actor_id)! : null]);
}

async function stateNamed(name: string): Promise<string> {
  const states = (await seed.actors.member.get(`${seed.projectUrl}/states`)).body as { id: string; name: string }[];
  return states.find((state) => state.name === name)!.id;
}

describe('notifications are written with the change that causes them', () => {
  test('assigning someone tells them, at creation and later; never the one who assigns themselves', async () => {
    const issue = await newIssue('member', { assignee_ids: [seed.users.viewer.id, seed.users.member.id] });
    assert.deepEqual(await toldAbout('viewer', issue.id), [['assigned', 'member']]);
    assert.deepEqual(await toldAbout('member', issue.id), []);
    assert.equal((await seed.actors.member.patch(issue.url, { assignee_ids: [seed.users.viewer.id, seed.users.guest.id] })).status, 200);
    assert.deepEqual(await toldAbout('guest', issue.id), [['assigned', 'member']]);
    assert.deepEqual(await toldAbout('viewer', issue.id), [['assigned', 'member']], 'kept assignees are not told again');
    const [row] = await list('guest');
    assert.deepEqual(
      { kind: row!.kind, issue_id: row!.issue_id, issue_key: row!.issue_key, actor: row!.actor?.id, read_at: row!.read_at, snoozed_till: row!.snoozed_till, archived_at: row!.archived_at },
      { kind: 'assigned', issue_id: issue.id, issue_key: issue.key, actor: seed.users.member.id, read_at: null, snoozed_till: null, archived_at: null },
    );
    assert.deepEqual(Object.keys(row!).sort(), Object.keys(notificationShape.properties).sort());
  });

  test('a mention in a description tells the person once, when it appears', async () => {
    const issue = await newIssue('member', { description_html: `<p>Ask ${mention('viewer')} and ${mention('member')}</p>` });
    assert.deepEqual(await toldAbout('viewer', issue.id), [['mentioned', 'member']]);
    assert.deepEqual(await toldAbout('member', issue.id), [], 'mentioning yourself tells nobody');
    const description = (await seed.actors.member.get(`${issue.url}/description`)).body as { version: number };
    const saved = await seed.actors.admin.put(`${issue.url}/description`, {
      description_html: `<p>Ask ${mention('viewer')}, then ${mention('guest')}</p>`,
      version: description.version,
    });
    assert.equal(saved.status, 200, saved.text);
    assert.deepEqual(await toldAbout('viewer', issue.id), [['mentioned', 'member']], 'a mention already there is not news');
    assert.deepEqual(await toldAbout('guest', issue.id), [['mentioned', 'admin']]);
  });

  test('a comment tells the creator and the subscribers, and those it mentions as a mention', async () => {
    const issue = await newIssue('member');
    assert.equal((await seed.actors.guest.post(`${issue.url}/subscribe`)).status, 200);
    const comment = await seed.actors.admin.post(`${issue.url}/comments`, { comment_html: `<p>Over to ${mention('guest')} and ${mention('viewer')}</p>` });
    assert.equal(comment.status, 201, comment.text);
    assert.deepEqual(await toldAbout('member', issue.id), [['commented', 'admin']]);
    assert.deepEqual(await toldAbout('guest', issue.id), [['mentioned_in_comment', 'admin']]);
    assert.deepEqual(await toldAbout('viewer', issue.id), [['mentioned_in_comment', 'admin']]);
    assert.deepEqual(await toldAbout('admin', issue.id), [], 'the commenter is not told');
    // Editing the comment tells only whom it newly mentions.
    const edited = await seed.actors.admin.patch(`${issue.url}/comments/${comment.body.id}`, { comment_html: `<p>Over to ${mention('guest')}, ${mention('viewer')}, ${mention('member')}</p>` });
    assert.equal(edited.status, 200, edited.text);
    assert.deepEqual(await toldAbout('member', issue.id), [['commented', 'admin'], ['mentioned_in_comment', 'admin']]);
    assert.deepEqual(await toldAbout('viewer', issue.id), [['mentioned_in_comment', 'admin']]);
  });

  test('a state change tells the creator and the subscribers with the new state, not the one who made it', async () => {
    const issue = await newIssue('member');
    await seed.actors.viewer.post(`${issue.url}/subscribe`);
    assert.equal((await seed.actors.admin.patch(issue.url, { state_id: await stateNamed('In Progress') })).status, 200);
    assert.deepEqual(await toldAbout('member', issue.id), [['state_changed', 'admin']]);
    assert.deepEqual(await toldAbout('viewer', issue.id), [['state_changed', 'admin']]);
    assert.deepEqual(await toldAbout('admin', issue.id), []);
    assert.equal((await list('viewer')).find((row) => row.issue_id === issue.id)!.detail, 'In Progress');
    // The creator changing the state of their own issue tells only the others.
    await seed.actors.member.patch(issue.url, { state_id: await stateNamed('Done') });
    assert.deepEqual(await toldAbout('member', issue.id), [['state_changed', 'admin']]);
    assert.equal((await toldAbout('viewer', issue.id)).length, 2);
  });

  test('nobody who cannot open the issue is told, and what they were told before leaves their list', async () => {
    const other = await seed.actors.admin.post(`${seed.workspaceUrl}/projects`, { name: 'Private', identifier: `P${randomUUID().slice(0, 4).toUpperCase()}` });
    assert.equal(other.status, 201, other.text);
    const otherUrl = `${seed.workspaceUrl}/projects/${other.body.id}`;
    const issue = await newIssue('admin', { description_html: `<p>${mention('viewer')} ${mention('nonMember')}</p>` }, otherUrl);
    assert.deepEqual(await toldAbout('viewer', issue.id), []);
    assert.deepEqual(await toldAbout('nonMember', issue.id), []);
    // A subscriber removed from the project hears nothing more, and no longer sees what came before.
    const shared = await newIssue('member', { assignee_ids: [seed.users.guest.id] });
    await seed.actors.admin.post(`${otherUrl}/members`, { user_id: seed.users.guest.id, role: 5 });
    assert.equal((await list('guest')).filter((row) => row.issue_id === shared.id).length, 1);
    assert.equal((await seed.actors.admin.delete(`${seed.projectUrl}/members/${seed.users.guest.id}`)).status, 204);
    await seed.actors.admin.patch(shared.url, { state_id: await stateNamed('Todo') });
    assert.deepEqual(await toldAbout('guest', shared.id), [['assigned', 'member']]);
    assert.equal((await list('guest')).filter((row) => row.issue_id === shared.id).length, 0);
    assert.equal((await seed.actors.admin.post(`${seed.projectUrl}/members`, { user_id: seed.users.guest.id, role: 5 })).status, 201);
  });
});

describe('GET /workspaces/:slug/notifications and its tabs and filters', () => {
  test('newest first, paged with x-total-count, narrowed by tab, unread, snoozed and archived', async () => {
    const { actors, users } = seed;
    const before = (await list('viewer')).length;
    const assigned = await newIssue('member', { assignee_ids: [users.viewer.id] });
    const created = await newIssue('admin');
    await actors.viewer.post(`${created.url}/subscribe`);
    await actors.member.post(`${created.url}/comments`, { comment_html: '<p>Hello</p>' });
    const rows = await list('viewer');
    assert.equal(rows.length, before + 2);
    assert.deepEqual(rows.slice(0, 2).map((row) => [row.kind, row.issue_id]), [['commented', created.id], ['assigned', assigned.id]]);
    const page = await actors.viewer.get(url('?limit=1&offset=1'));
    assert.equal(page.headers.get('x-total-count'), String(before + 2));
    assert.deepEqual(page.body.map((row: Listed) => row.issue_id), [assigned.id]);
    assert.ok((await list('viewer', '?tab=my-issues')).some((row) => row.issue_id === assigned.id));
    assert.ok(!(await list('viewer', '?tab=my-issues')).some((row) => row.issue_id === created.id));
    assert.ok((await list('viewer', '?tab=subscribed')).some((row) => row.issue_id === created.id));
    assert.ok(!(await list('viewer', '?tab=created')).some((row) => row.issue_id === created.id));
    const commented = rows[0]!;
    await actors.viewer.patch(url(`/${commented.id}`), { read: true });
    assert.ok(!(await list('viewer', '?unread=true')).some((row) => row.id === commented.id));
    await actors.viewer.patch(url(`/${commented.id}`), { snoozed_till: new Date(Date.now() + 86_400_000).toISOString() });
    assert.ok(!(await list('viewer')).some((row) => row.id === commented.id), 'snoozed: out of the default list');
    assert.deepEqual((await list('viewer', '?snoozed=true')).map((row) => row.id), [commented.id]);
    await actors.viewer.patch(url(`/${commented.id}`), { archived: true });
    assert.deepEqual((await list('viewer', '?snoozed=true')).map((row) => row.id), []);
    assert.deepEqual((await list('viewer', '?archived=true')).map((row) => row.id), [commented.id]);
  });

  test('bad queries are refused', async () => {
    for (const [query, error] of [
      ['?tab=assigned', /Tab must be one of/],
      ['?unread=yes', /Unread must be one of/],
      ['?limit=-1', /Limit/],
      ['?sort=asc', /unknown field "sort"/],
    ] as const) {
      const response = await seed.actors.member.get(url(query));
      assert.equal(response.status, 400, query);
      assert.match(response.body.error, error, query);
    }
  });

  test('authorization matrix: every workspace member reads their own', async () => {
    await seed.expectMatrix('GET', url(), undefined, everyMember(200));
    await seed.expectMatrix('GET', url('/unread-count'), undefined, everyMember(200));
    await seed.expectMatrix('POST', url('/mark-all-read'), undefined, everyMember(200));
  });
});

describe('PATCH /workspaces/:slug/notifications/:notificationId', () => {
  async function freshNotification(person: Person = 'viewer'): Promise<Listed> {
    const issue = await newIssue(person === 'member' ? 'admin' : 'member', { assignee_ids: [seed.users[person].id] });
    return (await list(person)).find((row) => row.issue_id === issue.id)!;
  }

  test('marks read and unread, snoozes and wakes, archives and restores, answering the notification', async () => {
    const notification = await freshNotification();
    const change = async (body: unknown) => {
      const response = await seed.actors.viewer.patch(url(`/${notification.id}`), body);
      assert.equal(response.status, 200, response.text);
      return response.body as Listed;
    };
    const read = await change({ read: true });
    assert.ok(read.read_at);
    assert.equal((await change({ read: true })).read_at, read.read_at, 'reading again keeps the first time');
    assert.equal((await change({ read: false })).read_at, null);
    const till = new Date(Date.now() + 3 * 86_400_000).toISOString();
    assert.equal((await change({ snoozed_till: till })).snoozed_till, till);
    assert.equal((await change({ snoozed_till: null })).snoozed_till, null);
    assert.ok((await change({ archived: true, read: true })).archived_at);
    assert.equal((await change({ archived: false })).archived_at, null);
  });

  test('bad input gets a 400 with its sentence and changes nothing', async () => {
    const notification = await freshNotification();
    const cases: [unknown, string | RegExp][] = [
      [{ snoozed_till: new Date(Date.now() - 60_000).toISOString() }, SNOOZE_IN_THE_PAST],
      [{ snoozed_till: 'tomorrow' }, 'Snoozed till is not valid'],
      [{ snoozed_till: '2030-02-30T10:00:00Z' }, 'Snoozed till is not valid'],
      [{ read: 'yes' }, /Read must be/],
      [{}, 'Body needs at least one field'],
      [{ read: true, receiver_id: seed.users.admin.id }, 'Body has an unknown field "receiver_id"'],
    ];
    for (const [body, error] of cases) {
      const response = await seed.actors.viewer.patch(url(`/${notification.id}`), body);
      assert.equal(response.status, 400, JSON.stringify(body));
      if (typeof error === 'string') assert.equal(response.body.error, error);
      else assert.match(response.body.error, error);
    }
    const stored = (await list('viewer')).find((row) => row.id === notification.id)!;
    assert.deepEqual(stored, notification);
    const badId = await seed.actors.viewer.patch(url('/not-an-id'), { read: true });
    assert.equal(badId.status, 400);
  });

  test("someone else's notification and an unknown id are alike not found, and stay as they were", async () => {
    const notification = await freshNotification('member');
    for (const actor of ['viewer', 'admin'] as const) {
      const response = await seed.actors[actor].patch(url(`/${notification.id}`), { read: true });
      assert.equal(response.status, 404, actor);
      assert.equal(response.body.error, 'Notification not found.');
    }
    const unknown = await seed.actors.member.patch(url(`/${randomUUID()}`), { read: true });
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.error, 'Notification not found.');
    assert.equal((await list('member')).find((row) => row.id === notification.id)!.read_at, null);
  });

  test('authorization matrix: only the receiver changes it', async () => {
    const notification = await freshNotification('member');
    await seed.expectMatrix('PATCH', url(`/${notification.id}`), { read: true }, { anonymous: 401, nonMember: 404, guest: 404, viewer: 404, member: 200, admin: 404 });
  });
});

describe('the unread count', () => {
  test('counts unread, awake notifications; answers 304 to its own ETag until something changes', async () => {
    const { actors } = seed;
    await actors.guest.post(url('/mark-all-read'));
    const first = await actors.guest.get(url('/unread-count'));
    assert.deepEqual(first.body, { unread: 0 });
    const etag = first.headers.get('etag')!;
    assert.ok(etag);
    const same = await actors.guest.get(url('/unread-count'), { headers: { 'if-none-match': etag } });
    assert.equal(same.status, 304);
    assert.equal(same.text, '');
    const issue = await newIssue('member', { assignee_ids: [seed.users.guest.id] });
    const risen = await actors.guest.get(url('/unread-count'), { headers: { 'if-none-match': etag } });
    assert.equal(risen.status, 200);
    assert.deepEqual(risen.body, { unread: 1 });
    assert.notEqual(risen.headers.get('etag'), etag);
    const notification = (await list('guest')).find((row) => row.issue_id === issue.id)!;
    await actors.guest.patch(url(`/${notification.id}`), { snoozed_till: new Date(Date.now() + 86_400_000).toISOString() });
    assert.deepEqual((await actors.guest.get(url('/unread-count'))).body, { unread: 0 }, 'a snoozed one is not counted');
    await actors.guest.patch(url(`/${notification.id}`), { snoozed_till: null });
    assert.deepEqual((await actors.guest.get(url('/unread-count'))).body, { unread: 1 });
    const marked = await actors.guest.post(url('/mark-all-read'));
    assert.deepEqual(marked.body, { updated: 1 });
    assert.deepEqual((await actors.guest.get(url('/unread-count'))).body, { unread: 0 });
  });

  test('a mention subscribes the person, so the mention is in a tab; what is in no tab is not counted', async () => {
    const { actors } = seed;
    await actors.viewer.post(url('/mark-all-read'));
    const issue = await newIssue('member');
    const comment = await actors.admin.post(`${issue.url}/comments`, { comment_html: `<p>Over to ${mention('viewer')}</p>` });
    assert.equal(comment.status, 201, comment.text);
    assert.deepEqual((await actors.viewer.get(url('/unread-count'))).body, { unread: 1 });
    const subscribed = await list('viewer', '?tab=subscribed');
    assert.deepEqual(
      subscribed.filter((row) => row.issue_id === issue.id).map((row) => row.kind),
      ['mentioned_in_comment'],
      'the mention is in the Subscribed tab',
    );
    // Unsubscribed (neither its creator nor an assignee): the mention is in no tab, and not counted.
    assert.equal((await actors.viewer.delete(`${issue.url}/subscribe`)).status, 200);
    assert.deepEqual((await list('viewer', '?tab=subscribed')).filter((row) => row.issue_id === issue.id), []);
    assert.deepEqual((await actors.viewer.get(url('/unread-count'))).body, { unread: 0 });
  });

  test('mark all read takes the tab: only the notifications it lists', async () => {
    const { actors, users } = seed;
    const assigned = await newIssue('member', { assignee_ids: [users.guest.id] });
    const followed = await newIssue('member');
    await actors.guest.post(`${followed.url}/subscribe`);
    await actors.admin.post(`${followed.url}/comments`, { comment_html: '<p>News</p>' });
    await actors.member.patch(assigned.url, { assignee_ids: [] });
    const marked = await actors.guest.post(url('/mark-all-read?tab=my-issues'));
    assert.deepEqual(marked.body, { updated: 0 }, 'no longer assigned: not in my issues');
    assert.deepEqual((await actors.guest.post(url('/mark-all-read?tab=subscribed'))).body, { updated: 2 });
  });
});
