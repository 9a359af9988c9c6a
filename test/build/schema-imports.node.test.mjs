// The core's commands, plugins and keymap find node and mark types through the state's
// schema, never through the built-in schema object, so they work on a host's schema.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

const core = new URL('../../src/core/', import.meta.url).pathname;

/** Every name a module imports (or re-exports) from the schema folder's modules, with the line it is on. */
function schemaImports(code) {
  const found = [];
  for (const match of code.matchAll(/(?:import|export)\s+(?:type\s+)?\{([^}]*)\}\s*from\s*['"]([^'"]*\/schema(?:\/[\w-]+)?\.js|[^'"]*\/schema\/index\.js)['"]/g)) {
    for (const name of match[1].split(',').map((part) => part.trim().split(/\s+as\s+/)[0].replace(/^type\s+/, ''))) {
      if (name) found.push({ name, from: match[2] });
    }
  }
  for (const match of code.matchAll(/import\s+\*\s+as\s+\w+\s+from\s*['"]([^'"]*\/schema\/[\w-]+\.js)['"]/g)) found.push({ name: '*', from: match[1] });
  return found;
}

test('no file under src/core/commands or src/core/plugins imports the built-in schema object', () => {
  const files = ['commands', 'plugins'].flatMap((dir) => readdirSync(join(core, dir)).map((name) => join(core, dir, name)));
  assert.ok(files.some((file) => file.endsWith('keymap.ts')), 'the keymap is among the files checked');
  const offenders = files.flatMap((file) =>
    schemaImports(readFileSync(file, 'utf8'))
      .filter(({ name, from }) => name === 'schema' || name === '*' || /schema\/index\.js$/.test(from) && name === 'schema')
      .map(({ from }) => `${file.slice(core.length)} imports the schema from ${from}`),
  );
  assert.deepEqual(offenders, []);
});

test('the check itself catches such an import', () => {
  assert.deepEqual(schemaImports("import { schema } from '../schema/index.js';").map((i) => i.name), ['schema']);
  assert.deepEqual(schemaImports("import { cleanAttrs, schema as s } from '../schema/index.js';").map((i) => i.name), ['cleanAttrs', 'schema']);
});
