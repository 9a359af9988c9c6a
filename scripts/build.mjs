// npm run build: rollup bundles, type declarations, and a size report of each bundle.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { buildServer } from './build-server.mjs';

const root = new URL('..', import.meta.url).pathname;
// `--library`: only what the package ships (prepack runs this); the app and the server are left out.
const library = process.argv.includes('--library');
const bin = (name) => join(root, 'node_modules', '.bin', name);

rmSync(join(root, 'dist'), { recursive: true, force: true });
execFileSync(bin('rollup'), ['-c', '--silent', ...(library ? ['--configLibrary'] : [])], { cwd: root, stdio: 'inherit' });
execFileSync(bin('tsc'), ['-p', 'tsconfig.build.json'], { cwd: root, stdio: 'inherit' });
// rich-editor/collab/server's declarations, built with Node's types (tsconfig.build.server.json):
// only the files the browser entries' build did not write are added, so none of theirs is
// written with Node's globals in scope.
const serverTypes = mkdtempSync(join(tmpdir(), 'rich-editor-server-types-'));
try {
  execFileSync(bin('tsc'), ['-p', 'tsconfig.build.server.json', '--outDir', serverTypes], { cwd: root, stdio: 'inherit' });
  cpSync(serverTypes, join(root, 'dist/types'), { recursive: true, force: false });
} finally {
  rmSync(serverTypes, { recursive: true, force: true });
}
// custom-elements.json, from the element's JSDoc (custom-elements-manifest.config.mjs).
execFileSync(bin('cem'), ['analyze', '--quiet'], { cwd: root, stdio: 'inherit' });
// The API server (npm start runs dist/server/main.mjs) and its rich-text worker.
if (!library) await buildServer();

function files(dir) {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`.padStart(10);
const rows = [];
for (const file of files(join(root, 'dist/browser')).filter((f) => f.endsWith('.js'))) {
  const code = readFileSync(file, 'utf8');
  rows.push([relative(root, file), code.length, gzipSync(code, { level: 9 }).length]);
}
// Library entries are shipped one module per file; what matters is what a host's
// bundler ends with, so each entry is bundled here (its dependencies left out) and minified.
for (const entry of ['core', 'element', 'react']) {
  const result = await build({
    entryPoints: [join(root, 'dist', entry, 'index.js')],
    bundle: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    write: false,
    external: ['prosemirror-*', 'lit', 'lit/*', '@lit/*', 'react', 'react-dom', 'markdown-it', 'markdown-it/*', 'refractor', 'refractor/*', '@floating-ui/*'],
    logLevel: 'silent',
  });
  const code = result.outputFiles[0].text;
  rows.push([`${entry} (dist/${entry}/index.js, without dependencies)`, code.length, gzipSync(code, { level: 9 }).length]);
}
console.log(`\n${'bundle'.padEnd(56)}${'minified'.padStart(10)}${'gzipped'.padStart(10)}`);
for (const [name, min, gz] of rows) console.log(`${name.padEnd(56)}${kb(min)}${kb(gz)}`);
console.log('dist/browser/ is the embed bundle: one <script type="module"> loads rich-editor.min.js, which fetches the chunks beside it (copy the folder whole).');
