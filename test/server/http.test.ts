import assert from 'node:assert/strict';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { after, before, describe, test } from 'node:test';
import { stripApiTrailingSlash } from '../../src/server/app.js';
import { isSameSiteRequest } from '../../src/server/http/cross-site.js';
import { formatSchemaErrors } from '../../src/server/http/error-handler.js';
import Fastify from 'fastify';
import { installSecurityHeaders } from '../../src/server/http/security-headers.js';
import { installClosingDrain } from '../../src/server/http/closing.js';
import { startServer, uniqueEmail, type TestResponse, type TestServer } from './harness.js';

let server: TestServer;
let root: string;

before(async () => {
  // A front end of our own, so the page tests do not depend on whether dist/ was built.
  root = await mkdtemp(join(tmpdir(), 'rich-editor-pages-'));
  await mkdir(join(root, 'demo'), { recursive: true });
  await mkdir(join(root, 'dist', 'browser'), { recursive: true });
  await writeFile(join(root, 'demo', 'index.html'), '<!doctype html><title>embed page</title><script type="module" src="./demo.js"></script>');
  await writeFile(join(root, 'demo', 'demo.js'), 'export const demo = 1;');
  await writeFile(join(root, 'dist', 'browser', 'rich-editor.min.js'), 'export const editor = 1;');
  // What the build puts beside the browser's bundles and no browser needs: the server itself.
  await mkdir(join(root, 'dist', 'server'), { recursive: true });
  await writeFile(join(root, 'dist', 'server', 'main.mjs'), 'const secret = 1;');
  await writeFile(join(root, 'dist', 'server', 'main.mjs.map'), '{"sourcesContent":["const secret = 1;"]}');
  // The library's modules, for a host's bundler: nothing a page loads from this server.
  await mkdir(join(root, 'dist', 'core'), { recursive: true });
  await writeFile(join(root, 'dist', 'core', 'index.js'), 'export const secret = 1;');
  server = await startServer({}, { rootDir: root });
});
after(async () => {
  await server.close();
  await rm(root, { recursive: true, force: true });
});

function assertSecurityHeaders(response: TestResponse, csp: 'page' | 'resource'): void {
  assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
  assert.equal(response.headers.get('x-frame-options'), 'DENY');
  assert.equal(response.headers.get('referrer-policy'), 'strict-origin-when-cross-origin');
  const policy = response.headers.get('content-security-policy') ?? '';
  if (csp === 'page') {
    assert.match(policy, /default-src 'self'/);
    assert.match(policy, /script-src 'self'(;|$)/);
    assert.match(policy, /frame-ancestors 'none'/);
    assert.match(policy, /object-src 'none'/);
  } else {
    assert.match(policy, /^default-src 'none'/);
  }
}

