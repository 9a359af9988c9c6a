// Forgotten passwords: an ask mails a link (answered alike for unknown emails, rate-limited), and
// the link with a new password sets it once, ends every session and link of the account, and
// signs the browser in.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { DEFAULT_AUTH_LIMITS } from '../../src/server/auth/auth-limits.js';
import { REPEATED_PASSWORD_MESSAGE } from '../../src/server/auth/password-rules.js';
import { CURRENT_PASSWORD_WRONG, PASSWORD_RESET_LINK_INVALID, PASSWORD_RESET_SENT } from '../../src/server/routes/password-reset.js';
import { RecordingMailer, startServer, uniqueEmail, type TestServer } from './harness.js';

let server: TestServer;
const mailer = new RecordingMailer();
before(async () => {
  server = await startServer({}, {}, { mailer });
});
after(() => server.close());

/** Asks for a link for `email` and answers the token its mail carries (null when no mail came). */
async function askForLink(email: string): Promise<string | null> {
  const before = mailer.sent.length;
  const answer = await server.client().post('/api/auth/password-reset', { email });
  assert.deepEqual([answer.status, answer.body], [202, { message: PASSWORD_RESET_SENT }]);
  const mail = mailer.sent.slice(before).find((message) => message.to === email.toLowerCase());
  if (!mail) return null;
  assert.equal(mail.subject, 'Choose a new password');
  const link = new RegExp(`^${server.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/accounts/reset-password#token=([A-Za-z0-9_-]{43})$`, 'm').exec(mail.text);
  assert.ok(link, mail.text);
  return link[1]!;
}

test('a link mailed to the account sets a new password once, signs the browser in and everyone else out', async () => {
  const email = uniqueEmail('forgetful');
  const elsewhere = server.client();
  await elsewhere.signUp({ email, password: 'the old password' });
  const earlier = await askForLink(email.toUpperCase());
  const token = await askForLink(email);
  assert.ok(earlier && token && earlier !== token);

  const browser = server.client();
  const set = await browser.post('/api/auth/password-reset/confirm', { token, password: 'a brand new one' });
  assert.equal(set.status, 200, set.text);
  assert.equal(set.body.email, email);
  assert.equal((await browser.get('/api/users/me')).status, 200, 'signed in');
  assert.equal((await elsewhere.get('/api/users/me')).status, 401, 'the other session ended');
  assert.equal((await server.client().post('/api/auth/sign-in', { email, password: 'the old password' })).status, 401);
  assert.equal((await server.client().post('/api/auth/sign-in', { email, password: 'a brand new one' })).status, 200);
  // The link works once, and the other link asked for before it ends with it.
  for (const used of [token, earlier]) {
    const again = await server.client().post('/api/auth/password-reset/confirm', { token: used, password: 'yet another one' });
    assert.deepEqual([again.status, again.body], [400, { error: PASSWORD_RESET_LINK_INVALID }]);
  }
});

test('an unknown email gets the same answer and no mail; a mail server that fails changes nothing of the answer', async () => {
  assert.equal(await askForLink(uniqueEmail('nobody')), null);
  const email = uniqueEmail('unlucky');
  await server.client().signUp({ email, password: 'the old password' });
  mailer.fail = true;
  try {
    const answer = await server.client().post('/api/auth/password-reset', { email });
    assert.deepEqual([answer.status, answer.body], [202, { message: PASSWORD_RESET_SENT }]);
  } finally {
    mailer.fail = false;
  }
});

