// The built files pages load, and the package npm would publish, stay within the budgets written in size-budget.json.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { test } from 'node:test';
import { gzipSync } from 'node:zlib';

const root = new URL('../..', import.meta.url).pathname;
const { files, package: pack } = JSON.parse(readFileSync(join(root, 'size-budget.json'), 'utf8'));

/** The built file a budget names: a `*` stands for a chunk's content hash, and one file must match. */
function builtFile(file) {
  if (!file.includes('*')) return join(root, file);
  const dir = join(root, dirname(file));
  const name = file.slice(file.lastIndexOf('/') + 1);
  const pattern = new RegExp(`^${name.replaceAll('.', '\\.').replace('*', '[\\w-]+')}$`);
  const found = existsSync(dir) ? readdirSync(dir).filter((entry) => pattern.test(entry)) : [];
  assert.equal(found.length, 1, `one built file matches ${file} (npm run build), not ${found.length}`);
  return join(dir, found[0]);
}

for (const [file, budget] of Object.entries(files)) {
  test(`${file} stays within its gzipped budget of ${budget.toLocaleString('en')} bytes`, () => {
    const path = builtFile(file);
    assert.ok(existsSync(path), `${file} is built (npm run build)`);
    const size = gzipSync(readFileSync(path), { level: 9 }).length;
    assert.ok(size <= budget, `${file} is ${size.toLocaleString('en')} bytes gzipped, over its budget of ${budget.toLocaleString('en')}`);
  });
}

test(`the packed npm tarball stays within its budget of ${pack.packed.toLocaleString('en')} bytes`, () => {
  assert.ok(existsSync(join(root, 'dist/element/index.js')), 'dist/ is built (npm run build)');
  // What `npm pack` would write, measured without writing it (and without prepack's rebuild: npm test builds first).
  const [result] = JSON.parse(execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts', '--loglevel=error'], { cwd: root, encoding: 'utf8' }));
  assert.ok(result.size <= pack.packed, `the tarball is ${result.size.toLocaleString('en')} bytes (${result.entryCount} files), over its budget of ${pack.packed.toLocaleString('en')}`);
});
