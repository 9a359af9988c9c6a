import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startServer, uniqueEmail, type TestServer } from './harness.js';

let server: TestServer;
before(async () => {
  server = await startServer();
});
after(() => server.close());

describe('sign-up', () => {
  test('creates the account, signs in with an httpOnly SameSite cookie and returns the user without its hash', async () => {
    const client = server.client();
    const email = uniqueEmail('Sign.Up');
    const response = await client.post('/api/auth/sign-up', { email: email.toUpperCase(), password: 'long enough', first_name: 'Ada' });
    assert.equal(response.status, 201);
    assert.equal(response.body.email, email.toLowerCase());
    assert.equal(response.body.first_name, 'Ada');
    assert.equal(response.body.display_name, email.toLowerCase().split('@')[0]);
    assert.equal(response.body.is_bot, false);
    assert.equal('password_hash' in response.body, false);
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith('session='));
    assert.ok(cookie);
    assert.match(cookie, /HttpOnly/i);
    assert.match(cookie, /SameSite=Lax/i);
    assert.match(cookie, /Path=\//);
    const me = await client.get('/api/users/me');
    assert.equal(me.status, 200);
    assert.equal(me.body.id, response.body.id);
  });

  test('stores the password as a salted scrypt hash and the session token only hashed', async () => {
    const client = server.client();
    const user = await client.signUp({ password: 'a secret phrase' });
    const row = await server.db.one<{ password_hash: string }>('SELECT password_hash FROM users WHERE id = $1', [user.id]);
    assert.match(row.password_hash, /^scrypt\$\d+\$\d+\$\d+\$[\w-]+\$[\w-]+$/);
    assert.ok(!row.password_hash.includes('a secret phrase'));
    const token = client.cookie('session')!;
    const sessions = await server.db.query<{ token_hash: string }>('SELECT token_hash FROM sessions WHERE user_id = $1', [user.id]);
    assert.equal(sessions.length, 1);
    assert.notEqual(sessions[0]!.token_hash, token);
  });

  test('refuses an email already in use, whatever its case', async () => {
    const email = uniqueEmail();
    await server.client().signUp({ email });
    const again = await server.client().post('/api/auth/sign-up', { email: email.toUpperCase(), password: 'long enough' });
    assert.equal(again.status, 409);
    assert.equal(again.body.error, 'An account with this email already exists.');
  });

  test('refuses bad input with a 400 and an error text', async () => {
    const cases: [unknown, RegExp][] = [
      [{ password: 'long enough' }, /^Email is required$/],
      [{ email: 'not-an-email', password: 'long enough' }, /^Email is not valid$/],
      [{ email: uniqueEmail(), password: 'short' }, /^Password must NOT have fewer than 8 characters$/],
      [{ email: uniqueEmail(), password: 'long enough', is_admin: true }, /^Body has an unknown field "is_admin"$/],
      [{ email: uniqueEmail(), password: { nested: true } }, /^Password must be string$/],
    ];
    for (const [body, message] of cases) {
      const response = await server.client().post('/api/auth/sign-up', body);
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.match(response.body.error, message);
    }
  });
});

