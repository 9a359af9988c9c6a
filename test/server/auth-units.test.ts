import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { clientNetwork } from '../../src/server/auth/auth-limits.js';
import { DEFAULT_PASSWORD_COST, hashPassword, verifyPassword } from '../../src/server/auth/password.js';
import { COMMON_PASSWORD_MESSAGE, COMMON_PASSWORDS, passwordProblem, REPEATED_PASSWORD_MESSAGE } from '../../src/server/auth/password-rules.js';
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

describe('password rules', () => {
  test('refuse the common list whatever the case, and one character repeated; accept the rest', () => {
    assert.equal(passwordProblem('baseball'), COMMON_PASSWORD_MESSAGE);
    assert.equal(passwordProblem('BaseBall'), COMMON_PASSWORD_MESSAGE);
    assert.equal(passwordProblem('iloveyou'), COMMON_PASSWORD_MESSAGE);
    assert.equal(passwordProblem('11111111'), REPEATED_PASSWORD_MESSAGE, 'repeated, though common too');
    assert.equal(passwordProblem('xxxxxxxxxx'), REPEATED_PASSWORD_MESSAGE);
    assert.equal(passwordProblem('\u{1F600}'.repeat(8)), REPEATED_PASSWORD_MESSAGE);
    assert.equal(passwordProblem('correct horse battery'), null);
    assert.equal(passwordProblem('baseball!'), null);
  });

  test('ship at least the 3,000 most common passwords long enough to be accepted otherwise', () => {
    assert.ok(COMMON_PASSWORDS.size >= 3000, String(COMMON_PASSWORDS.size));
    for (const password of COMMON_PASSWORDS) {
      assert.ok(password.length >= 8 && password === password.toLowerCase() && password.trim() === password, JSON.stringify(password));
    }
  });
});

describe('client networks (the unit a per-address limit counts)', () => {
  test('are the address for IPv4, the /64 for IPv6, and IPv4 for IPv4-mapped IPv6', () => {
    assert.equal(clientNetwork('203.0.113.9'), '203.0.113.9');
    assert.equal(clientNetwork('::ffff:203.0.113.9'), '203.0.113.9');
    assert.equal(clientNetwork('2001:db8:1:2::1'), '2001:db8:1:2::/64');
    assert.equal(clientNetwork('2001:0DB8:0001:0002:ffff:0:0:1'), '2001:db8:1:2::/64');
    assert.equal(clientNetwork('2001:db8::1'), '2001:db8:0:0::/64');
    assert.equal(clientNetwork('::1'), '0:0:0:0::/64');
    assert.equal(clientNetwork('fe80::1%eth0'), 'fe80:0:0:0::/64');
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
