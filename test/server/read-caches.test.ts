import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { displayUserShape } from '../../src/api-shapes/user.js';
import { CHANGES_CHANNEL } from '../../src/server/cache/read-caches.js';
import { ScopedCache } from '../../src/server/cache/scoped-cache.js';
import { COUNTED_SERVER_ENV, seedWorkspace, startServer, statementsDuring, type Seed, type TestServer } from './harness.js';

// What a server keeps in memory between changes (sessions, roles, issue lists: see
// src/server/cache) must never answer with what was there before a change: the change's own
// client sees it at once, and so does everyone after a change made anywhere else.

let server: TestServer;
let seed: Seed;
let issueId: string;
let labelId: string;

before(async () => {
  server = await startServer(COUNTED_SERVER_ENV);
  seed = await seedWorkspace(server);
  const label = await seed.actors.admin.post(`${seed.projectUrl}/labels`, { name: 'bug', color: '#336699' });
  assert.equal(label.status, 201, label.text);
  labelId = label.body.id;
  const issue = await seed.actors.admin.post(`${seed.projectUrl}/issues`, {
    name: 'Kept issue',
    label_ids: [labelId],
    assignee_ids: [seed.users.member.id],
  });
  assert.equal(issue.status, 201, issue.text);
  issueId = issue.body.id;
});

after(async () => {
  await server?.close();
});

const list = () => seed.actors.viewer.get(`${seed.projectUrl}/issues?limit=50`);
const listedIssue = async () => {
  const response = await list();
  assert.equal(response.status, 200, response.text);
  return response.body.find((issue: { id: string }) => issue.id === issueId);
};

/** Runs a statement as another process would: on a connection of its own (PGlite has only one). */
async function elsewhere(sql: string, params: unknown[]): Promise<void> {
  if (server.kind === 'pglite') {
    await server.db.query(sql, params);
    return;
  }
  const client = new pg.Client({ connectionString: server.config.databaseUrl! });
  await client.connect();
  try {
    await client.query(sql, params);
  } finally {
    await client.end();
  }
}