describe('sign-in and sign-out', () => {
  test('signs in with the right password, case-insensitively on the email', async () => {
    const email = uniqueEmail();
    await server.client().signUp({ email, password: 'right password' });
    const client = server.client();
    const response = await client.post('/api/auth/sign-in', { email: email.toUpperCase(), password: 'right password' });
    assert.equal(response.status, 200);
    assert.equal(response.body.email, email);
    assert.equal((await client.get('/api/users/me')).status, 200);
  });

  test('refuses a wrong password or an unknown email with the same 401', async () => {
    const email = uniqueEmail();
    await server.client().signUp({ email, password: 'right password' });
    const wrong = await server.client().post('/api/auth/sign-in', { email, password: 'wrong password' });
    const unknown = await server.client().post('/api/auth/sign-in', { email: uniqueEmail(), password: 'wrong password' });
    assert.equal(wrong.status, 401);
    assert.equal(unknown.status, 401);
    assert.equal(wrong.body.error, 'Invalid email or password.');
    assert.deepEqual(unknown.body, wrong.body);
  });

  test('refuses bad input with a 400 and an error text', async () => {
    const cases: [unknown, string][] = [
      [{ email: uniqueEmail() }, 'Password is required'],
      [{ password: 'whatever' }, 'Email is required'],
      [{ email: uniqueEmail(), password: '' }, 'Password must NOT have fewer than 1 characters'],
      [{ email: uniqueEmail(), password: 'whatever', remember: true }, 'Body has an unknown field "remember"'],
      [{ email: ['a@example.com'], password: 'whatever' }, 'Email must be string'],
    ];
    for (const [body, error] of cases) {
      const response = await server.client().post('/api/auth/sign-in', body);
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.deepEqual(response.body, { error }, JSON.stringify(body));
    }
  });

  test('sign-out ends the session on the server, not only in the browser', async () => {
    const client = server.client();
    await client.signUp();
    const token = client.cookie('session')!;
    const out = await client.post('/api/auth/sign-out');
    assert.equal(out.status, 204);
    assert.equal(client.cookie('session'), undefined);
    assert.equal((await client.get('/api/users/me')).status, 401);
    const replay = await server.client().get('/api/users/me', { headers: { cookie: `session=${token}` } });
    assert.equal(replay.status, 401);
  });

  test('sign-out without a session answers 204', async () => {
    assert.equal((await server.client().post('/api/auth/sign-out')).status, 204);
  });

  test('a forged or expired session cookie is anonymous', async () => {
    const forged = await server.client().get('/api/users/me', { headers: { cookie: 'session=forged-token' } });
    assert.equal(forged.status, 401);
    const client = server.client();
    const user = await client.signUp();
    await server.db.query("UPDATE sessions SET expires_at = now() - interval '1 second' WHERE user_id = $1", [user.id]);
    assert.equal((await client.get('/api/users/me')).status, 401);
  });

  test('a session past half its life is renewed with a fresh cookie', async () => {
    const client = server.client();
    const user = await client.signUp();
    await server.db.query("UPDATE sessions SET expires_at = now() + interval '2 days' WHERE user_id = $1", [user.id]);
    const me = await client.get('/api/users/me');
    assert.equal(me.status, 200);
    assert.ok(me.headers.getSetCookie().some((line) => line.startsWith('session=')));
    const row = await server.db.one<{ expires_at: Date }>('SELECT expires_at FROM sessions WHERE user_id = $1', [user.id]);
    assert.ok(row.expires_at.getTime() > Date.now() + 20 * 24 * 3600 * 1000);
  });
});

describe('sign-in rate limit', () => {
  test('after 10 failures for one email and IP, even the right password gets 429 with Retry-After', async () => {
    const email = uniqueEmail();
    await server.client().signUp({ email, password: 'right password' });
    for (let attempt = 0; attempt < 10; attempt++) {
      const response = await server.client().post('/api/auth/sign-in', { email, password: `wrong ${attempt}` });
      assert.equal(response.status, 401);
    }
    const limited = await server.client().post('/api/auth/sign-in', { email, password: 'right password' });
    assert.equal(limited.status, 429);
    assert.match(limited.body.error, /^Too many sign-in attempts\. Please try again in \d+ minutes?\.$/);
    assert.ok(Number(limited.headers.get('retry-after')) > 0);
    // Another email from the same address is still allowed.
    const other = uniqueEmail();
    await server.client().signUp({ email: other, password: 'right password' });
    assert.equal((await server.client().post('/api/auth/sign-in', { email: other, password: 'right password' })).status, 200);
  });

  test('a success clears the failures of that email', async () => {
    const email = uniqueEmail();
    await server.client().signUp({ email, password: 'right password' });
    for (let attempt = 0; attempt < 9; attempt++) await server.client().post('/api/auth/sign-in', { email, password: 'wrong' });
    assert.equal((await server.client().post('/api/auth/sign-in', { email, password: 'right password' })).status, 200);
    for (let attempt = 0; attempt < 9; attempt++) await server.client().post('/api/auth/sign-in', { email, password: 'wrong' });
    assert.equal((await server.client().post('/api/auth/sign-in', { email, password: 'right password' })).status, 200);
  });
});

test('the same client signed in with a new account is that account', async () => {
  const client = server.client();
  const first = await client.signUp();
  const second = await client.signUp();
  assert.notEqual(first.id, second.id);
  assert.equal((await client.get('/api/users/me')).body.id, second.id);
});

test('GET /api/users/me is 401 for anonymous', async () => {
  const response = await server.client().get('/api/users/me');
  assert.equal(response.status, 401);
  assert.equal(response.body.error, 'Sign in to continue.');
});
