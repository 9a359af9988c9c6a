// Web Test Runner plugin: serves React (CommonJS) to the browser as ES modules.
// Everything React is bundled once, in production mode, into one vendor module so
// react, react-dom and the JSX runtime share a single React; each import specifier
// gets a small module re-exporting its names from that bundle.
import { createRequire } from 'node:module';
import { build } from 'esbuild';

const require = createRequire(import.meta.url);
const MODULES = {
  react: 'react',
  'react/jsx-runtime': 'react/jsx-runtime',
  'react-dom': 'react-dom',
  'react-dom/client': 'react-dom/client',
  'react-dom/server': 'react-dom/server.browser',
};
const PREFIX = '/__react__/';
const fileOf = (id) => `${PREFIX}${id.replace(/\//g, '__')}.js`;

function exportNames(id) {
  const previous = process.env.NODE_ENV;
  process.env.NODE_ENV = 'production';
  try {
    return Object.keys(require(MODULES[id])).filter((name) => /^[A-Za-z_$][\w$]*$/.test(name) && name !== 'default');
  } finally {
    process.env.NODE_ENV = previous;
  }
}

/** The plugin. */
export function reactAsEsm() {
  let vendor = null;
  const vendorSource = async () => {
    vendor ??= build({
      stdin: {
        contents: Object.entries(MODULES).map(([id, target], i) => `import * as m${i} from '${target}'; export { m${i} as ${JSON.stringify(id).replace(/[^\w]/g, '_')} };`).join('\n'),
        resolveDir: process.cwd(),
        loader: 'js',
      },
      bundle: true,
      format: 'esm',
      write: false,
      minify: false,
      define: { 'process.env.NODE_ENV': '"production"' },
      logLevel: 'silent',
    }).then((result) => result.outputFiles[0].text);
    return vendor;
  };
  return {
    name: 'react-as-esm',
    resolveImport({ source }) {
      if (source in MODULES) return fileOf(source);
    },
    async serve(context) {
      if (context.path === `${PREFIX}vendor.js`) return { body: await vendorSource(), type: 'js' };
      const id = Object.keys(MODULES).find((key) => context.path === fileOf(key));
      if (!id) return undefined;
      const local = JSON.stringify(id).replace(/[^\w]/g, '_');
      const names = exportNames(id);
      const body = [
        `import { ${local} as ns } from '${PREFIX}vendor.js';`,
        `const m = ns.default ?? ns;`,
        `export default m;`,
        names.length ? `export const { ${names.join(', ')} } = m;` : '',
      ].join('\n');
      return { body, type: 'js' };
    },
  };
}

/**
 * The plugin that gives libraries the production build's `process.env.NODE_ENV`: packages such
 * as @tanstack/react-query read it at run time, and browsers have no `process`. The app's
 * bundle gets the same replacement from rollup, so tests run what users run.
 */
export function nodeEnvAsProduction() {
  return {
    name: 'node-env-production',
    transform(context) {
      if (!context.path.includes('/node_modules/') || typeof context.body !== 'string') return undefined;
      if (!context.body.includes('process.env.NODE_ENV')) return undefined;
      return { body: context.body.replace(/\bprocess\.env\.NODE_ENV\b/g, '"production"') };
    },
  };
}
