import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { apiTokenShape, createdApiTokenShape, memberApiTokenShape } from '../../src/api-shapes/api-token.js';
import { hashApiToken, newApiToken } from '../../src/server/auth/api-tokens.js';
import { EXPIRED_API_TOKEN_MESSAGE, INVALID_API_TOKEN_MESSAGE, OTHER_WORKSPACE_MESSAGE, SESSION_ONLY_MESSAGE } from '../../src/server/http/auth.js';
import { adminsOnly, everyMember, seedWorkspace, startServer, type Actor, type Seed, type TestServer } from './harness.js';
import { withToken } from './api-token-requests.js';

let server: TestServer;
let seed: Seed;
let tokensUrl: string;

before(async () => {
  server = await startServer();
  seed = await seedWorkspace(server);
  tokensUrl = `${seed.workspaceUrl}/api-tokens`;
});
after(() => server.close());

const LISTED_KEYS = Object.keys(apiTokenShape.properties).sort();
const CREATED_KEYS = Object.keys(createdApiTokenShape.properties).sort();
const MEMBER_TOKEN_KEYS = Object.keys(memberApiTokenShape.properties).sort();

/** A token made by `actor` through the API. */
async function newToken(actor: Actor, fields: Record<string, unknown> = {}) {
  const response = await seed.actors[actor].post(tokensUrl, { label: `Token ${randomUUID().slice(0, 6)}`, ...fields });
  assert.equal(response.status, 201, response.text);
  return response.body as { id: string; label: string; token: string; token_prefix: string; expires_at: string | null };
}

/**
 * A token of the workspace's member, written as one made before only admins made tokens (or while
 * its owner was an admin) is stored: they keep it, list it and revoke it.
 */
async function memberToken(label = `Token ${randomUUID().slice(0, 6)}`) {
  const { token, hash, prefix } = newApiToken();
  const row = await server.db.one<{ id: string }>(
    'INSERT INTO api_tokens (workspace_id, user_id, label, token_hash, token_prefix) VALUES ($1, $2, $3, $4, $5) RETURNING id',
    [seed.workspace.id, seed.users.member.id, label, hash, prefix],
  );
  return { id: row.id, label, token, token_prefix: prefix };
}

async function tokenCount(): Promise<number> {
  return (await server.db.one<{ count: number }>('SELECT count(*)::int AS count FROM api_tokens')).count;
}

