// Several browser test files to one page: writes the entries of the pages for Web Test Runner.
//
// A test page has a fixed price before its first test: the page and its browser context made
// and closed, the runner's own scripts, and for the app's files the code of every screen
// (test/app/shell/render.tsx loads it once per page). In Chromium that was about 2.4
// processor-seconds a file for the app's files against about 1 for a file importing nothing;
// the tests of many app files take less than that. The files given here are run a few to a
// page: each page's entry imports its files in turn through test/setup/file-group.ts, which
// puts each file's tests in a suite named after it and gives the page back, before each file,
// as a page of its own would be (viewport, mouse, storage, focus, scroll).
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import globby from 'globby';

/** Where the pages' entries are written (under .test-results: made anew by each run, not type-checked). */
export const GROUPS_DIR = '.test-results/groups';

/**
 * Writes one entry per `size` files matched by `globs` (in path order) as
 * `GROUPS_DIR/<name>-NN.test.ts` and returns their paths, relative to `root`, followed by the
 * files in `alone` (paths): those need a page no other file has run in, and keep their own.
 */
export function groupedTestPages(globs, { name, size, alone = [], root = process.cwd() }) {
  const files = globby.sync(globs, { cwd: root }).sort().filter((file) => !alone.includes(file));
  const dir = join(root, GROUPS_DIR);
  mkdirSync(dir, { recursive: true });
  const pages = new Map();
  for (let start = 0; start < files.length; start += size) {
    const page = join(dir, `${name}-${String(pages.size + 1).padStart(2, '0')}.test.ts`);
    const from = (file) => JSON.stringify(relative(dir, join(root, file)).replace(/\.tsx?$/, '.js'));
    const entries = files.slice(start, start + size).map((file) => `  [${JSON.stringify(file)}, () => import(${from(file)})],`);
    const text = [
      '// Written by scripts/wtr-groups.mjs for one test page: these files, in turn.',
      `import { testFiles } from ${from('test/setup/file-group.ts')};`,
      '',
      'await testFiles([',
      ...entries,
      ']);',
      '',
    ].join('\n');
    pages.set(page, text);
  }
  // Written only when changed, and the pages no longer needed removed: two runners starting
  // together (a config imported by another's) leave the same files.
  for (const [page, text] of pages) if (!existsSync(page) || readFileSync(page, 'utf8') !== text) writeFileSync(page, text);
  for (const old of globby.sync(`${name}-*.test.ts`, { cwd: dir, absolute: true })) if (!pages.has(old)) rmSync(old, { force: true });
  return [...[...pages.keys()].map((page) => relative(root, page)), ...alone];
}
