import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The tracker app's entry page, inside demo/. */
export const APP_PAGE = 'app.html';
/** The plain-HTML embed page, inside demo/. */
export const EMBED_PAGE = 'index.html';

function isApiPath(path: string): boolean {
  return path === '/api' || path.startsWith('/api/');
}

function wantsPage(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  const path = request.url.split('?')[0] ?? '/';
  if (isApiPath(path) || path.startsWith('/dist/')) return false;
  return (request.headers.accept ?? '').includes('text/html');
}

/**
 * The folders of the built `dist/` that pages load: the embed bundle and its chunks, the tracker
 * app, the extensions a plain page imports, the editor's translations. The rest of `dist/` is the
 * server itself (its bundle, worker and source maps) and the library's modules for a host's
 * bundler, which no page of this server loads: they are not served.
 */
export const PUBLIC_DIST_FOLDERS = ['browser', 'app', 'extensions', 'locales'] as const;

/**
 * Serves the front end beside the API: the public folders of the built `dist/` at /dist/, `demo/` at /demo/ and at the
 * root (its pages load siblings like ./demo.js), `/` as the app page (the embed page until the
 * app page exists), and the app page for any other page URL, so the app's own routes
 * (/{workspaceSlug}/projects/…) load it. Everything else unknown answers 404 `{ error }`.
 */
export async function installPages(app: FastifyInstance, rootDir: string): Promise<void> {
  const demoDir = join(rootDir, 'demo');
  for (const [index, folder] of PUBLIC_DIST_FOLDERS.entries()) {
    await app.register(fastifyStatic, { root: join(rootDir, 'dist', folder), prefix: `/dist/${folder}/`, index: false, decorateReply: index === 0 });
  }
  await app.register(fastifyStatic, { root: demoDir, prefix: '/demo', decorateReply: false, redirect: true });
  await app.register(fastifyStatic, { root: demoDir, prefix: '/', decorateReply: false, index: false });

  const entryPage = () => (existsSync(join(demoDir, APP_PAGE)) ? APP_PAGE : EMBED_PAGE);
  app.get('/', (_request, reply) => reply.sendFile(entryPage(), demoDir));

  app.setNotFoundHandler((request, reply) => {
    if (wantsPage(request) && existsSync(join(demoDir, APP_PAGE))) return reply.sendFile(APP_PAGE, demoDir);
    return reply.code(404).send({ error: 'Not found.' });
  });
}
