// The built files pages load stay within the gzipped budgets written in size-budget.json.
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { gzipSync } from 'node:zlib';

const root = new URL('../..', import.meta.url).pathname;
const { files } = JSON.parse(readFileSync(join(root, 'size-budget.json'), 'utf8'));

for (const [file, budget] of Object.entries(files)) {
  test(`${file} stays within its gzipped budget of ${budget.toLocaleString('en')} bytes`, () => {
    const path = join(root, file);
    assert.ok(existsSync(path), `${file} is built (npm run build)`);
    const size = gzipSync(readFileSync(path), { level: 9 }).length;
    assert.ok(size <= budget, `${file} is ${size.toLocaleString('en')} bytes gzipped, over its budget of ${budget.toLocaleString('en')}`);
  });
}
