// The built files pages load, and the package npm would publish, stay within the budgets written in size-budget.json.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { gzipSync } from 'node:zlib';

const root = new URL('../..', import.meta.url).pathname;
const { files, package: pack } = JSON.parse(readFileSync(join(root, 'size-budget.json'), 'utf8'));

for (const [file, budget] of Object.entries(files)) {
  test(`${file} stays within its gzipped budget of ${budget.toLocaleString('en')} bytes`, () => {
    const path = join(root, file);
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
