import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { COMMON_PASSWORD_MESSAGE, REPEATED_PASSWORD_MESSAGE } from '../../src/server/auth/password-rules.js';
import { SIGN_UP_MESSAGE } from '../../src/server/routes/auth.js';
import { RecordingMailer, startServer, uniqueEmail, type TestServer } from './harness.js';

let server: TestServer;
const mailer = new RecordingMailer();
before(async () => {
  server = await startServer({}, {}, { mailer });
});
after(() => server.close());

describe('sign-up', () => {
  test('creates the account and signs in with an httpOnly SameSite cookie', async () => {
    const client = server.client();
    const email = uniqueEmail('Sign.Up');
    const response = await client.post('/api/auth/sign-up', { email: email.toUpperCase(), password: 'long enough', first_name: 'Ada' });
    assert.equal(response.status, 201);
    assert.deepEqual(response.body, { message: SIGN_UP_MESSAGE });
    const cookie = response.headers.getSetCookie().find((line) => line.startsWith('session='));
    assert.ok(cookie);
    assert.match(cookie, /HttpOnly/i);
    assert.match(cookie, /SameSite=Lax/i);
    assert.match(cookie, /Path=\//);
    const me = await client.get('/api/users/me');
    assert.equal(me.status, 200);
    assert.equal(me.body.email, email.toLowerCase());
    assert.equal(me.body.first_name, 'Ada');
    assert.equal(me.body.display_name, email.toLowerCase().split('@')[0]);
    assert.equal(me.body.is_bot, false);
    assert.equal('password_hash' in me.body, false);
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

  test('answers an email that already has an account like a new one, but without a session, and tells its owner', async () => {
    const email = uniqueEmail('known');
    const owner = await server.client().signUp({ email, password: 'the owner password' });
    mailer.sent.length = 0;
    const fresh = await server.client().post('/api/auth/sign-up', { email: uniqueEmail(), password: 'long enough' });
    const client = server.client();
    const known = await client.post('/api/auth/sign-up', { email: email.toUpperCase(), password: 'long enough', first_name: 'Eve' });
    assert.equal(known.status, fresh.status);
    assert.deepEqual(known.body, fresh.body);
    assert.deepEqual(known.body, { message: SIGN_UP_MESSAGE });
    assert.equal(known.headers.getSetCookie().some((line) => line.startsWith('session=')), false, 'no session');
    assert.equal((await client.get('/api/users/me')).status, 401);
    // The account is unchanged: same password, same name, no second row.
    const rows = await server.db.query<{ id: string; first_name: string }>('SELECT id, first_name FROM users WHERE email = $1', [email]);
    assert.deepEqual(rows, [{ id: owner.id, first_name: '' }]);
    assert.equal((await server.client().post('/api/auth/sign-in', { email, password: 'the owner password' })).status, 200);
    assert.equal((await server.client().post('/api/auth/sign-in', { email, password: 'long enough' })).status, 401);
    // Only the owner hears about it.
    assert.equal(mailer.sent.length, 1);
    assert.equal(mailer.sent[0]!.to, email);
    assert.equal(mailer.sent[0]!.subject, 'Someone tried to create an account with your email');
    assert.match(mailer.sent[0]!.text, /already has an account/);
    assert.ok(!mailer.sent[0]!.text.includes('long enough'), 'the tried password is never sent');
  });

  test('a signed-in client that signs up with a known email ends up signed out, not still in its old account', async () => {
    const email = uniqueEmail();
    await server.client().signUp({ email });
    const client = server.client();
    await client.signUp();
    const token = client.cookie('session')!;
    const known = await client.post('/api/auth/sign-up', { email, password: 'long enough' });
    assert.deepEqual([known.status, known.body], [201, { message: SIGN_UP_MESSAGE }]);
    assert.equal(client.cookie('session'), undefined);
    assert.equal((await client.get('/api/users/me')).status, 401);
    assert.equal((await server.client().get('/api/users/me', { headers: { cookie: `session=${token}` } })).status, 401, 'the old session is ended');
  });

  test('a new account is not told to anyone by mail', async () => {
    mailer.sent.length = 0;
    await server.client().signUp();
    assert.deepEqual(mailer.sent, []);
  });

  test('the answer for a known email does not wait for the mail to go out', async () => {
    const email = uniqueEmail();
    await server.client().signUp({ email });
    mailer.hold = true;
    try {
      const known = await server.client().post('/api/auth/sign-up', { email, password: 'long enough' });
      assert.equal(known.status, 201);
      assert.equal(mailer.waiting, 1, 'the mail is still being sent');
    } finally {
      mailer.release();
    }
  });

  test('a mailer that fails does not change the answer', async () => {
    const email = uniqueEmail();
    await server.client().signUp({ email });
    mailer.fail = true;
    try {
      const known = await server.client().post('/api/auth/sign-up', { email, password: 'long enough' });
      assert.deepEqual([known.status, known.body], [201, { message: SIGN_UP_MESSAGE }]);
    } finally {
      mailer.fail = false;
    }
  });

  test('refuses a common password, whatever its case, and one character repeated', async () => {
    const cases: [string, string][] = [
      ['password1', COMMON_PASSWORD_MESSAGE],
      ['Password1', COMMON_PASSWORD_MESSAGE],
      ['ILOVEYOU', COMMON_PASSWORD_MESSAGE],
      ['12345678', COMMON_PASSWORD_MESSAGE],
      ['qwertyuiop', COMMON_PASSWORD_MESSAGE],
      ['aaaaaaaa', REPEATED_PASSWORD_MESSAGE],
      ['ZZZZZZZZZZZZ', REPEATED_PASSWORD_MESSAGE],
      ['éééééééé', REPEATED_PASSWORD_MESSAGE],
    ];
    for (const [password, error] of cases) {
      const email = uniqueEmail();
      const response = await server.client().post('/api/auth/sign-up', { email, password });
      assert.equal(response.status, 400, password);
      assert.deepEqual(response.body, { error }, password);
      assert.equal(await server.db.maybeOne('SELECT id FROM users WHERE email = $1', [email]), null);
    }
    for (const password of ['correct horse battery', 'aaaaaaab', 'password1 but longer']) {
      assert.equal((await server.client().post('/api/auth/sign-up', { email: uniqueEmail(), password })).status, 201, password);
    }
  });

  test('refuses bad input with a 400 and an error text', async () => {
    const cases: [unknown, RegExp][] = [
      [{ password: 'long enough' }, /^Email is required$/],
      [{ email: 'not-an-email', password: 'long enough' }, /^Email is not valid$/],
      [{ email: uniqueEmail(), password: 'short' }, /^Password must have at least 8 characters$/],
      [{ email: uniqueEmail(), password: 'long enough', is_admin: true }, /^Body has an unknown field "is_admin"$/],
      [{ email: uniqueEmail(), password: { nested: true } }, /^Password must be text$/],
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
      [{ email: uniqueEmail(), password: '' }, 'Password cannot be empty'],
      [{ email: uniqueEmail(), password: 'whatever', remember: true }, 'Body has an unknown field "remember"'],
      [{ email: ['a@example.com'], password: 'whatever' }, 'Email must be text'],
    ];
    for (const [body, error] of cases) {
      const response = await server.client().post('/api/auth/sign-in', body);
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.deepEqual(response.body, { error }, JSON.stringify(body));
    }
  });

  test('the session says whom the browser is signed in as, and null rather than 401 when it is not', async () => {
    const client = server.client();
    const signedOut = await client.get('/api/auth/session');
    assert.deepEqual([signedOut.status, signedOut.body], [200, { user: null }]);
    const user = await client.signUp();
    const signedIn = await client.get('/api/auth/session');
    assert.equal(signedIn.status, 200);
    assert.deepEqual(signedIn.body.user, (await client.get('/api/users/me')).body);
    assert.equal(signedIn.body.user.id, user.id);
    assert.equal('password_hash' in signedIn.body.user, false);
    await client.post('/api/auth/sign-out', {});
    assert.deepEqual((await client.get('/api/auth/session')).body, { user: null });
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
