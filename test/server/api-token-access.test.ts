import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { CloseCode } from '../../src/collab/protocol.js';
import { API_TOKEN_ACCESS, READ_ONLY_TOKEN_REFUSAL, type ApiTokenAccess } from '../../src/api-shapes/api-token-access.js';
import { apiTokenShape } from '../../src/api-shapes/api-token.js';
import { apiTokenAccess } from '../../src/server/db/migrations/0034-api-token-access.js';
import { newApiToken } from '../../src/server/auth/api-tokens.js';
import { EXPIRED_API_TOKEN_MESSAGE, INVALID_API_TOKEN_MESSAGE, OTHER_WORKSPACE_MESSAGE, SESSION_ONLY_MESSAGE } from '../../src/server/http/auth.js';
import { rawWithToken, withToken } from './api-token-requests.js';
import { RawConnection } from './collab-client.js';
import { seedWorkspace, startServer, type Seed, type TestServer } from './harness.js';

let server: TestServer;
let seed: Seed;
let tokensUrl: string;
let issue: { id: string; url: string; commentId: string };

before(async () => {
  server = await startServer();
  seed = await seedWorkspace(server);
  tokensUrl = `${seed.workspaceUrl}/api-tokens`;
  const made = await seed.actors.admin.post(`${seed.projectUrl}/issues`, { name: 'Read by dashboards' });
  assert.equal(made.status, 201, made.text);
  const url = `${seed.projectUrl}/issues/${made.body.id}`;
  const comment = await seed.actors.admin.post(`${url}/comments`, { comment_html: '<p>Numbers look fine.</p>' });
  assert.equal(comment.status, 201, comment.text);
  issue = { id: made.body.id, url, commentId: comment.body.id };
});
after(() => server.close());

/** A token of the workspace's admin (whose role allows every change below) with `access`, or the default one without. */
async function adminToken(access?: ApiTokenAccess): Promise<{ id: string; token: string; access: ApiTokenAccess }> {
  const response = await seed.actors.admin.post(tokensUrl, { label: `Token ${randomUUID().slice(0, 6)}`, ...(access ? { access } : {}) });
  assert.equal(response.status, 201, response.text);
  return response.body;
}

/** The stored access of token `id`. */
const storedAccess = async (id: string) => (await server.db.one<{ access: string }>('SELECT access FROM api_tokens WHERE id = $1', [id])).access;

/** Every row of the tables a refused request would have written, as text: equal before and after means nothing changed. */
async function snapshot(): Promise<Record<string, string>> {
  const tables = ['workspaces', 'projects', 'issues', 'issue_activities', 'issue_comments', 'comment_reactions', 'labels', 'favorites', 'notifications', 'export_jobs', 'api_tokens', 'webhooks'];
  const rows: Record<string, string> = {};
  for (const table of tables) {
    rows[table] = (await server.db.one<{ rows: string | null }>(`SELECT string_agg(t::text, '\n' ORDER BY t::text) AS rows FROM ${table} t`)).rows ?? '';
  }
  return rows;
}

/** The changes a program might try, each one the token's owner (an admin) may make with a session or a write token. */
const changes = (): [string, string, unknown?][] => [
  ['POST', `${seed.projectUrl}/issues`, { name: 'Filed by a dashboard' }],
  ['PATCH', issue.url, { name: 'Renamed by a dashboard' }],
  ['DELETE', issue.url],
  ['POST', `${issue.url}/comments`, { comment_html: '<p>From a report script</p>' }],
  ['PUT', `${issue.url}/comments/${issue.commentId}/reactions/rocket`],
  ['DELETE', `${issue.url}/comments/${issue.commentId}`],
  ['POST', `${seed.projectUrl}/labels`, { name: 'from-a-script' }],
  ['PATCH', seed.workspaceUrl, { name: 'Renamed by a dashboard' }],
  ['POST', `${seed.workspaceUrl}/favorites`, { kind: 'issue', entity_id: randomUUID() }],
  ['POST', `${seed.workspaceUrl}/notifications/mark-all-read`],
  ['POST', `${seed.workspaceUrl}/exports`, { provider: 'csv' }],
];