describe('POST …/api-tokens', () => {
  test('makes a token, shows its secret once and keeps only its hash', async () => {
    const expires = new Date(Date.now() + 7 * 86_400_000).toISOString();
    const response = await seed.actors.admin.post(tokensUrl, { label: '  CI deploys  ', expires_at: expires });
    assert.equal(response.status, 201, response.text);
    assert.deepEqual(Object.keys(response.body).sort(), CREATED_KEYS);
    const { id, token, token_prefix: prefix, label, expires_at: expiresAt, last_used_at: lastUsed } = response.body;
    assert.match(token, /^re_pat_[A-Za-z0-9_-]{43}$/);
    assert.deepEqual([label, expiresAt, lastUsed, prefix], ['CI deploys', expires, null, token.slice(0, 11)]);
    const row = await server.db.one<Record<string, unknown>>('SELECT * FROM api_tokens WHERE id = $1', [id]);
    assert.equal(row.token_hash, hashApiToken(token));
    assert.ok(!Object.values(row).some((value) => typeof value === 'string' && value.includes(token.slice(11))), 'the secret is not stored');
    const listed = await seed.actors.admin.get(tokensUrl);
    assert.ok(!listed.text.includes(token.slice(11)), 'the secret is never listed');
  });

  test('makes a token that never expires when no expiry is given', async () => {
    const made = await newToken('admin');
    assert.equal(made.expires_at, null);
  });

  test('refuses bad input with a clear 400 and makes nothing', async () => {
    const cases: [unknown, string][] = [
      [{}, 'Label is required'],
      [{ label: '' }, 'Label cannot be empty'],
      [{ label: '   ' }, 'Label cannot be empty'],
      [{ label: 'x'.repeat(256) }, 'Label cannot be longer than 255 characters'],
      [{ label: 7 }, 'Label must be text'],
      [{ label: 'x', expires_at: 'next week' }, 'Expires at is not valid'],
      [{ label: 'x', expires_at: '2030-01-01' }, 'Expires at is not valid'],
      [{ label: 'x', expires_at: 1_900_000_000 }, 'Expires at must be text'],
      [{ label: 'x', expires_at: null }, 'Expires at must be text'],
      [{ label: 'x', expires_at: new Date(Date.now() - 60_000).toISOString() }, 'Expires at must be in the future.'],
      [{ label: 'x', expires_at: new Date(Date.now() + 370 * 86_400_000).toISOString() }, 'Expires at can be at most a year from now: a token for longer is one that never expires.'],
      [{ label: 'x', expires_at: '9999-12-31T23:00:00.000Z' }, 'Expires at can be at most a year from now: a token for longer is one that never expires.'],
      [{ label: 'x', scopes: ['read'] }, 'Body has an unknown field "scopes"'],
    ];
    const before = await tokenCount();
    const answers = [];
    for (const [body] of cases) answers.push(await seed.actors.admin.post(tokensUrl, body));
    assert.deepEqual(answers.map((answer) => [answer.status, answer.body]), cases.map(([, error]) => [400, { error }]));
    assert.equal(await tokenCount(), before);
  });

  test('takes an expiry up to the end of the same day a year on, in any time zone', async () => {
    const now = new Date();
    // The app's last day: the same day next year, sent as the end of that day where the reader is (UTC-12 is the latest).
    const lastDayEnd = new Date(Date.UTC(now.getUTCFullYear() + 1, now.getUTCMonth(), now.getUTCDate() + 1, 12));
    const response = await seed.actors.admin.post(tokensUrl, { label: 'A year', expires_at: lastDayEnd.toISOString() });
    assert.equal(response.status, 201, response.text);
    assert.equal(response.body.expires_at, lastDayEnd.toISOString());
  });

  test('authorization matrix: only admins make tokens, the role of the API tokens settings page', async () => {
    const before = await tokenCount();
    const responses = await seed.expectMatrix('POST', tokensUrl, (actor: Actor) => ({ label: `By ${actor}` }), adminsOnly(201));
    for (const actor of ['guest', 'viewer', 'member'] as const) {
      assert.deepEqual(responses[actor].body, { error: 'This needs the Admin role or higher in this workspace.' }, actor);
    }
    assert.equal(await tokenCount(), before + 1);
  });
});

describe('GET …/api-tokens', () => {
  test('lists the caller’s own tokens of this workspace, newest first, without their secrets', async () => {
    const older = await newToken('admin', { label: 'older' });
    const newer = await newToken('admin', { label: 'newer' });
    const theirs = await memberToken();
    const listed = await seed.actors.admin.get(tokensUrl);
    assert.equal(listed.status, 200, listed.text);
    for (const token of listed.body) assert.deepEqual(Object.keys(token).sort(), LISTED_KEYS);
    const ids = listed.body.map((token: { id: string }) => token.id);
    assert.ok(ids.indexOf(newer.id) >= 0 && ids.indexOf(newer.id) < ids.indexOf(older.id));
    assert.ok(!ids.includes(theirs.id));
    const members = await seed.actors.member.get(tokensUrl);
    assert.deepEqual(members.body.map((token: { id: string }) => token.id), [theirs.id], 'a member lists the token they hold');
    const row = listed.body.find((token: { id: string }) => token.id === newer.id);
    assert.deepEqual([row.label, row.token_prefix, row.expires_at, row.last_used_at], ['newer', newer.token_prefix, null, null]);
  });

  test('authorization matrix: everyone in the workspace lists their own tokens', async () => {
    const responses = await seed.expectMatrix('GET', tokensUrl, undefined, everyMember(200));
    assert.deepEqual(responses.guest.body, []);
  });
});