describe('error answers', () => {
  test('an unknown API route is a JSON 404 with an error text, for any method', async () => {
    for (const method of ['GET', 'POST', 'DELETE']) {
      const response = await server.client().request(method, '/api/no-such-thing');
      assert.equal(response.status, 404);
      assert.deepEqual(response.body, { error: 'Not found.' });
    }
  });

  test("schema errors read as sentences, never as the validator's words", () => {
    const say = (error: Record<string, unknown>) => formatSchemaErrors([{ schemaPath: '#', message: 'raw', ...error } as never], 'body').message;
    assert.equal(say({ keyword: 'type', instancePath: '/title', params: { type: ['string', 'null'] } }), 'Title must be text or null');
    assert.equal(say({ keyword: 'type', instancePath: '/title', params: { type: 'string,null' } }), 'Title must be text or null');
    assert.equal(say({ keyword: 'type', instancePath: '/version', params: { type: 'integer' } }), 'Version must be a whole number');
    assert.equal(say({ keyword: 'pattern', instancePath: '/issue_ids/0', params: {} }), 'Item 1 of issue ids is not valid');
    assert.equal(say({ keyword: 'format', instancePath: '/cycles/2/start_date', params: {} }), 'Start date of item 3 of cycles is not valid');
    assert.equal(say({ keyword: 'minLength', instancePath: '/name', params: { limit: 1 } }), 'Name cannot be empty');
    assert.equal(say({ keyword: 'maxLength', instancePath: '/name', params: { limit: 255 } }), 'Name cannot be longer than 255 characters');
    assert.equal(say({ keyword: 'maxItems', instancePath: '/issue_ids', params: { limit: 100 } }), 'Issue ids can hold at most 100 items');
    assert.equal(say({ keyword: 'const', instancePath: '', params: {} }), 'Body is not valid');
  });

  test('a wrong type in a real request is answered in words', async () => {
    const response = await server.client().post('/api/auth/sign-in', { email: ['a@example.com'], password: 'whatever' });
    assert.equal(response.status, 400);
    assert.deepEqual(response.body, { error: 'Email must be text' });
  });

  test('malformed JSON is a 400 with an error text', async () => {
    const response = await server.client().post('/api/auth/sign-in', '{"email": ', { headers: { 'content-type': 'application/json' } });
    assert.equal(response.status, 400);
    assert.equal(typeof response.body.error, 'string');
  });

  test('bodies other than JSON or multipart are refused with 415', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/xml']) {
      const response = await server.client().post('/api/auth/sign-up', `email=${uniqueEmail()}&password=long+enough`, { headers: { 'content-type': type } });
      assert.equal(response.status, 415, type);
      assert.equal(response.body.error, 'Send the body as JSON (application/json) or as multipart/form-data.');
    }
  });

  test('a validation error names the field in a sentence', async () => {
    const response = await server.client().post('/api/auth/sign-up', { email: uniqueEmail() });
    assert.equal(response.status, 400);
    assert.deepEqual(response.body, { error: 'Password is required' });
  });

  test('API paths answer with or without the trailing slash', async () => {
    const client = server.client();
    await client.signUp();
    assert.equal((await client.get('/api/users/me/')).status, 200);
    assert.equal((await client.get('/api/users/me')).status, 200);
    assert.equal(stripApiTrailingSlash('/api/unsplash/?query=cat'), '/api/unsplash?query=cat');
    assert.equal(stripApiTrailingSlash('/demo/'), '/demo/');
  });
});

describe('a server error', () => {
  let broken: TestServer;
  before(async () => {
    broken = await startServer();
  });
  after(() => broken.close());

  test('is a 500 whose body is only a generic error text, never a stack or SQL', async () => {
    const client = broken.client();
    await client.signUp();
    // Pull the sessions table from under the running app: the next lookup fails inside the database.
    await broken.db.exec('ALTER TABLE sessions RENAME TO sessions_gone');
    // A schema change announces nothing: the session kept in memory is forgotten by hand.
    broken.app.caches.changed('*');
    const response = await client.get('/api/users/me');
    assert.equal(response.status, 500);
    assert.deepEqual(response.body, { error: 'Something went wrong. Please try again.' });
    assert.doesNotMatch(response.text, /sessions|at |\.ts|relation/);
    assertSecurityHeaders(response, 'resource');
  });
});

describe('security headers', () => {
  test('are on JSON answers, errors and pages', async () => {
    const client = server.client();
    assertSecurityHeaders(await client.get('/api/users/me'), 'resource');
    assertSecurityHeaders(await client.get('/api/nothing-here'), 'resource');
    assertSecurityHeaders(await client.post('/api/auth/sign-in', { email: 'x' }), 'resource');
    assertSecurityHeaders(await client.get('/'), 'page');
    assertSecurityHeaders(await client.get('/dist/browser/rich-editor.min.js'), 'resource');
  });

  test('API answers are not stored by caches', async () => {
    const response = await server.client().get('/api/users/me');
    assert.equal(response.headers.get('cache-control'), 'no-store');
  });
});