describe('making a token with an access level', () => {
  test('keeps the chosen access, lists it, and makes Read and write tokens when none is given', async () => {
    assert.ok('access' in apiTokenShape.properties, 'the listed shape has the access');
    const read = await adminToken('read');
    const write = await adminToken('write');
    const unsaid = await adminToken();
    assert.deepEqual([read.access, write.access, unsaid.access], ['read', 'write', 'write']);
    assert.deepEqual([await storedAccess(read.id), await storedAccess(write.id), await storedAccess(unsaid.id)], ['read', 'write', 'write']);
    const listed = await seed.actors.admin.get(tokensUrl);
    const accessOf = (id: string) => listed.body.find((token: { id: string }) => token.id === id)?.access;
    assert.deepEqual([accessOf(read.id), accessOf(write.id), accessOf(unsaid.id)], ['read', 'write', 'write']);
    // A member's token (made while they were an admin) keeps its level in the admins' view.
    const { hash, prefix } = newApiToken();
    const mine = await server.db.one<{ id: string }>(
      "INSERT INTO api_tokens (workspace_id, user_id, label, token_hash, token_prefix, access) VALUES ($1, $2, 'Member dashboard', $3, $4, 'read') RETURNING id",
      [seed.workspace.id, seed.users.member.id, hash, prefix],
    );
    const members = await seed.actors.admin.get(`${tokensUrl}/members`);
    assert.equal(members.body.find((token: { id: string }) => token.id === mine.id)?.access, 'read', 'the admins’ view shows it too');
  });

  test('refuses an access that is not one with a clear 400, and makes nothing', async () => {
    const count = async () => (await server.db.one<{ count: number }>('SELECT count(*)::int AS count FROM api_tokens')).count;
    const oneOf = `Access must be one of ${API_TOKEN_ACCESS.join(', ')}`;
    const cases: [unknown, string][] = [
      ['admin', oneOf],
      ['READ', oneOf],
      ['read_write', oneOf],
      ['', oneOf],
      [1, 'Access must be text'],
      [null, 'Access must be text'],
      [['read'], 'Access must be text'],
    ];
    const before = await count();
    const answers = [];
    for (const [access] of cases) answers.push(await seed.actors.admin.post(tokensUrl, { label: 'Bad access', access }));
    assert.deepEqual(answers.map((answer) => [answer.status, answer.body]), cases.map(([, error]) => [400, { error }]));
    assert.equal(await count(), before);
  });

  test('the access is never raised afterwards: no route changes a token', async () => {
    const read = await adminToken('read');
    for (const method of ['PATCH', 'PUT', 'POST']) {
      const answer = await seed.actors.admin.request(method, `${tokensUrl}/${read.id}`, { access: 'write' });
      assert.equal(answer.status, 404, `${method}: ${answer.text}`);
    }
    assert.equal(await storedAccess(read.id), 'read');
    assert.equal((await withToken(server, read.token, 'POST', `${seed.projectUrl}/issues`, { name: 'Still refused' })).status, 403);
  });
});

describe('a read-only token', () => {
  test('reads what its owner reads: GET and HEAD work', async () => {
    const { token } = await adminToken('read');
    for (const url of [seed.workspaceUrl, `${seed.workspaceUrl}/projects`, `${seed.projectUrl}/issues`, issue.url, `${issue.url}/comments`, `${seed.workspaceUrl}/members`]) {
      const answer = await withToken(server, token, 'GET', url);
      assert.equal(answer.status, 200, `GET ${url}: ${answer.text}`);
    }
    const listed = await withToken(server, token, 'GET', `${seed.projectUrl}/issues`);
    assert.ok(listed.text.includes('Read by dashboards'), listed.text);
    assert.equal((await withToken(server, token, 'HEAD', `${seed.projectUrl}/issues`)).status, 200);
  });

  test('is refused every change with 403 and the same text, and the database is left as it was', async () => {
    const { token } = await adminToken('read');
    // A first read records the token's use, so the refusals below have nothing of their own to write.
    assert.equal((await withToken(server, token, 'GET', seed.workspaceUrl)).status, 200);
    const before = await snapshot();
    for (const [method, url, body] of changes()) {
      // From anywhere: another site's Origin changes nothing for a token.
      for (const headers of [{}, { origin: 'https://dashboards.example.com' }] as Record<string, string>[]) {
        const answer = await withToken(server, token, method, url, body, headers);
        assert.deepEqual([answer.status, answer.body], [403, { error: READ_ONLY_TOKEN_REFUSAL }], `${method} ${url}`);
      }
    }
    // Beside the owner's session cookie, the token is still what the request is judged by.
    const withSession = await seed.actors.admin.request('PATCH', issue.url, { name: 'Renamed beside a session' }, { headers: { authorization: `Bearer ${token}` } });
    assert.deepEqual([withSession.status, withSession.body], [403, { error: READ_ONLY_TOKEN_REFUSAL }]);
    assert.deepEqual(await snapshot(), before);
  });

  test('is refused where a Read and write token of the same person is let through', async () => {
    const read = await adminToken('read');
    const write = await adminToken('write');
    const rename = (token: string, name: string) => withToken(server, token, 'PATCH', issue.url, { name });
    assert.equal((await rename(read.token, 'Renamed by the read token')).status, 403);
    const renamed = await rename(write.token, 'Renamed by the write token');
    assert.equal(renamed.status, 200, renamed.text);
    assert.equal(renamed.body.name, 'Renamed by the write token');
    assert.equal((await rename(write.token, 'Read by dashboards')).status, 200);
  });

  test('a row written without a level writes, as every token did before; set to read, it is refused on its next request', async () => {
    const { token, hash, prefix } = newApiToken();
    const row = await server.db.one<{ id: string }>(
      `INSERT INTO api_tokens (workspace_id, user_id, label, token_hash, token_prefix) VALUES ($1, $2, 'Made before access levels', $3, $4) RETURNING id`,
      [seed.workspace.id, seed.users.admin.id, hash, prefix],
    );
    assert.equal(await storedAccess(row.id), 'write', 'a row written without a level can write, as every token could before');
    assert.equal((await withToken(server, token, 'POST', `${seed.projectUrl}/labels`, { name: `before-${randomUUID().slice(0, 6)}` })).status, 201);
    await server.db.query("UPDATE api_tokens SET access = 'read' WHERE id = $1", [row.id]);
    const refused = await withToken(server, token, 'POST', `${seed.projectUrl}/labels`, { name: 'after' });
    assert.deepEqual([refused.status, refused.body], [403, { error: READ_ONLY_TOKEN_REFUSAL }], 'a token is read from the database on every request');
  });
});

