// npm run build: rollup bundles, type declarations, and a size report of each bundle.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build } from 'esbuild';
import { buildServer } from './build-server.mjs';
import { firstLoad } from './first-load.mjs';

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
// Written without indentation: tools read it, and the tarball carries it.
const manifest = join(root, 'custom-elements.json');
writeFileSync(manifest, `${JSON.stringify(JSON.parse(readFileSync(manifest, 'utf8')))}\n`);
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
// Library entries are shipped one module per file; what matters is what a host's bundler ends
// with, so each entry is bundled here as a host's bundler does with code splitting (its
// dependencies left out) and minified: what a page loads first (the entry's file and the chunks it
// imports) and, for the element's entries, with the chunks its `import()`s reach (the parts
// fetched on demand, as the embed bundle's are).
const outside = ['prosemirror-*', 'lit', 'lit/*', '@lit/*', 'react', 'react-dom', 'markdown-it', 'markdown-it/*', 'refractor', 'refractor/*', '@floating-ui/*', 'yjs', 'y-protocols/*', 'lib0', 'lib0/*', 'fast-diff'];
for (const entry of ['core', 'element', 'react']) {
  const result = await build({
    entryPoints: { [entry]: join(root, 'dist', entry, 'index.js') },
    bundle: true,
    splitting: true,
    minify: true,
    format: 'esm',
    target: 'es2022',
    absWorkingDir: root,
    outdir: join(root, 'size-report'),
    write: false,
    metafile: true,
    external: outside,
    logLevel: 'silent',
  });
  const outputs = result.metafile.outputs;
  const first = firstLoad(outputs, Object.keys(outputs).find((path) => outputs[path].entryPoint?.endsWith(`dist/${entry}/index.js`)));
  const sizes = (keep) =>
    result.outputFiles
      .filter((file) => file.path.endsWith('.js') && keep(relative(root, file.path)))
      .reduce(([min, gz], file) => [min + file.contents.length, gz + gzipSync(file.contents, { level: 9 }).length], [0, 0]);
  rows.push([`${entry} (dist/${entry}/index.js, without dependencies), first load`, ...sizes((path) => first.has(path))]);
  if (entry !== 'core') rows.push([`${entry}, with the chunks it loads on demand`, ...sizes(() => true)]);
}
console.log(`\n${'bundle'.padEnd(72)}${'minified'.padStart(10)}${'gzipped'.padStart(10)}`);
for (const [name, min, gz] of rows) console.log(`${name.padEnd(72)}${kb(min)}${kb(gz)}`);
console.log('dist/browser/ is the embed bundle: one <script type="module"> loads rich-editor.min.js, which fetches the chunks beside it (copy the folder whole).');