describe('cross-site requests', () => {
  test('a mutating request from another origin is refused with 403 and changes nothing', async () => {
    const email = uniqueEmail();
    const response = await server.client().post('/api/auth/sign-up', { email, password: 'long enough' }, { headers: { origin: 'https://evil.example' } });
    assert.equal(response.status, 403);
    assert.deepEqual(response.body, { error: 'Cross-site request refused.' });
    assert.equal(await server.db.maybeOne('SELECT id FROM users WHERE email = $1', [email]), null);
  });

  test('a signed-in user is protected too: the session cookie does not help another origin', async () => {
    const client = server.client();
    await client.signUp();
    const response = await client.post('/api/workspaces', { name: 'Stolen', slug: `stolen-${Date.now()}` }, { headers: { origin: 'http://localhost.evil.example' } });
    assert.equal(response.status, 403);
    const opaque = await client.post('/api/auth/sign-out', undefined, { headers: { origin: 'null' } });
    assert.equal(opaque.status, 403);
    assert.equal((await client.get('/api/users/me')).status, 200);
  });

  test('without Origin, a Sec-Fetch-Site of cross-site or same-site is refused', async () => {
    for (const site of ['cross-site', 'same-site']) {
      const response = await server.client().post('/api/auth/sign-out', undefined, { headers: { origin: '', 'sec-fetch-site': site } });
      assert.equal(response.status, 403, site);
    }
  });

  test('same-origin browsers and clients without Origin (scripts, curl) may mutate', async () => {
    const same = await server.client().post('/api/auth/sign-up', { email: uniqueEmail(), password: 'long enough' }, { headers: { 'sec-fetch-site': 'same-origin' } });
    assert.equal(same.status, 201);
    const response = await fetch(`${server.url}/api/auth/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: uniqueEmail(), password: 'long enough' }),
    });
    assert.equal(response.status, 201);
  });

  test('reading is allowed from anywhere (the cookie is SameSite and CORS headers are never sent)', async () => {
    const response = await server.client().get('/api/users/me', { headers: { origin: 'https://evil.example' } });
    assert.equal(response.status, 401);
    assert.equal(response.headers.get('access-control-allow-origin'), null);
  });

  test('ALLOWED_ORIGINS lets a named origin through', () => {
    const request = (origin: string) => ({ headers: { origin, host: 'app.example:3000' } }) as never;
    assert.equal(isSameSiteRequest(request('https://proxy.example'), ['https://proxy.example']), true);
    assert.equal(isSameSiteRequest(request('https://proxy.example'), []), false);
    assert.equal(isSameSiteRequest(request('http://app.example:3000'), []), true);
    assert.equal(isSameSiteRequest(request('not a url'), []), false);
  });
});

describe('pages', () => {
  test('/ is the embed page while the app page does not exist, and /demo/ is always the embed page', async () => {
    const client = server.client();
    const home = await client.get('/');
    assert.equal(home.status, 200);
    assert.match(home.headers.get('content-type') ?? '', /^text\/html/);
    assert.match(home.text, /embed page/);
    assert.match((await client.get('/demo/')).text, /embed page/);
    const redirect = await client.get('/demo');
    assert.equal(redirect.status, 301);
    assert.equal(redirect.headers.get('location'), '/demo/');
  });

  test('the embed page finds its siblings from / and from /demo/, and the built bundle is at /dist/', async () => {
    const client = server.client();
    assert.equal((await client.get('/demo.js')).text, 'export const demo = 1;');
    assert.equal((await client.get('/demo/demo.js')).text, 'export const demo = 1;');
    const bundle = await client.get('/dist/browser/rich-editor.min.js');
    assert.equal(bundle.status, 200);
    assert.match(bundle.headers.get('content-type') ?? '', /javascript/);
  });

  test("the server's own bundle and its source map are not served: /dist/ holds the browser's files only", async () => {
    const client = server.client();
    for (const path of ['/dist/server/main.mjs', '/dist/server/main.mjs.map', '/dist/server/', '/dist/core/index.js']) {
      const response = await client.get(path);
      assert.equal(response.status, 404, path);
      assert.doesNotMatch(response.text, /secret/, path);
    }
    assert.equal((await client.get('/dist/browser/rich-editor.min.js')).status, 200);
  });

  test('app routes load the app page once it exists; other unknown paths stay 404', async () => {
    const client = server.client();
    const html = { headers: { accept: 'text/html,application/xhtml+xml' } };
    assert.equal((await client.get('/acme/projects/123/issues/456', html)).status, 404);
    await writeFile(join(root, 'demo', 'app.html'), '<!doctype html><title>tracker app</title>');
    try {
      const page = await client.get('/acme/projects/123/issues/456', html);
      assert.equal(page.status, 200);
      assert.match(page.text, /tracker app/);
      assertSecurityHeaders(page, 'page');
      assert.match((await client.get('/')).text, /tracker app/);
      assert.equal((await client.get('/acme/missing.js')).status, 404);
      assert.equal((await client.get('/api/nothing', html)).status, 404);
      assert.equal((await client.get('/dist/missing.js', html)).status, 404);
    } finally {
      await rm(join(root, 'demo', 'app.html'));
    }
  });

  test('a 304 revalidation carries no policy of its own, so the cached page keeps the one it was sent with', async () => {
    // Browsers merge a 304's headers into the cached page: a resource policy here would sandbox the app page.
    const app = Fastify();
    installSecurityHeaders(app);
    app.get('/page', (_request, reply) => reply.code(304).send());
    app.get('/fresh', (_request, reply) => reply.type('text/html').send('<!doctype html>'));
    try {
      const revalidated = await app.inject({ method: 'GET', url: '/page' });
      assert.equal(revalidated.statusCode, 304);
      assert.equal(revalidated.headers['content-security-policy'], undefined);
      assert.equal(revalidated.headers['x-content-type-options'], 'nosniff');
      const fresh = await app.inject({ method: 'GET', url: '/fresh' });
      assert.match(String(fresh.headers['content-security-policy']), /default-src 'self'/);
    } finally {
      await app.close();
    }
  });

  test(
    'a response that ends while the server closes closes its connection: the close does not wait out the keep-alive',
    // Bounds a failure only: without the drain the close waits the keep-alive (ten minutes here).
    { timeout: 60_000 },
    async () => {
      const app = Fastify({ keepAliveTimeout: 10 * 60_000 });
      installClosingDrain(app);
      const body = new PassThrough();
      // Every byte the length promises is sent; the stream's end comes later (a file's last read).
      app.get('/file', (_request, reply) => {
        body.write('every byte');
        return reply.header('content-length', '10').send(body);
      });
      await app.listen({ port: 0, host: '127.0.0.1' });
      const address = app.server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      const response = await fetch(`http://127.0.0.1:${port}/file`);
      assert.equal(await response.text(), 'every byte');
      // The stream ends once the listener has closed, and the connections idle then with it.
      const closeListener = app.server.close.bind(app.server);
      app.server.close = (callback) => {
        closeListener(callback);
        body.end();
        return app.server;
      };
      await app.close();
      assert.equal(app.server.listening, false);
    },
  );

  test('files outside the served folders cannot be reached, even with raw dot segments', async () => {
    await writeFile(join(root, 'secret.txt'), 'top secret');
    const { port } = new URL(server.url);
    for (const path of ['/../secret.txt', '/dist/../secret.txt', '/demo/../../secret.txt', '/%2e%2e/secret.txt', '/demo/..%2fsecret.txt', '/dist/%2e%2e%2fsecret.txt']) {
      // node:http sends the path as written; fetch would normalise the dot segments away first.
      const body = await new Promise<string>((resolve, reject) => {
        request({ host: '127.0.0.1', port, path, headers: { accept: 'text/html' } }, (response) => {
          let text = '';
          response.on('data', (chunk) => (text += chunk));
          response.on('end', () => resolve(text));
        })
          .on('error', reject)
          .end();
      });
      assert.doesNotMatch(body, /top secret/, path);
    }
  });
});