describe('DELETE …/api-tokens/:tokenId', () => {
  test('revokes the token at once: it is no longer listed and no longer works', async () => {
    const made = await memberToken();
    const url = `${seed.projectUrl}/issues`;
    assert.equal((await withToken(server, made.token, 'GET', url)).status, 200);
    const revoked = await seed.actors.member.delete(`${tokensUrl}/${made.id}`);
    assert.equal(revoked.status, 204, revoked.text);
    const listed = await seed.actors.member.get(tokensUrl);
    assert.ok(!listed.body.some((token: { id: string }) => token.id === made.id));
    const refused = await withToken(server, made.token, 'GET', url);
    assert.deepEqual([refused.status, refused.body], [401, { error: INVALID_API_TOKEN_MESSAGE }]);
    const again = await seed.actors.member.delete(`${tokensUrl}/${made.id}`);
    assert.deepEqual([again.status, again.body], [404, { error: 'API token not found.' }]);
  });

  test('refuses a token id that is not one', async () => {
    const response = await seed.actors.member.delete(`${tokensUrl}/nope`);
    assert.deepEqual([response.status, response.body], [400, { error: 'Token id is not valid' }]);
  });

  test('authorization matrix: only the owner (or an admin) revokes a token; to anyone else it does not exist', async () => {
    const made = await newToken('admin');
    const responses = await seed.expectMatrix('DELETE', `${tokensUrl}/${made.id}`, undefined, {
      anonymous: 401,
      nonMember: 404,
      guest: 404,
      viewer: 404,
      member: 404,
      admin: 204,
    });
    assert.deepEqual(responses.member.body, { error: 'API token not found.' });
  });

  test('a token of another person stays working when someone else tries to revoke it', async () => {
    const made = await newToken('admin');
    assert.equal((await seed.actors.member.delete(`${tokensUrl}/${made.id}`)).status, 404);
    assert.equal((await withToken(server, made.token, 'GET', seed.workspaceUrl)).status, 200);
  });
});

describe('the admins oversee the members’ tokens', () => {
  test('GET …/api-tokens/members lists the other members’ tokens with their owners, never a secret', async () => {
    const members = await memberToken('member script');
    const mine = await newToken('admin');
    const listed = await seed.actors.admin.get(`${tokensUrl}/members`);
    assert.equal(listed.status, 200, listed.text);
    for (const token of listed.body) assert.deepEqual(Object.keys(token).sort(), MEMBER_TOKEN_KEYS);
    const ids = listed.body.map((token: { id: string }) => token.id);
    assert.ok(!ids.includes(mine.id), 'the admin’s own tokens are in their own list');
    const row = listed.body.find((token: { id: string }) => token.id === members.id);
    assert.deepEqual([row.label, row.token_prefix, row.owner.id, row.owner.display_name], ['member script', members.token_prefix, seed.users.member.id, seed.users.member.display_name]);
    assert.ok(!listed.text.includes(members.token.slice(11)), 'no secret is listed');
  });

  test('authorization matrix: only admins list the members’ tokens', async () => {
    const responses = await seed.expectMatrix('GET', `${tokensUrl}/members`, undefined, adminsOnly(200));
    assert.deepEqual(responses.member.body, { error: 'This needs the Admin role or higher in this workspace.' });
  });

  test('an admin revokes a member’s token: it is gone from both lists and stops working at once', async () => {
    const made = await memberToken();
    const revoked = await seed.actors.admin.delete(`${tokensUrl}/${made.id}`);
    assert.equal(revoked.status, 204, revoked.text);
    const refused = await withToken(server, made.token, 'GET', `${seed.projectUrl}/issues`);
    assert.deepEqual([refused.status, refused.body], [401, { error: INVALID_API_TOKEN_MESSAGE }]);
    assert.ok(!(await seed.actors.member.get(tokensUrl)).body.some((token: { id: string }) => token.id === made.id));
    assert.ok(!(await seed.actors.admin.get(`${tokensUrl}/members`)).body.some((token: { id: string }) => token.id === made.id));
  });

  test('an admin of another workspace cannot revoke it', async () => {
    const made = await memberToken();
    const elsewhere = await seed.actors.nonMember.post('/api/workspaces', { name: 'Elsewhere', slug: `else-${randomUUID().slice(0, 8)}` });
    assert.equal(elsewhere.status, 201, elsewhere.text);
    const refused = await seed.actors.nonMember.delete(`/api/workspaces/${elsewhere.body.slug}/api-tokens/${made.id}`);
    assert.deepEqual([refused.status, refused.body], [404, { error: 'API token not found.' }]);
    assert.equal((await withToken(server, made.token, 'GET', seed.workspaceUrl)).status, 200);
  });
});

