/**
 * One worker of a Node suite (the server's, the core's model tests): a Node process (TypeScript
 * through tsx, loaded once) that runs test files one after another, each as a suite of its own,
 * so the modules they share are compiled and loaded once per worker instead of once per file.
 * Each server file still starts its own servers on a fresh database (a copy of a migrated
 * template, see test/server/harness.ts).
 *
 *   node --import tsx test/setup/run-files.ts --claims <folder> <file>…
 *
 * Workers share the list: before running a file a worker claims its index by creating a folder
 * in `--claims` (atomic: one worker wins it), so the files spread over the workers as they
 * finish, the long ones and the short ones alike. Without `--claims` it runs every file given.
 * A finished file's claim gets a `done` folder inside it, so a claim without one names the file a
 * stopped worker was in (npm test reports it when it stops a part that hangs).
 */
import { mkdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe } from 'node:test';
import { pathToFileURL } from 'node:url';

const args = process.argv.slice(2);
const claimsAt = args.indexOf('--claims');
const claims = claimsAt >= 0 ? args[claimsAt + 1] : null;
const files = args.filter((_, index) => claimsAt < 0 || (index !== claimsAt && index !== claimsAt + 1));

/** Whether this worker takes file `index` (false when another worker took it first). */
function claim(index: number): boolean {
  if (!claims) return true;
  try {
    mkdirSync(join(claims, String(index)));
    return true;
  } catch {
    return false;
  }
}

for (const [index, file] of files.entries()) {
  if (!claim(index)) continue;
  // A file's top-level tests and hooks belong to its suite: they run, and are reported, as its own.
  await describe(relative(process.cwd(), file), async () => {
    await import(pathToFileURL(file).href);
  });
  if (claims) mkdirSync(join(claims, String(index), 'done'));
}
