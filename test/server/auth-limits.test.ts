// Sign-up and sign-in limits: counted in the database, so they hold whichever server process
// answers. The server trusts X-Forwarded-For here, so each test picks its own client addresses.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app.js';
import { DEFAULT_AUTH_LIMITS } from '../../src/server/auth/auth-limits.js';
import { startServer, TestClient, uniqueEmail, type TestResponse, type TestServer } from './harness.js';

let server: TestServer;
before(async () => {
  server = await startServer({ TRUST_PROXY: 'true' }, { authLimits: DEFAULT_AUTH_LIMITS });
});
after(() => server.close());

let nextNetwork = 0;
/** A fresh documentation network (a /24 of 198.18.0.0/15) per test, so tests do not share counters. */
function network(): (host: number) => string {
  const n = nextNetwork++;
  return (host) => `198.18.${n}.${host}`;
}

const from = (ip: string) => ({ headers: { 'x-forwarded-for': ip } });

function signIn(ip: string, email: string, password: string, target: { url: string } = server): Promise<TestResponse> {
  return new TestClient(target).post('/api/auth/sign-in', { email, password }, from(ip));
}

function signUp(ip: string, email: string, password = 'correct horse battery'): Promise<TestResponse> {
  return server.client().post('/api/auth/sign-up', { email, password }, from(ip));
}

/** Creates an account from an address of its own (sign-up counts per address too). */
async function account(password = 'right password'): Promise<string> {
  const email = uniqueEmail();
  assert.equal((await signUp(network()(1), email, password)).status, 201);
  return email;
}

function assertLimited(response: TestResponse, action: 'sign-in' | 'sign-up'): void {
  assert.equal(response.status, 429, response.text);
  assert.match(response.body.error, new RegExp(`^Too many ${action} attempts\\. Please try again in \\d+ minutes?\\.$`));
  const wait = Number(response.headers.get('retry-after'));
  assert.ok(Number.isInteger(wait) && wait > 0, `Retry-After is ${wait}`);
}

/** Ends every per-minute sign-up window, as if a minute had passed. */
async function endMinuteWindows(): Promise<void> {
  await server.db.query("UPDATE rate_limit_counters SET window_ends_at = now() - interval '1 second' WHERE key LIKE 'sign-up:address-burst:%'");
}

const statuses = (responses: TestResponse[]) => responses.map((r) => r.status).sort().join(',');

describe('sign-in limits', () => {
  test('an account tried from many addresses is limited after 20 failures within 15 minutes', async () => {
    const email = await account();
    const ip = network();
    for (let host = 1; host <= 20; host++) assert.equal((await signIn(ip(host), email, `wrong ${host}`)).status, 401);
    const limited = await signIn(ip(21), email, 'right password');
    assertLimited(limited, 'sign-in');
    assert.ok(Number(limited.headers.get('retry-after')) <= 15 * 60);
    // Other accounts are not affected.
    const other = await account();
    assert.equal((await signIn(ip(22), other, 'right password')).status, 200);
  });

  test('one address is limited after 100 failures, whatever the emails', async () => {
    const ip = network()(7);
    for (let attempt = 0; attempt < 100; attempt++) assert.equal((await signIn(ip, uniqueEmail(), 'wrong')).status, 401);
    assertLimited(await signIn(ip, await account(), 'right password'), 'sign-in');
  });

  test('concurrent wrong guesses for one account from one address get no more than 10 tries', async () => {
    const email = await account();
    const ip = network()(1);
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => signIn(ip, email, `guess ${i}`)));
    assert.equal(statuses(answers), [...Array(10).fill(401), ...Array(20).fill(429)].join(','));
  });

  test('concurrent right and wrong passwords for one account, with sweeps between, never end in a server error', async () => {
    const email = await account();
    const ip = network();
    for (let round = 0; round < 3; round++) {
      await server.db.query("UPDATE rate_limit_counters SET window_ends_at = now() - interval '1 second'");
      const answers = await Promise.all([
        ...Array.from({ length: 16 }, (_, i) => signIn(ip(i % 4), email, i % 2 ? 'right password' : 'wrong')),
        server.app.rateLimiter.sweep().then(() => ({ status: 0 }) as TestResponse),
      ]);
      const unexpected = answers.filter((answer) => ![0, 200, 401, 429].includes(answer.status));
      assert.deepEqual(unexpected.map((answer) => `${answer.status} ${answer.text}`), []);
    }
  });

  test('refused attempts count nowhere: one address cannot lock an account out for everyone', async () => {
    const email = await account();
    const ip = network();
    for (let attempt = 0; attempt < 10; attempt++) await signIn(ip(1), email, 'wrong');
    for (let attempt = 0; attempt < 30; attempt++) assert.equal((await signIn(ip(1), email, 'wrong')).status, 429);
    assert.equal((await signIn(ip(2), email, 'right password')).status, 200);
  });

  test('a success clears the account\'s failures but successes never count against an address', async () => {
    const ip = network();
    const email = await account();
    for (let host = 1; host <= 19; host++) await signIn(ip(host), email, 'wrong');
    assert.equal((await signIn(ip(1), email, 'right password')).status, 200);
    for (let host = 1; host <= 19; host++) assert.equal((await signIn(ip(host), email, 'wrong')).status, 401);
    // 110 successes from one address leave its failure allowance whole.
    const shared = ip(50);
    for (let attempt = 0; attempt < 110; attempt++) assert.equal((await signIn(shared, email, 'right password')).status, 200);
  });

  test('IPv6 clients are counted per /64 network, where one host may pick any address', async () => {
    const email = await account();
    for (let host = 1; host <= 10; host++) await signIn(`2001:db8:1:2::${host.toString(16)}`, email, 'wrong');
    assertLimited(await signIn('2001:db8:1:2:ffff::1', email, 'right password'), 'sign-in');
    assert.equal((await signIn('2001:db8:1:3::1', email, 'right password')).status, 200);
  });

  test('the limit holds across server processes on one database (two at once on PostgreSQL, one after another on PGlite)', async () => {
    const email = await account();
    const ip = network()(1);
    let second: FastifyInstance | null = null;
    try {
      if (server.kind === 'postgres') {
        second = await buildApp(server.config);
        const address = await second.listen({ port: 0, host: '127.0.0.1' });
        for (let attempt = 0; attempt < 5; attempt++) {
          assert.equal((await signIn(ip, email, 'wrong', server)).status, 401);
          assert.equal((await signIn(ip, email, 'wrong', { url: address })).status, 401);
        }
        assertLimited(await signIn(ip, email, 'right password', { url: address }), 'sign-in');
        assertLimited(await signIn(ip, email, 'right password', server), 'sign-in');
      } else {
        for (let attempt = 0; attempt < 5; attempt++) assert.equal((await signIn(ip, email, 'wrong')).status, 401);
        await server.restart();
        for (let attempt = 0; attempt < 5; attempt++) assert.equal((await signIn(ip, email, 'wrong')).status, 401);
        assertLimited(await signIn(ip, email, 'right password'), 'sign-in');
      }
    } finally {
      await second?.close();
    }
  });

  test('a new window starts once the last one ended, and ended windows are swept away', async () => {
    const email = await account();
    const ip = network()(1);
    for (let attempt = 0; attempt < 10; attempt++) await signIn(ip, email, 'wrong');
    assertLimited(await signIn(ip, email, 'right password'), 'sign-in');
    await server.db.query("UPDATE rate_limit_counters SET window_ends_at = now() - interval '1 second'");
    assert.equal((await signIn(ip, email, 'wrong')).status, 401, 'a new window');
    await server.db.query("UPDATE rate_limit_counters SET window_ends_at = now() - interval '1 second'");
    const ended = await server.db.one<{ n: number }>('SELECT count(*) AS n FROM rate_limit_counters');
    assert.ok(ended.n > 0);
    await signIn(network()(1), uniqueEmail(), 'wrong');
    assert.equal(await server.app.rateLimiter.sweep(), ended.n);
    assert.equal((await server.db.one<{ n: number }>('SELECT count(*) AS n FROM rate_limit_counters')).n, 3, 'only the live counters stay');
  });

  test('counters keep neither email addresses nor client addresses in the clear', async () => {
    const email = uniqueEmail('private');
    await signIn('198.51.100.77', email, 'wrong');
    const keys = await server.db.query<{ key: string }>('SELECT key FROM rate_limit_counters');
    assert.ok(keys.length > 0);
    for (const { key } of keys) assert.ok(!key.includes('private') && !key.includes('198.51.100.77'), key);
  });
});

