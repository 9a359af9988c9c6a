// The core's modules import each other in one direction: no runtime import circle (a circle
// makes load order matter, a module read before it is initialised, and the default schema built
// half-way). Type-only imports are erased and do not count. Also: no source file over 400 lines.
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';

const root = new URL('../..', import.meta.url).pathname;

/** Every .ts/.tsx file under `dir`. */
function sources(dir) {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [path] : [];
  });
}

/**
 * The relative modules a file imports at run time: `import … from`, `export … from` and bare
 * `import '…'`, leaving out `import type`/`export type` and imports whose every name is a type
 * (`import { type A, type B }`); dynamic `import()` loads later and does not count.
 */
export function runtimeImports(file) {
  const text = readFileSync(file, 'utf8');
  const found = [];
  const statement = /^(import|export)\s+(type\s+)?([^;]*?)\s*from\s*['"](\.[^'"]+)['"]|^import\s+['"](\.[^'"]+)['"]/gms;
  for (const match of text.matchAll(statement)) {
    const specifier = match[4] ?? match[5];
    if (match[2]) continue;
    const names = match[3] ?? '';
    const braced = /^\{([^}]*)\}$/s.exec(names.trim());
    if (braced && braced[1].split(',').map((name) => name.trim()).filter(Boolean).every((name) => name.startsWith('type '))) continue;
    const target = resolve(dirname(file), specifier.replace(/\.js$/, '.ts'));
    found.push(target);
  }
  return found;
}

/** The strongly connected groups of more than one module (or a module importing itself), by Tarjan's algorithm. */
export function cycles(graph) {
  let index = 0;
  const stack = [];
  const meta = new Map();
  const groups = [];
  const visit = (node) => {
    meta.set(node, { index, low: index, onStack: true });
    index++;
    stack.push(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!meta.has(next)) {
        visit(next);
        meta.get(node).low = Math.min(meta.get(node).low, meta.get(next).low);
      } else if (meta.get(next).onStack) meta.get(node).low = Math.min(meta.get(node).low, meta.get(next).index);
    }
    if (meta.get(node).low === meta.get(node).index) {
      const group = [];
      let member;
      do {
        member = stack.pop();
        meta.get(member).onStack = false;
        group.push(member);
      } while (member !== node);
      if (group.length > 1 || (graph.get(node) ?? []).includes(node)) groups.push(group);
    }
  };
  for (const node of graph.keys()) if (!meta.has(node)) visit(node);
  return groups;
}

test('src/core has no runtime import circle', () => {
  const files = sources(join(root, 'src/core'));
  const graph = new Map(files.map((file) => [file, runtimeImports(file).filter((target) => target.startsWith(join(root, 'src/core')))]));
  const found = cycles(graph).map((group) => group.map((file) => relative(root, file)).sort());
  assert.deepEqual(found, [], `import circles in src/core:\n${found.map((group) => `  ${group.join(' → ')}`).join('\n')}`);
});

test('the circle finder sees a circle', () => {
  const graph = new Map([
    ['a', ['b']],
    ['b', ['c']],
    ['c', ['a']],
    ['d', ['a']],
  ]);
  assert.deepEqual(cycles(graph).map((group) => group.sort()), [['a', 'b', 'c']]);
});

/** Data, not code: word lists and the like may be long. */
const DATA_FILES = new Set(['src/server/auth/common-passwords.ts']);

test('no source file is over 400 lines', () => {
  const long = sources(join(root, 'src'))
    .map((file) => [relative(root, file), readFileSync(file, 'utf8').split('\n').length - 1])
    .filter(([file, lines]) => lines > 400 && !DATA_FILES.has(file))
    .map(([file, lines]) => `${file}: ${lines} lines`);
  assert.deepEqual(long, []);
});
