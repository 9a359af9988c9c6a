// Tokens for opening one shared document from another origin: what verifies and what does not.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { signCollabToken, verifyCollabToken } from '../../src/server/collab/collab-token.js';

const SECRET = 'a session secret of the test';
const CLAIMS = { user: 'u1', document: 'page:1', expires: 2_000_000_000_000 };
const NOW = 1_900_000_000_000;

test('a token verifies to its claims until it expires, and not with another secret', () => {
  const token = signCollabToken(SECRET, CLAIMS);
  assert.deepEqual(verifyCollabToken(SECRET, token, NOW), CLAIMS);
  assert.equal(verifyCollabToken(SECRET, token, CLAIMS.expires), null);
  assert.equal(verifyCollabToken('another secret', token, NOW), null);
});

test('a token changed in any character is refused, the last one included (whose low bits decoding drops)', () => {
  const token = signCollabToken(SECRET, CLAIMS);
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  for (let at = 0; at < token.length; at++) {
    if (token[at] === '.') continue;
    // The same character with its lowest bit flipped: for the signature's last character, a bit base64url decoding ignores.
    const index = alphabet.indexOf(token[at]!);
    const changed = `${token.slice(0, at)}${alphabet[index ^ 1]}${token.slice(at + 1)}`;
    assert.equal(verifyCollabToken(SECRET, changed, NOW), null, `changed at ${at}`);
  }
});