describe('requests with a token', () => {
  test('act with the owner’s role in the token’s workspace, from anywhere, without cookies', async () => {
    const member = await memberToken();
    const issues = `${seed.projectUrl}/issues`;
    const created = await withToken(server, member.token, 'POST', issues, { name: 'Filed by a script' });
    assert.equal(created.status, 201, created.text);
    assert.equal(created.body.created_by, seed.users.member.id);
    // A token carries no cookie, so another site's Origin is no forgery.
    const elsewhere = await withToken(server, member.token, 'POST', issues, { name: 'From a CI runner' }, { origin: 'https://ci.example.com' });
    assert.equal(elsewhere.status, 201, elsewhere.text);
    const rename = await withToken(server, member.token, 'PATCH', seed.workspaceUrl, { name: 'Renamed by a script' });
    assert.deepEqual([rename.status, rename.body], [403, { error: 'This needs the Admin role or higher in this workspace.' }]);
    const admin = await newToken('admin');
    assert.equal((await withToken(server, admin.token, 'PATCH', seed.workspaceUrl, { name: 'Seed workspace' })).status, 200);
  });

  test('follow the owner’s role as it changes, and stop when the owner leaves the workspace', async () => {
    const other = server.client();
    const user = await other.signUp();
    const added = await seed.actors.admin.post(`${seed.workspaceUrl}/members`, { email: user.email, role: 20 });
    assert.equal(added.status, 201, added.text);
    const made = (await other.post(tokensUrl, { label: 'soon gone' })).body;
    assert.equal((await seed.actors.admin.patch(`${seed.workspaceUrl}/members/${user.id}`, { role: 15 })).status, 200);
    const rename = () => withToken(server, made.token, 'PATCH', seed.workspaceUrl, { name: 'Seed workspace' });
    assert.equal((await rename()).status, 403, 'members do not rename the workspace');
    // Demoted, they make no more tokens, and still see and revoke the one they made.
    assert.equal((await other.post(tokensUrl, { label: 'after the demotion' })).status, 403);
    assert.deepEqual((await other.get(tokensUrl)).body.map((token: { id: string }) => token.id), [made.id]);
    assert.equal((await seed.actors.admin.patch(`${seed.workspaceUrl}/members/${user.id}`, { role: 20 })).status, 200);
    assert.equal((await rename()).status, 200, 'an admin does');
    assert.equal((await seed.actors.admin.delete(`${seed.workspaceUrl}/members/${user.id}`)).status, 204);
    const gone = await withToken(server, made.token, 'GET', seed.workspaceUrl);
    assert.deepEqual([gone.status, gone.body], [401, { error: INVALID_API_TOKEN_MESSAGE }]);
    assert.equal(await server.db.maybeOne('SELECT id FROM api_tokens WHERE id = $1', [made.id]), null, 'the token went with the membership');
    // Added again, the old token does not come back.
    await seed.actors.admin.post(`${seed.workspaceUrl}/members`, { email: user.email, role: 15 });
    assert.equal((await withToken(server, made.token, 'GET', seed.workspaceUrl)).status, 401);
  });

  test('are refused on another workspace’s routes with 403, even one the owner belongs to', async () => {
    const made = await newToken('admin');
    const second = await seed.actors.admin.post('/api/workspaces', { name: 'Second', slug: `ws2-${randomUUID().slice(0, 6)}` });
    assert.equal(second.status, 201, second.text);
    assert.equal((await seed.actors.admin.get(`/api/workspaces/${second.body.slug}`)).status, 200, 'the owner may open it with a session');
    for (const slug of [second.body.slug, 'no-such-workspace']) {
      const refused = await withToken(server, made.token, 'GET', `/api/workspaces/${slug}/projects`);
      assert.deepEqual([refused.status, refused.body], [403, { error: OTHER_WORKSPACE_MESSAGE }]);
    }
    assert.equal((await withToken(server, made.token, 'GET', `/api/workspaces/${seed.workspace.slug.toUpperCase()}`)).status, 200, 'slugs compare without case');
  });

  test('are refused with 401 on every session-only route, even beside a valid session cookie', async () => {
    const made = await newToken('admin');
    const routes: [string, string, unknown?][] = [
      ['GET', '/api/users/me'],
      ['PATCH', '/api/users/me', { display_name: 'Hijacked' }],
      ['GET', '/api/users/me/theme'],
      ['POST', '/api/auth/sign-out'],
      ['GET', '/api/auth/session'],
      ['GET', '/api/workspaces'],
      ['POST', '/api/workspaces', { name: 'By token', slug: `bt-${randomUUID().slice(0, 6)}` }],
      ['GET', tokensUrl],
      ['POST', tokensUrl, { label: 'A token making tokens' }],
      ['DELETE', `${tokensUrl}/${made.id}`],
    ];
    const before = await tokenCount();
    for (const [method, url, body] of routes) {
      for (const answer of [
        await withToken(server, made.token, method, url, body),
        await seed.actors.admin.request(method, url, body, { headers: { authorization: `Bearer ${made.token}` } }),
      ]) {
        assert.deepEqual([answer.status, answer.body], [401, { error: SESSION_ONLY_MESSAGE }], `${method} ${url}`);
      }
    }
    assert.equal(await tokenCount(), before);
    assert.equal((await seed.actors.admin.get('/api/users/me')).body.display_name, 'admin', 'the session still works, unchanged');
    assert.equal((await withToken(server, made.token, 'GET', seed.workspaceUrl)).status, 200, 'the token still works where it may');
  });

  test('are refused with 401 once expired, and when not a token at all', async () => {
    const { token, hash, prefix } = newApiToken();
    await server.db.query(
      `INSERT INTO api_tokens (workspace_id, user_id, label, token_hash, token_prefix, expires_at) VALUES ($1, $2, 'old', $3, $4, now() - interval '1 second')`,
      [seed.workspace.id, seed.users.member.id, hash, prefix],
    );
    const expired = await withToken(server, token, 'GET', seed.workspaceUrl);
    assert.deepEqual([expired.status, expired.body], [401, { error: EXPIRED_API_TOKEN_MESSAGE }]);
    assert.equal(expired.headers.get('www-authenticate'), 'Bearer error="invalid_token"');
    const listed = (await seed.actors.member.get(tokensUrl)).body.find((row: { label: string }) => row.label === 'old');
    assert.ok(listed && Date.parse(listed.expires_at) < Date.now(), 'an expired token is still listed, so its owner can see why and revoke it');
    for (const header of ['Bearer re_pat_not-a-token', `Bearer ${newApiToken().token}`, 'Bearer', `bearer  ${token} extra`]) {
      const refused = await seed.actors.anonymous.get(seed.workspaceUrl, { headers: { authorization: header } });
      assert.deepEqual([refused.status, refused.body], [401, { error: INVALID_API_TOKEN_MESSAGE }], header);
    }
  });

  test('record the last use at most once a minute', async () => {
    const made = await newToken('admin');
    const lastUsed = async () => (await server.db.one<{ at: Date | null }>('SELECT last_used_at AS at FROM api_tokens WHERE id = $1', [made.id])).at;
    assert.equal(await lastUsed(), null);
    await withToken(server, made.token, 'GET', seed.workspaceUrl);
    const first = await lastUsed();
    assert.ok(first instanceof Date);
    await withToken(server, made.token, 'GET', seed.workspaceUrl);
    assert.deepEqual(await lastUsed(), first, 'a second use within the minute writes nothing');
    await server.db.query("UPDATE api_tokens SET last_used_at = now() - interval '61 seconds' WHERE id = $1", [made.id]);
    const aged = await lastUsed();
    await withToken(server, made.token, 'GET', seed.workspaceUrl);
    assert.ok((await lastUsed())!.getTime() > aged!.getTime(), 'a use after the minute is recorded');
    const listed = (await seed.actors.admin.get(tokensUrl)).body.find((row: { id: string }) => row.id === made.id);
    assert.equal(listed.last_used_at, (await lastUsed())!.toISOString());
  });
});

describe('rate limit per token', () => {
  test('answers 429 with Retry-After past the limit, for that token alone', async () => {
    const limited = await startServer({}, { apiTokenRequests: { max: 3, windowMs: 60_000 } });
    try {
      const team = await seedWorkspace(limited);
      const make = async () => (await team.actors.admin.post(`${team.workspaceUrl}/api-tokens`, { label: 'busy' })).body.token as string;
      const busy = await make();
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await withToken(limited, busy, 'GET', team.workspaceUrl)).status);
      assert.deepEqual(statuses, [200, 200, 200, 429]);
      const refused = await withToken(limited, busy, 'GET', team.workspaceUrl);
      const wait = Number(refused.headers.get('retry-after'));
      assert.ok(wait >= 1 && wait <= 60, `Retry-After ${wait}`);
      assert.deepEqual(refused.body, { error: `Too many requests with this API token. Please try again in ${wait} second${wait === 1 ? '' : 's'}.` });
      assert.equal((await withToken(limited, await make(), 'GET', team.workspaceUrl)).status, 200, 'another token of the same person has its own count');
      assert.equal((await team.actors.admin.get(team.workspaceUrl)).status, 200, 'the session is not limited');
    } finally {
      await limited.close();
    }
  });
});
