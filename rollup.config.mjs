// Builds dist/: the library entries (dependencies left to the host's bundler), one
// self-contained, minified ESM file a plain HTML page loads with a single <script type="module">,
// and the tracker app (dist/app/), which is not part of the library's exports.
import commonjs from '@rollup/plugin-commonjs';
import resolve from '@rollup/plugin-node-resolve';
import replace from '@rollup/plugin-replace';
import terser from '@rollup/plugin-terser';
import esbuild, { minify as esbuildMinify } from 'rollup-plugin-esbuild';
import { cssWhitespace } from './scripts/rollup-css-whitespace.mjs';
import { dependencyLineMaps } from './scripts/rollup-dependency-lines.mjs';
import { libraryComments } from './scripts/rollup-library-comments.mjs';

const dependencies = /^(prosemirror-[a-z-]+|yjs|y-protocols|lib0|lit|lit-html|lit-element|@lit\/[a-z-]+|@lit-labs\/[a-z-]+|react|react-dom|markdown-it|orderedmap|rope-sequence|w3c-keyname|linkify-it|mdurl|uc\.micro|punycode\.js|entities|refractor|fast-diff|@floating-ui\/[a-z-]+)(\/.*)?$/;

const typescript = () => esbuild({ target: 'es2022', tsconfig: 'tsconfig.json', sourceMap: true });

/**
 * `rollup -c --configLibrary` builds the library only (what `npm pack` ships); without it the
 * tracker app is built too.
 * @type {(args: Record<string, unknown>) => import('rollup').RollupOptions[]}
 */
export default (args) => {
  const library = Boolean(args.configLibrary);
  delete args.configLibrary;
  return library ? configs.slice(0, 2) : configs;
};

