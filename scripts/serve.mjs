// npm start (until the API server takes over): serves demo/ and the built dist/ on localhost.
import { createReadStream, existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { extname, join, normalize } from 'node:path';

const root = new URL('..', import.meta.url).pathname;
const port = Number(process.env.PORT ?? 3000);
const types = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
};

function resolvePath(urlPath) {
  const path = normalize(decodeURIComponent(urlPath)).replace(/^(\.\.[/\\])+/, '');
  if (path.startsWith('/dist/')) return join(root, path);
  const file = join(root, 'demo', path === '/' ? 'index.html' : path);
  return existsSync(file) && statSync(file).isDirectory() ? join(file, 'index.html') : file;
}

/** Serves the files `fileFor` maps request paths to, on 127.0.0.1; resolves with the listening server. */
function serveFiles(fileFor, listenPort, base) {
  return new Promise((resolve) => {
    const server = createServer((req, res) => {
      const file = fileFor(new URL(req.url ?? '/', 'http://localhost').pathname);
      if (!file.startsWith(base) || !existsSync(file) || !statSync(file).isFile()) {
        res.writeHead(404, { 'content-type': 'text/plain' }).end('Not found');
        return;
      }
      res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream', 'x-content-type-options': 'nosniff' });
      createReadStream(file).pipe(res);
    });
    server.listen(listenPort, '127.0.0.1', () => resolve(server));
  });
}

/** Serves demo/ and dist/; resolves with the listening server. */
export function serve(listenPort = port) {
  return serveFiles(resolvePath, listenPort, root);
}

/** Serves one folder as it is (`/` is its index.html), on a free port unless one is given. */
export function serveFolder(folder, listenPort = 0) {
  const base = join(folder, '/');
  return serveFiles((urlPath) => {
    const file = join(base, normalize(decodeURIComponent(urlPath)).replace(/^(\.\.[/\\])+/, ''));
    return existsSync(file) && statSync(file).isDirectory() ? join(file, 'index.html') : file;
  }, listenPort, base);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await serve();
  console.log(`rich-editor demo: http://localhost:${server.address().port}/`);
}
