// The library entries as npm would publish them: every file one of them imports by path is
// in dist/, and none sits under a directory npm leaves out when packing (node_modules).
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { test } from 'node:test';

const root = new URL('../..', import.meta.url).pathname;
const dist = join(root, 'dist');

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/** The specifiers of a module's static and dynamic imports and re-exports (comment lines skipped). */
function imports(code) {
  const found = [];
  for (const line of code.split('\n')) {
    if (/^\s*(\/\/|\*|\/\*)/.test(line)) continue;
    for (const match of line.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+)(['"])([^'"]+)\1/g)) found.push(match[2]);
  }
  return found;
}

test('the library files import only what dist/ holds, and nothing under node_modules', () => {
  assert.ok(existsSync(join(dist, 'element/index.js')), 'dist/ is built (npm run build; npm test builds first)');
  const library = ['core', 'element', 'react', 'vendor'].filter((dir) => existsSync(join(dist, dir))).flatMap((dir) => files(join(dist, dir)));
  const modules = library.filter((file) => file.endsWith('.js'));
  assert.ok(modules.length > 20, 'the library entries are built one module per file');
  assert.deepEqual(library.filter((file) => file.split('/').includes('node_modules')).map((file) => relative(root, file)), [], 'no file under a node_modules directory');
  const missing = [];
  for (const file of modules) {
    for (const specifier of imports(readFileSync(file, 'utf8'))) {
      if (!specifier.startsWith('.')) continue;
      const target = resolve(dirname(file), specifier);
      if (!target.startsWith(dist) || !existsSync(target) || target.split('/').includes('node_modules')) missing.push(`${relative(root, file)} -> ${specifier}`);
    }
  }
  assert.deepEqual(missing, [], 'every relative import resolves inside dist/, outside any node_modules directory');
});

test("a host's bundler says nothing about the library: esbuild bundles every entry without a warning", async () => {
  const { build } = await import('esbuild');
  const entries = ['element/index.js', 'react/index.js', 'core/index.js', 'core/unstable.js', 'collab/index.js', 'extensions/callout.js', 'extensions/details.js', 'locales/fr.js'];
  const result = await build({
    stdin: { contents: entries.map((entry) => `export * from './dist/${entry}';`).join('\n'), resolveDir: root, loader: 'js' },
    bundle: true,
    format: 'esm',
    platform: 'browser',
    write: false,
    logLevel: 'silent',
  });
  assert.deepEqual(
    result.warnings.map((warning) => `${warning.location?.file ?? ''}: ${warning.text}`),
    [],
    'no warning (each was a bare import in dist/ of a module package.json marks free of side effects)',
  );
});

// rich-editor/core puts the string writer in use as it loads; the element's entries fetch it
// when the browser is idle, as the embed bundle does (bundle.node.test.mjs checks it is a chunk).
test("a host's bundler keeps the HTML string writer: a bundle that uses only rich-editor/core's serializeHTML writes HTML on Node, with no DOM", async () => {
  const { build } = await import('esbuild');
  const result = await build({
    stdin: {
      contents: "import { serializeHTML, schema } from './dist/core/index.js';\nconsole.log(serializeHTML(schema.node('doc', null, [schema.node('paragraph', null, [schema.text('a < b')])])));",
      resolveDir: root,
      loader: 'js',
    },
    bundle: true,
    format: 'esm',
    platform: 'node',
    external: ['prosemirror-*', 'lit', 'lit/*', '@lit/*', 'markdown-it', 'refractor', 'refractor/*', '@floating-ui/*', 'yjs', 'y-protocols/*', 'lib0/*'],
    write: false,
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].text;
  assert.ok(code.includes('useStringWriter('), 'the bundle puts the string writer in use');
  const { execFileSync } = await import('node:child_process');
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', code], { cwd: root, encoding: 'utf8' });
  assert.equal(out.trim(), '<p>a &lt; b</p>');
});