// `sideEffects` in package.json describes the shipped dist/ files; our own sources (each
// component module defines its tag on import) are always kept whole: ignoreSideEffectsForRoot.
/** @type {import('rollup').RollupOptions[]} */
const configs = [
  {
    input: {
      'core/index': 'src/core/index.ts',
      // The parts the element is assembled from, for hosts that assemble their own (no stability promise).
      'core/unstable': 'src/core/unstable.ts',
      'element/index': 'src/element/index.ts',
      'react/index': 'src/react/index.ts',
      // An example extension, shipped apart from the editor (plain data, no imports).
      'extensions/callout': 'src/extensions/callout.ts',
      // An interactive one (a node view, keys, edge hooks), also without imports: the editor hands it ProseMirror.
      'extensions/details': 'src/extensions/details.ts',
      // A complete second locale (words only, no imports).
      'locales/fr': 'src/locales/fr.ts',
      // Editing together: the browser's provider, and the server's hub (Node).
      'collab/index': 'src/collab/index.ts',
      'collab/server': 'src/collab/server.ts',
    },
    external: (id) => dependencies.test(id),
    output: {
      dir: 'dist',
      format: 'es',
      // A dependency file the source imports by path (Prism's core, which refractor does not
      // export) goes to vendor/: npm leaves out any directory called node_modules when packing.
      entryFileNames: (chunk) => (chunk.name.includes('node_modules/') ? `vendor/${chunk.name.slice(chunk.name.lastIndexOf('node_modules/') + 'node_modules/'.length)}.js` : '[name].js'),
      // One file per source module, so a host's bundler tree-shakes what it does not use.
      preserveModules: true,
      preserveModulesRoot: 'src',
      sourcemap: true,
      // Each map names its sources (../../src/…, which the package ships) instead of holding a
      // copy of them: one copy of our sources in the tarball (package.json "files"), not one per map.
      sourcemapExcludeSources: true,
    },
    // What package.json's sideEffects says of dist/: only the element's modules (each defines its
    // tag), the React entry and core/serialize/string-writer.js (it puts the HTML string writer in
    // use) have effects. Without this, rollup keeps a bare `import 'x'` of a module whose bindings
    // a file no longer uses (prosemirror-*, core/strings.js…), and a host's bundler warns about
    // each one it then drops.
    treeshake: { moduleSideEffects: (id, external) => !external && /\/src\/(element\/|react\/|core\/serialize\/string-writer\.ts$)/.test(id) },
    // Our comments are in src/ (the maps' sources) and dist/types (the docs editors show): not in
    // the JavaScript too. The maps give each line of the JavaScript its line of src/ (one mapping
    // per line: scripts/rollup-dependency-lines.mjs).
    plugins: [resolve({ ignoreSideEffectsForRoot: true, extensions: ['.ts', '.js'] }), typescript(), libraryComments(), dependencyLineMaps(() => true)],
  },
  {
    // The embed bundle: everything but React, minified; lazily loaded parts (the
    // markdown parser) become chunks beside it, fetched only when used.
    // The provider for editing together is a second entry: it shares Yjs with the element's own
    // collaboration chunk, and a page that does not edit together loads neither.
    input: { 'rich-editor.min': 'src/element/browser.ts', 'rich-editor-collab.min': 'src/collab/browser.ts' },
    // Code the lazy chunks share with the entry stays in the entry file (the page's one
    // script) instead of moving into a third file the entry would have to import.
    preserveEntrySignatures: 'allow-extension',
    output: {
      dir: 'dist/browser',
      format: 'es',
      entryFileNames: '[name].js',
      // Syntax grammars (one chunk per language) are named apart from the markdown parser's chunk.
      chunkFileNames: (chunk) => (chunk.facadeModuleId?.includes('/refractor/lang/') ? 'grammar-[name]-[hash].min.js' : '[name]-[hash].min.js'),
      // Our sources from the package's src/, the dependencies' from their own packages on npm: a
      // stack trace still names each file and line (a dependency's code is mapped by line only:
      // dependencyLineMaps).
      sourcemap: true,
      sourcemapExcludeSources: true,
    },
    plugins: [
      resolve({ ignoreSideEffectsForRoot: true, extensions: ['.ts', '.js'], exportConditions: ['browser', 'production'] }),
      // fast-diff (the collaboration binding's) ships CommonJS only.
      commonjs(),
      // Terser keeps strings as written: the CSS in them is tightened before.
      cssWhitespace(),
      typescript(),
      terser({ ecma: 2020, module: true, compress: { passes: 2 }, format: { comments: false } }),
      dependencyLineMaps(),
    ],
  },
  {
    // The tracker app: React and every other dependency bundled in, minified; each screen is
    // loaded lazily by its route, so it becomes a chunk of its own.
    input: { main: 'src/app/main.tsx' },
    output: {
      dir: 'dist/app',
      format: 'es',
      entryFileNames: '[name].js',
      chunkFileNames: 'chunks/[name]-[hash].js',
      sourcemap: true,
    },
    // Radix and React Query mark their modules 'use client' (a React Server Components hint); bundled for
    // the browser it means nothing, and rollup's warning about dropping it is noise.
    onwarn(warning, warn) {
      if (warning.code === 'MODULE_LEVEL_DIRECTIVE' && /['"]use client['"]/.test(warning.message)) return;
      // React Router's own modules import each other in a circle; harmless, and not ours to change.
      if (warning.code === 'CIRCULAR_DEPENDENCY' && warning.ids?.every((id) => id.includes('/node_modules/'))) return;
      warn(warning);
    },
    plugins: [
      // React picks its production build from process.env.NODE_ENV, which browsers do not have.
      replace({ preventAssignment: true, values: { 'process.env.NODE_ENV': JSON.stringify('production') } }),
      resolve({ ignoreSideEffectsForRoot: true, extensions: ['.tsx', '.ts', '.js'], exportConditions: ['browser', 'production'] }),
      // React and react-dom ship CommonJS only.
      commonjs(),
      typescript(),
      // esbuild's minifier, as Vite's production builds use: the app's build (which npm start runs
      // first) takes half the time it took with terser (37 s to 19 s here) for 3% more bytes
      // gzipped. The embed bundle, which hosts' pages pay for, keeps terser's smaller output.
      esbuildMinify({ target: 'es2022', sourceMap: true }),
    ],
  },
];
