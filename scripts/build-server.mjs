// The API server as ESM files for `npm start`: main.mjs, and rich-text-worker.mjs beside it (the
// rich-text pool's worker threads load it from there). Packages stay in node_modules.
import { join } from 'node:path';
import { build } from 'esbuild';

const root = new URL('..', import.meta.url).pathname;

/** Bundles the server into `outdir` (dist/server by default). */
export async function buildServer(outdir = join(root, 'dist/server')) {
  await build({
    entryPoints: {
      main: join(root, 'src/server/main.ts'),
      'rich-text-worker': join(root, 'src/server/rich-text/rich-text-worker.ts'),
    },
    outdir,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  });
}