/** Polls `read` until `done` holds, for at most `ms`; the last value. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 2_000): Promise<T> {
  const until = Date.now() + ms;
  let value = await read();
  while (!done(value) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 5));
    value = await read();
  }
  return value;
}

describe('the issue list, kept between changes', () => {
  test('shows every change made through the API on the next read: the issue, its labels and assignees, a label, a state, a person', async () => {
    assert.equal((await listedIssue()).name, 'Kept issue');
    assert.equal((await list()).text, (await list()).text);

    const renamed = await seed.actors.member.patch(`${seed.projectUrl}/issues/${issueId}`, { name: 'Renamed issue', priority: 'high' });
    assert.equal(renamed.status, 200, renamed.text);
    let issue = await listedIssue();
    assert.equal(issue.name, 'Renamed issue');
    assert.equal(issue.priority, 'high');

    const relabelled = await seed.actors.admin.patch(`${seed.projectUrl}/labels/${labelId}`, { name: 'defect' });
    assert.equal(relabelled.status, 200, relabelled.text);
    assert.deepEqual((await listedIssue()).labels.map((l: { name: string }) => l.name), ['defect']);

    const assigned = await seed.actors.member.patch(`${seed.projectUrl}/issues/${issueId}`, { assignee_ids: [seed.users.admin.id, seed.users.member.id] });
    assert.equal(assigned.status, 200, assigned.text);
    assert.equal((await listedIssue()).assignees.length, 2);

    const renamedPerson = await seed.actors.member.patch('/api/users/me', { display_name: 'Mia Member' });
    assert.equal(renamedPerson.status, 200, renamedPerson.text);
    issue = await listedIssue();
    assert.ok(issue.assignees.some((a: { display_name: string }) => a.display_name === 'Mia Member'), JSON.stringify(issue.assignees));

    const stateId = issue.state_id as string;
    const recoloured = await seed.actors.admin.patch(`${seed.projectUrl}/states/${stateId}`, { name: 'Queued' });
    assert.equal(recoloured.status, 200, recoloured.text);
    assert.equal((await listedIssue()).state__name, 'Queued');

    const created = await seed.actors.member.post(`${seed.projectUrl}/issues`, { name: 'Newest issue' });
    assert.equal(created.status, 201, created.text);
    const afterCreate = await list();
    assert.equal(afterCreate.body[0].name, 'Newest issue');
    assert.equal(afterCreate.headers.get('x-total-count'), '2');

    const deleted = await seed.actors.member.request('DELETE', `${seed.projectUrl}/issues/${created.body.id}`);
    assert.equal(deleted.status, 204, deleted.text);
    const afterDelete = await list();
    assert.equal(afterDelete.headers.get('x-total-count'), '1');
    assert.ok(afterDelete.body.every((i: { id: string }) => i.id !== created.body.id));
  });

  test('shows a change made by another process on the same database as soon as the database announces it', async () => {
    await listedIssue();
    await elsewhere('UPDATE issues SET name = $2 WHERE id = $1', [issueId, 'Renamed elsewhere']);
    const issue = await eventually(listedIssue, (value) => value.name === 'Renamed elsewhere');
    assert.equal(issue.name, 'Renamed elsewhere');
  });

  test('keeps a page per query: filters and pages are answered apart', async () => {
    const all = await seed.actors.viewer.get(`${seed.projectUrl}/issues?limit=50`);
    const urgent = await seed.actors.viewer.get(`${seed.projectUrl}/issues?priority=urgent&limit=50`);
    const urgentAgain = await seed.actors.viewer.get(`${seed.projectUrl}/issues?limit=50&priority=urgent`);
    assert.equal(all.body.length, 1);
    assert.deepEqual(urgent.body, []);
    assert.equal(urgent.headers.get('x-total-count'), '0');
    assert.deepEqual(urgentAgain.body, []);
  });
});

describe('sessions and roles, kept between changes', () => {
  test('a signed-out session is refused on the next request', async () => {
    const client = server.client();
    await client.signUp({ email: `leaver-${Date.now()}@example.com`, display_name: 'Leaver' });
    const cookie = client.cookie('session')!;
    assert.equal((await client.get('/api/users/me')).status, 200);
    assert.equal((await client.get('/api/users/me')).status, 200);
    const out = await client.post('/api/auth/sign-out');
    assert.ok(out.status < 300, out.text);
    const replayed = await server.client().get('/api/users/me', { headers: { cookie: `session=${cookie}` } });
    assert.equal(replayed.status, 401);
  });

  test('a session ended in the database by another process is refused as soon as the database announces it', async () => {
    const client = server.client();
    const user = await client.signUp({ email: `ended-${Date.now()}@example.com`, display_name: 'Ended' });
    assert.equal((await client.get('/api/users/me')).status, 200);
    await elsewhere('DELETE FROM sessions WHERE user_id = $1', [user.id]);
    const answer = await eventually(() => client.get('/api/users/me'), (response) => response.status === 401);
    assert.equal(answer.status, 401);
  });

  test('someone removed from a project cannot read it on the next request; lowered in the workspace, they lose what the role allowed', async () => {
    const guest = seed.actors.guest;
    assert.equal((await guest.get(`${seed.projectUrl}/issues`)).status, 200);
    const removed = await seed.actors.admin.request('DELETE', `${seed.projectUrl}/members/${seed.users.guest.id}`);
    assert.ok(removed.status < 300, removed.text);
    assert.equal((await guest.get(`${seed.projectUrl}/issues`)).status, 404);

    const member = seed.actors.member;
    assert.equal((await member.post(`${seed.projectUrl}/issues`, { name: 'Allowed' })).status, 201);
    const lowered = await seed.actors.admin.patch(`${seed.projectUrl}/members/${seed.users.member.id}`, { role: 10 });
    assert.equal(lowered.status, 200, lowered.text);
    assert.equal((await member.post(`${seed.projectUrl}/issues`, { name: 'Refused' })).status, 403);
  });
});

describe("a person's row", () => {
  /** The change messages the statement announces (see migrations 0009 and 0010). */
  async function announced(sql: string, params: unknown[]): Promise<string[]> {
    const heard: string[] = [];
    const listener = await server.db.listen(CHANGES_CHANNEL, { message: (payload) => heard.push(payload), lost() {}, restored() {} });
    try {
      await elsewhere(sql, params);
      await listener.sync();
    } finally {
      await listener.close();
    }
    return heard;
  }

  test("a change the lists do not show (a theme) drops that person's own sessions only; each column they show drops everything", async () => {
    const person = await server.db.one<{ id: string }>(`INSERT INTO users (email, display_name) VALUES ($1, 'Row') RETURNING id`, [`row-${Date.now()}@example.com`]);
    assert.deepEqual(await announced(`UPDATE users SET theme = '{"theme":"custom"}'::jsonb WHERE id = $1`, [person.id]), [`u:${person.id}`]);
    assert.deepEqual(await announced(`UPDATE users SET last_name = 'Else' WHERE id = $1`, [person.id]), [`u:${person.id}`]);
    // Every column of the display user the issue lists show, from its one definition.
    const shown = Object.entries(displayUserShape.properties).filter(([column]) => column !== 'id');
    assert.ok(shown.length >= 4);
    for (const [column, schema] of shown) {
      const change = (schema as { type?: string }).type === 'boolean' ? `NOT ${column}` : `COALESCE(${column}, '') || 'x'`;
      assert.deepEqual(await announced(`UPDATE users SET ${column} = ${change} WHERE id = $1`, [person.id]), [`u:${person.id}`, '*'], column);
    }
    assert.deepEqual(await announced('DELETE FROM users WHERE id = $1', [person.id]), [`u:${person.id}`, '*']);
  });

  test("a person saving their theme leaves everyone else's kept answers kept, and reads their own row afresh", async () => {
    await list();
    const before = await seed.actors.admin.get('/api/users/me');
    assert.equal(before.status, 200, before.text);
    await elsewhere(`UPDATE users SET theme = '{"theme":"custom"}'::jsonb WHERE id = $1`, [seed.users.admin.id]);
    const own = await eventually(
      () => seed.actors.admin.get('/api/users/me'),
      (response) => response.body.updated_at !== before.body.updated_at,
    );
    assert.notEqual(own.body.updated_at, before.body.updated_at, "the admin's session was read again");
    const statements = await statementsDuring(server, () => list());
    assert.deepEqual(statements, [], "the viewer's session and the list stay kept");
  });
});