describe('sign-up limits', () => {
  test('one address may try 5 sign-ups a minute, then gets 429 with Retry-After and nothing is created', async () => {
    const ip = network()(1);
    for (let attempt = 0; attempt < 5; attempt++) assert.equal((await signUp(ip, uniqueEmail())).status, 201);
    const email = uniqueEmail();
    const limited = await signUp(ip, email);
    assertLimited(limited, 'sign-up');
    assert.equal(limited.body.error, 'Too many sign-up attempts. Please try again in 1 minute.');
    assert.ok(Number(limited.headers.get('retry-after')) <= 60);
    assert.equal(await server.db.maybeOne('SELECT id FROM users WHERE email = $1', [email]), null);
    assert.equal((await signUp(network()(1), email)).status, 201, 'another address may');
  });

  test('one address may try 20 sign-ups an hour, however slowly', async () => {
    const ip = network()(1);
    for (let minute = 0; minute < 4; minute++) {
      for (let attempt = 0; attempt < 5; attempt++) assert.equal((await signUp(ip, uniqueEmail())).status, 201);
      await endMinuteWindows();
    }
    const limited = await signUp(ip, uniqueEmail());
    assertLimited(limited, 'sign-up');
    assert.ok(Number(limited.headers.get('retry-after')) > 45 * 60, 'the window is an hour');
  });

  test('concurrent sign-ups from one address never get past the limit', async () => {
    const ip = network()(1);
    const emails = Array.from({ length: 40 }, () => uniqueEmail('burst'));
    const answers = await Promise.all(emails.map((email) => signUp(ip, email)));
    assert.equal(statuses(answers), [...Array(5).fill(201), ...Array(35).fill(429)].join(','));
    const created = await server.db.one<{ n: number }>('SELECT count(*) AS n FROM users WHERE email = ANY($1::text[])', [emails]);
    assert.equal(created.n, 5);
  });

  test('one email may be tried 5 times per hour, from any address', async () => {
    const email = uniqueEmail();
    const ip = network();
    for (let host = 1; host <= 5; host++) assert.equal((await signUp(ip(host), email)).status, 201);
    assertLimited(await signUp(ip(6), email), 'sign-up');
  });

  test('a refused password does not use up the allowance', async () => {
    const ip = network()(1);
    for (let attempt = 0; attempt < 10; attempt++) assert.equal((await signUp(ip, uniqueEmail(), 'password1')).status, 400);
    assert.equal((await signUp(ip, uniqueEmail())).status, 201);
  });
});