test('an expired or made-up link, or a password the rules refuse, sets nothing; a refused password leaves the link working', async () => {
  const email = uniqueEmail('careful');
  await server.client().signUp({ email, password: 'the old password' });
  const token = (await askForLink(email))!;
  const confirm = (fields: Record<string, string>) => server.client().post('/api/auth/password-reset/confirm', { token, password: 'a brand new one', ...fields });
  const weak = await confirm({ password: 'aaaaaaaa' });
  assert.deepEqual([weak.status, weak.body], [400, { error: REPEATED_PASSWORD_MESSAGE }]);
  assert.equal((await confirm({ password: 'short' })).status, 400);
  const madeUp = await confirm({ token: 'x'.repeat(43) });
  assert.deepEqual([madeUp.status, madeUp.body], [400, { error: PASSWORD_RESET_LINK_INVALID }]);
  await server.db.query(`UPDATE password_resets SET expires_at = now() - interval '1 second' WHERE user_id = (SELECT id FROM users WHERE email = $1)`, [email]);
  const expired = await confirm({});
  assert.deepEqual([expired.status, expired.body], [400, { error: PASSWORD_RESET_LINK_INVALID }]);
  assert.equal((await server.client().post('/api/auth/sign-in', { email, password: 'the old password' })).status, 200, 'unchanged');
  // A fresh link after all that works.
  const fresh = (await askForLink(email))!;
  assert.equal((await server.client().post('/api/auth/password-reset/confirm', { token: fresh, password: 'a brand new one' })).status, 200);
});

test('asks for one email are limited (its owner gets a mail for each), with the time to wait', async () => {
  const email = uniqueEmail('flooded');
  for (let i = 0; i < 5; i++) await askForLink(email);
  const refused = await server.client().post('/api/auth/password-reset', { email });
  assert.equal(refused.status, 429);
  assert.match(refused.body.error, /^Too many password reset attempts\. Please try again in \d+ minutes?\.$/);
  assert.ok(Number(refused.headers.get('retry-after')) > 0);
});

test('a signed-in user changes their password with the current one; other sessions end, this one stays', async () => {
  const email = uniqueEmail('changer');
  const browser = server.client();
  await browser.signUp({ email, password: 'the old password' });
  const elsewhere = server.client();
  assert.equal((await elsewhere.post('/api/auth/sign-in', { email, password: 'the old password' })).status, 200);
  const link = (await askForLink(email))!;

  const wrong = await browser.request('PUT', '/api/users/me/password', { current_password: 'not it', new_password: 'a brand new one' });
  assert.deepEqual([wrong.status, wrong.body], [400, { error: CURRENT_PASSWORD_WRONG }]);
  const weak = await browser.request('PUT', '/api/users/me/password', { current_password: 'the old password', new_password: 'aaaaaaaa' });
  assert.deepEqual([weak.status, weak.body], [400, { error: REPEATED_PASSWORD_MESSAGE }]);
  assert.equal((await server.client().request('PUT', '/api/users/me/password', { current_password: 'the old password', new_password: 'a brand new one' })).status, 401);

  const changed = await browser.request('PUT', '/api/users/me/password', { current_password: 'the old password', new_password: 'a brand new one' });
  assert.equal(changed.status, 204, changed.text);
  assert.equal((await browser.get('/api/users/me')).status, 200, 'this browser stays signed in');
  assert.equal((await elsewhere.get('/api/users/me')).status, 401, 'the other session ended');
  assert.equal((await server.client().post('/api/auth/sign-in', { email, password: 'the old password' })).status, 401);
  assert.equal((await server.client().post('/api/auth/sign-in', { email, password: 'a brand new one' })).status, 200);
  const stale = await server.client().post('/api/auth/password-reset/confirm', { token: link, password: 'yet another one' });
  assert.deepEqual([stale.status, stale.body], [400, { error: PASSWORD_RESET_LINK_INVALID }], 'a link asked for before ends too');
});

test('guesses at the current password count as sign-in attempts', async () => {
  const limited = await startServer({}, { authLimits: { ...DEFAULT_AUTH_LIMITS, signInPerEmail: { max: 2, windowMs: 60_000 } } });
  try {
    const client = limited.client();
    await client.signUp({ email: uniqueEmail('guessed'), password: 'the old password' });
    for (let i = 0; i < 2; i++) assert.equal((await client.request('PUT', '/api/users/me/password', { current_password: `guess ${i}`, new_password: 'a brand new one' })).status, 400);
    const refused = await client.request('PUT', '/api/users/me/password', { current_password: 'the old password', new_password: 'a brand new one' });
    assert.equal(refused.status, 429);
    assert.match(refused.body.error, /^Too many password change attempts\. Please try again in \d+ minutes?\.$/);
  } finally {
    await limited.close();
  }
});