describe('a token is judged before what it sends', () => {
  /** Writes whose body or path the route's checks would refuse (400), each sent with `token`. */
  const faultyWrites = (token: string) => [
    () => withToken(server, token, 'PATCH', issue.url, { title: 'x' }),
    () => withToken(server, token, 'POST', `${seed.projectUrl}/issues`, {}),
    () => rawWithToken(server, token, 'PATCH', issue.url, '{"name": '),
    () => rawWithToken(server, token, 'POST', `${seed.projectUrl}/labels`, 'name=x', 'application/x-www-form-urlencoded'),
    () => withToken(server, token, 'DELETE', `${seed.projectUrl}/issues/not-a-uuid`),
    () => rawWithToken(server, token, 'POST', `${seed.workspaceUrl}/file-assets`, 'not a form', 'multipart/form-data; boundary=x'),
  ];
  const lastUsed = async (id: string) => (await server.db.one<{ at: Date | null }>('SELECT last_used_at AS at FROM api_tokens WHERE id = $1', [id])).at;

  test('a read-only token is refused with 403 and insufficient_scope, and nothing is written, not even its use', async () => {
    const { id, token } = await adminToken('read');
    const before = await snapshot();
    for (const write of faultyWrites(token)) {
      const answer = await write();
      assert.deepEqual([answer.status, answer.body], [403, { error: READ_ONLY_TOKEN_REFUSAL }], answer.text);
      assert.equal(answer.headers.get('www-authenticate'), 'Bearer error="insufficient_scope"');
    }
    assert.deepEqual(await snapshot(), before);
    assert.equal(await lastUsed(id), null);
  });

  test('a token that is not one, revoked or expired is refused with 401 and invalid_token', async () => {
    const revoked = await adminToken('write');
    assert.equal((await seed.actors.admin.delete(`${tokensUrl}/${revoked.id}`)).status, 204);
    const expired = newApiToken();
    await server.db.query(
      `INSERT INTO api_tokens (workspace_id, user_id, label, token_hash, token_prefix, expires_at) VALUES ($1, $2, 'Expired', $3, $4, now() - interval '1 second')`,
      [seed.workspace.id, seed.users.admin.id, expired.hash, expired.prefix],
    );
    const before = await snapshot();
    const cases: [string, string][] = [
      [newApiToken().token, INVALID_API_TOKEN_MESSAGE],
      [revoked.token, INVALID_API_TOKEN_MESSAGE],
      [expired.token, EXPIRED_API_TOKEN_MESSAGE],
    ];
    for (const [token, error] of cases) {
      for (const write of faultyWrites(token)) {
        const answer = await write();
        assert.deepEqual([answer.status, answer.body], [401, { error }], answer.text);
        assert.equal(answer.headers.get('www-authenticate'), 'Bearer error="invalid_token"');
      }
    }
    assert.deepEqual(await snapshot(), before);
  });

  test('another workspace and the session-only routes refuse a token first too; a good token and a session still get 400', async () => {
    const write = await adminToken('write');
    const elsewhere = `/api/workspaces/no-such-workspace/projects/${seed.project.id}/issues/${issue.id}`;
    const other = await withToken(server, write.token, 'PATCH', elsewhere, { title: 'x' });
    assert.deepEqual([other.status, other.body], [403, { error: OTHER_WORKSPACE_MESSAGE }]);
    assert.equal(other.headers.get('www-authenticate'), 'Bearer error="insufficient_scope"');
    for (const answer of [
      await withToken(server, write.token, 'POST', tokensUrl, { label: 7 }),
      await rawWithToken(server, write.token, 'POST', tokensUrl, '{"label": '),
      await withToken(server, write.token, 'PATCH', '/api/users/me', { nickname: 'x' }),
    ]) {
      assert.deepEqual([answer.status, answer.body], [401, { error: SESSION_ONLY_MESSAGE }], answer.text);
    }
    // Accepted, a token's request meets the route's checks as a session's does.
    const unknownField = { error: 'Body has an unknown field "title"' };
    const byToken = await withToken(server, write.token, 'PATCH', issue.url, { title: 'x' });
    assert.deepEqual([byToken.status, byToken.body], [400, unknownField]);
    const bySession = await seed.actors.admin.patch(issue.url, { title: 'x' });
    assert.deepEqual([bySession.status, bySession.body], [400, unknownField]);
    assert.equal((await seed.actors.member.delete(`${seed.projectUrl}/issues/not-a-uuid`)).status, 400);
  });
});

