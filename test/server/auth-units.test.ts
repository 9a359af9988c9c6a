import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { AttemptLimiter } from '../../src/server/auth/attempt-limiter.js';
import { DEFAULT_PASSWORD_COST, hashPassword, verifyPassword } from '../../src/server/auth/password.js';
import { hashSessionToken } from '../../src/server/auth/sessions.js';
import { normalizeSlug, slugProblem } from '../../src/server/workspaces/slug.js';

describe('passwords', () => {
  test('are hashed with scrypt at the default cost, salted, and verified', async () => {
    const hash = await hashPassword('correct horse');
    assert.match(hash, new RegExp(`^scrypt\\$${DEFAULT_PASSWORD_COST.N}\\$${DEFAULT_PASSWORD_COST.r}\\$${DEFAULT_PASSWORD_COST.p}\\$`));
    assert.notEqual(await hashPassword('correct horse'), hash);
    assert.equal(await verifyPassword('correct horse', hash), true);
    assert.equal(await verifyPassword('correct horsE', hash), false);
  });

  test('a hash keeps its own cost, so a cheaper or dearer setting still verifies it', async () => {
    const cheap = await hashPassword('pw', { N: 1024, r: 8, p: 1 });
    assert.match(cheap, /^scrypt\$1024\$8\$1\$/);
    assert.equal(await verifyPassword('pw', cheap), true);
  });

  test('a missing or malformed hash never verifies', async () => {
    const cost = { N: 1024, r: 8, p: 1 };
    for (const stored of [null, '', 'plain', 'scrypt$1000$8$1$c2FsdA$aGFzaA', 'scrypt$1024$8$1$$', 'bcrypt$1024$8$1$c2FsdA$aGFzaA']) {
      assert.equal(await verifyPassword('pw', stored, cost), false, String(stored));
    }
  });
});

describe('session tokens', () => {
  test('are stored as an HMAC under the secret', () => {
    const hash = hashSessionToken('secret-one', 'token');
    assert.notEqual(hash, 'token');
    assert.equal(hashSessionToken('secret-one', 'token'), hash);
    assert.notEqual(hashSessionToken('secret-two', 'token'), hash);
  });
});

describe('AttemptLimiter', () => {
  test('blocks a key after the maximum failures until its window ends', () => {
    let now = 1_000_000;
    const limiter = new AttemptLimiter(3, 60_000, () => now);
    for (let i = 0; i < 2; i++) limiter.fail('ip|a');
    assert.equal(limiter.retryAfter('ip|a'), 0);
    limiter.fail('ip|a');
    assert.equal(limiter.retryAfter('ip|a'), 60);
    assert.equal(limiter.retryAfter('ip|b'), 0);
    now += 30_500;
    assert.equal(limiter.retryAfter('ip|a'), 30);
    now += 30_000;
    assert.equal(limiter.retryAfter('ip|a'), 0);
    limiter.fail('ip|a');
    assert.equal(limiter.retryAfter('ip|a'), 0, 'a new window starts from zero');
  });

  test('reset forgets a key', () => {
    const limiter = new AttemptLimiter(1, 60_000);
    limiter.fail('k');
    assert.ok(limiter.retryAfter('k') > 0);
    limiter.reset('k');
    assert.equal(limiter.retryAfter('k'), 0);
  });
});

describe('workspace slugs', () => {
  test('are normalised to trimmed lower case and checked for format and length', () => {
    assert.equal(normalizeSlug('  My-Team '), 'my-team');
    assert.equal(slugProblem('my_team-2'), null);
    assert.equal(slugProblem(''), 'Workspace URL is required.');
    assert.match(slugProblem('my team')!, /can only contain/);
    assert.match(slugProblem('_lead')!, /must start with a letter or number/);
    assert.equal(slugProblem('a'.repeat(48)), null);
    assert.equal(slugProblem('a'.repeat(49)), 'Workspace URL can have at most 48 characters.');
    assert.equal(slugProblem('god-mode'), 'This workspace URL is reserved.');
  });
});
