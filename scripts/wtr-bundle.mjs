// Web Test Runner plugin: serves an ES-module package that is one big barrel (lucide-react
// re-exports each icon from its own file) as one module bundled once by esbuild, so a test
// file loads it in one request instead of thousands. React stays external (react-as-esm serves it).
import { build } from 'esbuild';

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