describe('the other doors of a read-only token', () => {
  test('the token routes: it cannot list, make, or revoke tokens, least of all one that writes', async () => {
    const read = await adminToken('read');
    const before = await snapshot();
    const attempts: [string, string, unknown?][] = [
      ['GET', tokensUrl],
      ['GET', `${tokensUrl}/members`],
      ['POST', tokensUrl, { label: 'Escalated', access: 'write' }],
      ['POST', tokensUrl, { label: 'Escalated' }],
      ['DELETE', `${tokensUrl}/${read.id}`],
    ];
    for (const [method, url, body] of attempts) {
      for (const answer of [
        await withToken(server, read.token, method, url, body),
        await seed.actors.admin.request(method, url, body, { headers: { authorization: `Bearer ${read.token}` } }),
      ]) {
        assert.deepEqual([answer.status, answer.body], [401, { error: SESSION_ONLY_MESSAGE }], `${method} ${url}`);
      }
    }
    assert.deepEqual(await snapshot(), before);
    assert.equal(await storedAccess(read.id), 'read');
  });

  test('editing together: the websocket and its ticket refuse it, so it never holds a connection that could edit', async () => {
    const { token } = await adminToken('read');
    const name = `issue-description:${issue.id}`;
    const before = await snapshot();
    const sockets = [
      new RawConnection(server.url, name, { headers: { authorization: `Bearer ${token}` } }),
      new RawConnection(server.url, name, { client: seed.actors.admin, headers: { authorization: `Bearer ${token}` } }),
    ];
    for (const socket of sockets) assert.equal(await socket.opened, 401, 'refused before the upgrade');
    const ticket = await withToken(server, token, 'POST', '/api/collab/token', { document: name });
    assert.deepEqual([ticket.status, ticket.body], [401, { error: SESSION_ONLY_MESSAGE }]);
    // An API token is no collaboration ticket either.
    const asTicket = new RawConnection(server.url, name, { token });
    try {
      assert.equal((await asTicket.closed).code, CloseCode.unauthorized);
      assert.ok(!asTicket.received.length, 'nothing of the document was sent');
    } finally {
      asTicket.close();
    }
    assert.deepEqual(await snapshot(), before);
  });
});

describe('migration 0034', () => {
  test('gives every existing token Read and write access, and the column takes only the two levels', async () => {
    const older = await adminToken('read');
    await server.db.exec('ALTER TABLE api_tokens DROP COLUMN access');
    await server.db.exec(apiTokenAccess.sql);
    const levels = await server.db.query<{ access: string }>('SELECT DISTINCT access FROM api_tokens');
    assert.deepEqual(levels.map((row) => row.access), ['write'], 'tokens made before the levels keep every right they had');
    assert.equal(await storedAccess(older.id), 'write');
    const { hash, prefix } = newApiToken();
    await assert.rejects(
      server.db.query("INSERT INTO api_tokens (workspace_id, user_id, label, token_hash, token_prefix, access) VALUES ($1, $2, 'x', $3, $4, 'admin')", [seed.workspace.id, seed.users.admin.id, hash, prefix]),
      /api_tokens_access/,
    );
  });
});
