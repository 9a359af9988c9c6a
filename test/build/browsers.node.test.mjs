// The test runner's check of the installed Firefox: one too old for puppeteer's WebDriver BiDi
// commands is named, with its version, instead of failing every test file with a protocol error.
import assert from 'node:assert/strict';
import { chmod, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import { FIREFOX_MIN_VERSION, firefoxProblem } from '../../scripts/browsers.mjs';

let dir;
before(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rich-editor-firefox-'));
});
after(() => rm(dir, { recursive: true, force: true }));

/** A stand-in binary that prints `version` as Firefox's --version does. */
async function firefoxSaying(name, version) {
  const path = join(dir, name);
  await writeFile(path, `#!/bin/sh\necho "${version}"\n`);
  await chmod(path, 0o755);
  return path;
}

test('a Firefox as new as the oldest supported one, or newer, has no problem', async () => {
  assert.equal(firefoxProblem(await firefoxSaying('same', `Mozilla Firefox ${FIREFOX_MIN_VERSION}.0esr`)), null);
  assert.equal(firefoxProblem(await firefoxSaying('newer', `Mozilla Firefox ${FIREFOX_MIN_VERSION + 5}.1.2`)), null);
});

test('an older Firefox is named with its version and the oldest supported one', async () => {
  const path = await firefoxSaying('old', 'Mozilla Firefox 140.12.0esr');
  assert.equal(firefoxProblem(path), `Mozilla Firefox 140.12.0esr at ${path} is older than Firefox ${FIREFOX_MIN_VERSION}, the oldest the tests run in.`);
});

test('a binary that does not run says so', () => {
  const path = join(dir, 'missing');
  assert.match(firefoxProblem(path), new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&')} did not say its version \\(.*ENOENT`));
});
