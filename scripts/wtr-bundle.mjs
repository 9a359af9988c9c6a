// Web Test Runner plugin: serves an ES-module package that is one big barrel (lucide-react
// re-exports each icon from its own file) as one module bundled once by esbuild, so a test
// file loads it in one request instead of thousands. React stays external (react-as-esm serves it).
import { build } from 'esbuild';
import { statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import globby from 'globby';

const PREFIX = '/__bundled__/';

/** The plugin, for the given package names. */
export function bundledPackages(names) {
  const built = new Map();
  const source = (name) => {
    if (!built.has(name)) {
      built.set(
        name,
        build({
          entryPoints: [name],
          absWorkingDir: process.cwd(),
          bundle: true,
          format: 'esm',
          write: false,
          external: ['react', 'react/*', 'react-dom', 'react-dom/*'],
          define: { 'process.env.NODE_ENV': '"production"' },
          logLevel: 'silent',
        }).then((result) => result.outputFiles[0].text),
      );
    }
    return built.get(name);
  };
  return {
    name: 'bundled-packages',
    resolveImport({ source: specifier }) {
      if (names.includes(specifier)) return `${PREFIX}${specifier}.js`;
    },
    async serve(context) {
      if (!context.path.startsWith(PREFIX)) return undefined;
      const name = context.path.slice(PREFIX.length, -'.js'.length);
      if (!names.includes(name)) return undefined;
      return { body: await source(name), type: 'js' };
    },
  };
}

/**
 * Web Test Runner middleware that serves every browser test file as an esbuild bundle.
 *
 * Unbundled, a test page asks the dev server for some 300 modules one by one (each revalidated,
 * each compiled by the browser), which costs more than most files' tests: in Firefox about
 * 250 s of a 400 s run went between files. Here one esbuild build (code splitting, a second or
 * two) covers all the run's files: a test file's URL answers with one import of its own entry,
 * which imports the chunks it shares with other files. Chunks have content-hashed names and are
 * served as immutable, so the browser fetches and compiles each once per run, not once per page.
 *
 * What a page sees stays as it was unbundled: each file still runs in a page of its own, with
 * the console guard loaded first (`prelude`); modules loaded with `import()` stay separate chunks
 * fetched when first needed (test/core/plugins/markdown-paste-lazy.test.ts checks one); the
 * dev server's own modules (`/__web-dev-server__*`, `/__web-test-runner__*`) stay external;
 * package.json's `sideEffects` is ignored (it describes dist/, and a test imports src/ for its
 * side effects). Linked source maps let the runner report failures at their TypeScript lines.
 *
 * A test page's own document (a fixture an iframe loads, such as test/fixtures/form/restore.html)
 * loads its script as a `*.page.ts` module: it is bundled the same way, without the console
 * guard (the page is not a test), so a page that loads the editor asks for a few chunks the run
 * already has, not 300 modules (Firefox on a busy machine once took over 20 s for them).
 *
 * `files` are the config's globs; files named on the command line (`--files`, as test-part.mjs
 * passes them) replace them, as they do for the runner. A file asked for outside them is added
 * and everything rebuilt; a change to any source file is picked up by the next test page.
 * WTR_BUNDLE=0 serves modules one by one again (to debug a page in a browser with `--manual`).
 */
export function bundledTestFiles({ files, prelude, root = process.cwd(), conditions = ['browser', 'production'] }) {
  if (process.env.WTR_BUNDLE === '0') return (context, next) => next();
  const extraEntries = new Set();
  /** The current build: `{ started, entries: Map<test file, entry URL>, inputs, error }`. */
  let current = null;
  /**
   * Every build's outputs by URL. A rebuild keeps the earlier ones: a page that loaded an older
   * entry may still ask for that build's chunks.
   */
  const outputs = new Map();

  const entryFiles = async () => {
    const listed = await globby([...(namedFiles() ?? files), 'test/**/*.page.ts'], { cwd: root });
    return [...new Set([...listed, ...extraEntries])].filter((file) => BUNDLED_ENTRY.test(`/${file}`)).sort();
  };

  const rebuild = async () => {
    const previousInputs = current && (await current).inputs;
    const started = Date.now();
    return (async () => {
      const entryList = await entryFiles();
      try {
        const result = await build({
          entryPoints: entryList.map((file) => ({ in: `${ENTRY}${file}`, out: file.replace(/\.tsx?$/, '.bundle') })),
          absWorkingDir: root,
          outdir: root,
          outbase: root,
          bundle: true,
          splitting: true,
          format: 'esm',
          platform: 'browser',
          target: 'es2022',
          conditions,
          ignoreAnnotations: true,
          // No keepNames: it wraps every function and class in a `__name` call made as each module
          // loads (about 4% of an app test page's script time), and the built bundles do not keep
          // names either. Tests tell selections apart by `toJSON().type`, not by class name.
          write: false,
          metafile: true,
          entryNames: '[dir]/[name]-[hash]',
          chunkNames: `${CHUNKS}[name]-[hash]`,
          outExtension: { '.js': '.mjs' },
          sourcemap: 'linked',
          sourcesContent: false,
          define: { 'process.env.NODE_ENV': '"production"' },
          external: ['/__web-dev-server__*', '/__web-test-runner__*'],
          tsconfig: 'tsconfig.json',
          logLevel: 'silent',
          plugins: [
            {
              name: 'test-entries',
              setup(esbuild) {
                esbuild.onResolve({ filter: new RegExp(`^${ENTRY}`) }, (args) => ({ path: args.path.slice(ENTRY.length), namespace: 'test-entry' }));
                esbuild.onLoad({ filter: /.*/, namespace: 'test-entry' }, (args) => ({
                  contents: `${PAGE_ENTRY.test(args.path) ? '' : `import ${JSON.stringify(`./${prelude}`)};\n`}import ${JSON.stringify(`./${args.path}`)};\n`,
                  resolveDir: root,
                  loader: 'js',
                }));
                // A module that finds its files beside it (`new URL('x.html', import.meta.url)`) keeps its own address.
                esbuild.onLoad({ filter: /\.tsx?$/ }, async (args) => {
                  if (args.path.includes('/node_modules/')) return undefined;
                  const source = await readFile(args.path, 'utf8');
                  if (!source.includes('import.meta.url')) return { contents: source, loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
                  const url = `new URL(${JSON.stringify(`/${relative(root, args.path)}`)}, location.href).href`;
                  return { contents: source.replaceAll('import.meta.url', url), loader: args.path.endsWith('x') ? 'tsx' : 'ts' };
                });
              },
            },
          ],
        });
        const built = new Map(result.outputFiles.map((file) => [`/${relative(root, file.path)}`, file.contents]));
        sourcesInLazyChunkUrls(result.metafile, built);
        for (const [url, contents] of built) outputs.set(url, contents);
        const entries = new Map();
        for (const [output, { entryPoint }] of Object.entries(result.metafile.outputs)) {
          if (entryPoint?.startsWith('test-entry:')) entries.set(entryPoint.slice('test-entry:'.length), `/${output}`);
        }
        // Only the project's own files can change during a run; node_modules is read once.
        const inputs = Object.keys(result.metafile.inputs).filter((input) => !input.includes('node_modules') && !input.includes(':'));
        return { started, entries, inputs, error: null };
      } catch (error) {
        const located = (error.errors ?? []).filter((e) => e.location);
        const message = error.errors?.length ? error.errors.map((e) => `${e.location ? `${e.location.file}:${e.location.line}:${e.location.column}: ` : ''}${e.text}`).join('\n') : error.message;
        console.error(`The test bundle could not be built, so test files are served one module at a time until that is fixed:\n${message}`);
        // Rebuilt when a file it named, or one the last build read, changes.
        const inputs = [...new Set([...located.map((e) => e.location.file), ...(previousInputs ?? [])])];
        return { started, entries: new Map(), inputs, error: message };
      }
    })();
  };

  /** Whether a source file the build read (or its error named) has changed since it started. */
  const stale = ({ started, inputs }) =>
    inputs.some((input) => {
      try {
        return statSync(join(root, input)).mtimeMs >= started;
      } catch {
        return true;
      }
    });

  return async function testBundles(context, next) {
    const path = decodeURIComponent(context.path);
    const testFile = BUNDLED_ENTRY.test(path) && !path.endsWith('.node.test.ts') ? path.slice(1) : null;
    if (testFile) {
      current ??= rebuild();
      let built = await current;
      if ((!built.error && !built.entries.has(testFile)) || stale(built)) {
        if (!built.error && !built.entries.has(testFile)) extraEntries.add(testFile);
        // Pages asking at the same time share one rebuild.
        if ((await current) === built) current = rebuild();
        built = await current;
      }
      // Without a bundle (a syntax error, an import that does not resolve) each file fails on its own, as unbundled.
      const entry = built.entries.get(testFile);
      if (!entry) return next();
      context.type = 'js';
      context.set('Cache-Control', 'no-cache');
      context.body = `import ${JSON.stringify(entry)};\n`;
      return;
    }
    if (current && (path.startsWith(`/${CHUNKS}`) || path.includes('.bundle-'))) await current;
    const output = outputs.get(path);
    if (!output) return next();
    context.type = path.endsWith('.map') ? 'json' : 'js';
    // Names carry their content's hash: the browser keeps each for the whole run.
    context.set('Cache-Control', 'public, max-age=31536000, immutable');
    context.body = Buffer.from(output);
  };
}

/** The files named on the command line with `--files` (WTR's own option, as test-part.mjs uses it), or null. */
function namedFiles() {
  const args = process.argv.slice(2);
  const at = args.indexOf('--files');
  if (at < 0) return null;
  const next = args.findIndex((arg, index) => index > at && arg.startsWith('-'));
  return args.slice(at + 1, next < 0 ? undefined : next);
}

/**
 * A module loaded with `import()` is its own chunk, fetched when first needed. Its address names
 * the source it holds (`…/swift-AB12CD34.mjs?source=/node_modules/refractor/lang/swift.js`), as
 * it was unbundled, so a test can still tell which one the page fetched (test/element/node-views/
 * code-block-view.test.ts). Every import of the chunk gets the same address: one module per page.
 */
function sourcesInLazyChunkUrls(metafile, outputs) {
  const renames = [];
  for (const [output, { entryPoint }] of Object.entries(metafile.outputs)) {
    if (!output.startsWith(CHUNKS) || !entryPoint || output.endsWith('.map')) continue;
    const source = entryPoint.includes('node_modules/') ? `node_modules/${entryPoint.split('node_modules/').pop()}` : entryPoint;
    const name = output.slice(output.lastIndexOf('/') + 1);
    renames.push([`/${name}"`, `/${name}?source=/${source}"`]);
  }
  if (!renames.length) return;
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  for (const [path, contents] of outputs) {
    if (!path.endsWith('.mjs')) continue;
    const text = decoder.decode(contents);
    let changed = text;
    for (const [from, to] of renames) if (changed.includes(from)) changed = changed.replaceAll(from, to);
    if (changed !== text) outputs.set(path, encoder.encode(changed));
  }
}

const ENTRY = 'test-entry:';
/** A test page's script: a fixture page's own module, bundled without the console guard. */
const PAGE_ENTRY = /\.page\.ts$/;
/** The addresses served as bundles: test files, the entries of pages running several (scripts/wtr-groups.mjs), and test pages' scripts. */
const BUNDLED_ENTRY = /^\/(test|\.test-results\/groups)\/.*(\.test\.tsx?|\.page\.ts)$/;
const CHUNKS = '__wtr-bundle__/';