describe('READ_CACHE=off', () => {
  test('reads the session, the roles and the list from the database on every request', async () => {
    const uncached = await startServer({ ...COUNTED_SERVER_ENV, READ_CACHE: 'off' });
    try {
      const own = await seedWorkspace(uncached);
      const statements = await statementsDuring(uncached, async () => {
        for (let i = 0; i < 3; i++) assert.equal((await own.actors.viewer.get(`${own.projectUrl}/issues`)).status, 200);
      });
      assert.equal(statements.length, 9);
    } finally {
      await uncached.close();
    }
  });
});

describe('ScopedCache', () => {
  test('an answer loaded while one of its scopes changed is answered but not kept', async () => {
    const cache = new ScopedCache<string>({ maxEntries: 10 });
    let release!: () => void;
    const loading = cache.through('k', ['p:1'], () => new Promise<string>((resolve) => (release = () => resolve('old'))));
    cache.drop('p:1');
    release();
    assert.equal(await loading, 'old');
    assert.equal(cache.get('k'), undefined);
    // A change elsewhere does not stop it from being kept.
    const kept = cache.through('k', ['p:1'], () => new Promise<string>((resolve) => (release = () => resolve('new'))));
    cache.drop('p:2');
    release();
    await kept;
    assert.equal(cache.get('k'), 'new');
  });

  test('an answer whose scopes are known only once loaded is not kept after any change meanwhile', async () => {
    const cache = new ScopedCache<{ user: string }>({ maxEntries: 10 });
    let release!: () => void;
    const loading = cache.fill('s', (value) => [`u:${value.user}`], () => new Promise<{ user: string }>((resolve) => (release = () => resolve({ user: 'a' }))));
    cache.drop('u:b');
    release();
    await loading;
    assert.equal(cache.get('s'), undefined);
  });

  test('drops the least recently used answers past its count and byte budgets, and a dropped scope drops its answers only', async () => {
    const cache = new ScopedCache<string>({ maxEntries: 3, maxBytes: 10, sizeOf: (value) => value.length });
    for (const key of ['a', 'b', 'c']) await cache.through(key, [`p:${key}`], async () => '1');
    cache.get('a');
    await cache.through('d', ['p:d'], async () => '1');
    assert.deepEqual(['a', 'b', 'c', 'd'].map((key) => cache.get(key) !== undefined), [true, false, true, true]);
    await cache.through('e', ['p:e'], async () => '123456789');
    assert.equal(cache.get('e'), '123456789');
    assert.equal(cache.size, 1 + ['a', 'c', 'd'].filter((key) => cache.get(key) !== undefined).length);
    await cache.through('big', ['p:big'], async () => 'x'.repeat(11));
    assert.equal(cache.get('big'), undefined);
    cache.drop('p:e');
    assert.equal(cache.get('e'), undefined);
  });

  test('disabled, it keeps and answers nothing', async () => {
    const cache = new ScopedCache<string>({ maxEntries: 3 });
    await cache.through('a', [], async () => '1');
    cache.setEnabled(false);
    assert.equal(cache.get('a'), undefined);
    let loads = 0;
    await cache.through('a', [], async () => String(++loads));
    await cache.through('a', [], async () => String(++loads));
    assert.equal(loads, 2);
  });
});
