// Builds dist/: the library entries (dependencies left to the host's bundler) and one
// self-contained, minified ESM file a plain HTML page loads with a single <script type="module">.
import resolve from '@rollup/plugin-node-resolve';
import terser from '@rollup/plugin-terser';
import esbuild from 'rollup-plugin-esbuild';

const dependencies = /^(prosemirror-[a-z]+|lit|lit-html|lit-element|@lit\/[a-z-]+|@lit-labs\/[a-z-]+|react|react-dom|markdown-it|orderedmap|rope-sequence|w3c-keyname|linkify-it|mdurl|uc\.micro|punycode\.js|entities|refractor|@floating-ui\/[a-z-]+)(\/.*)?$/;

const typescript = () => esbuild({ target: 'es2022', tsconfig: 'tsconfig.json', sourceMap: true });

/** @type {import('rollup').RollupOptions[]} */
export default [
  {
    input: {
      'core/index': 'src/core/index.ts',
      'element/index': 'src/element/index.ts',
      'react/index': 'src/react/index.ts',
    },
    external: (id) => dependencies.test(id),
    output: {
      dir: 'dist',
      format: 'es',
      entryFileNames: '[name].js',
      // One file per source module, so a host's bundler tree-shakes what it does not use.
      preserveModules: true,
      preserveModulesRoot: 'src',
      sourcemap: true,
    },
    plugins: [resolve({ extensions: ['.ts', '.js'] }), typescript()],
  },
  {
    // The embed bundle: everything but React, minified; lazily loaded parts (the
    // markdown parser) become chunks beside it, fetched only when used.
    input: { 'rich-editor.min': 'src/element/index.ts' },
    // Code the lazy chunks share with the entry stays in the entry file (the page's one
    // script) instead of moving into a third file the entry would have to import.
    preserveEntrySignatures: 'allow-extension',
    output: {
      dir: 'dist/browser',
      format: 'es',
      entryFileNames: '[name].js',
      chunkFileNames: '[name]-[hash].min.js',
      sourcemap: true,
    },
    plugins: [
      resolve({ extensions: ['.ts', '.js'], exportConditions: ['browser', 'production'] }),
      typescript(),
      terser({ ecma: 2020, module: true, compress: { passes: 2 }, format: { comments: false } }),
    ],
  },
];
