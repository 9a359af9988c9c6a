import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { createUnsplashClient, UnsplashError } from '../../src/server/unsplash/index.js';
import { sendJson, startFakeHttpServer, type FakeHttpServer } from './fake-http-server.js';

/** A result as Unsplash sends it: many more fields than the picker uses. */
function photo(id: string, alt: string | null = `photo ${id}`) {
  return {
    id,
    slug: `slug-${id}`,
    width: 4000,
    height: 3000,
    color: '#0c2626',
    description: 'long description',
    alt_description: alt,
    urls: {
      raw: `https://images.unsplash.com/photo-${id}?ixid=raw`,
      full: `https://images.unsplash.com/photo-${id}?q=85`,
      regular: `https://images.unsplash.com/photo-${id}?w=1080`,
      small: `https://images.unsplash.com/photo-${id}?w=400`,
      thumb: `https://images.unsplash.com/photo-${id}?w=200`,
    },
    user: { id: 'u1', username: 'someone', name: 'Some One' },
    links: { self: `https://api.unsplash.com/photos/${id}`, download_location: 'https://api.unsplash.com/x' },
  };
}

describe('createUnsplashClient', () => {
  let fake: FakeHttpServer;

  before(async () => {
    fake = await startFakeHttpServer((_, res) => sendJson(res, 200, { total: 0, total_pages: 0, results: [] }));
  });

  after(async () => {
    await fake.close();
  });

  const client = (timeoutMs?: number) => createUnsplashClient({ accessKey: 'access-123', baseUrl: fake.url, timeoutMs });

  it('searches photos with the key, the query and paging', async () => {
    fake.handle((_, res) => sendJson(res, 200, { total: 2, total_pages: 1, results: [photo('a'), photo('b', null)] }));
    const images = await client().search('  mountain lake ', { page: 2, perPage: 12 });
    const request = fake.requests.at(-1)!;
    assert.equal(request.method, 'GET');
    const url = new URL(request.url, fake.url);
    assert.equal(url.pathname, '/search/photos');
    assert.equal(url.searchParams.get('query'), 'mountain lake');
    assert.equal(url.searchParams.get('page'), '2');
    assert.equal(url.searchParams.get('per_page'), '12');
    assert.equal(request.headers.authorization, 'Client-ID access-123');
    assert.equal(request.headers['accept-version'], 'v1');
    assert.deepEqual(images, [
      { id: 'a', urls: { regular: 'https://images.unsplash.com/photo-a?w=1080', small: 'https://images.unsplash.com/photo-a?w=400' }, alt_description: 'photo a' },
      { id: 'b', urls: { regular: 'https://images.unsplash.com/photo-b?w=1080', small: 'https://images.unsplash.com/photo-b?w=400' }, alt_description: null },
    ]);
    assert.deepEqual(Object.keys(images[0]), ['id', 'urls', 'alt_description']);
    assert.deepEqual(Object.keys(images[0].urls), ['regular', 'small']);
  });

  it('keeps paging within what Unsplash accepts', async () => {
    await client().search('x', { page: 0, perPage: 500 });
    let url = new URL(fake.requests.at(-1)!.url, fake.url);
    assert.deepEqual([url.searchParams.get('page'), url.searchParams.get('per_page')], ['1', '30']);
    await client().search('x');
    url = new URL(fake.requests.at(-1)!.url, fake.url);
    assert.deepEqual([url.searchParams.get('page'), url.searchParams.get('per_page')], ['1', '20']);
  });

  it('gives an empty list without a key or for an empty query, without calling', async () => {
    const before = fake.requests.length;
    const noKey = createUnsplashClient({ accessKey: '', baseUrl: fake.url });
    assert.equal(noKey.isConfigured, false);
    assert.deepEqual(await noKey.search('cats'), []);
    assert.deepEqual(await createUnsplashClient({ baseUrl: fake.url }).search('cats'), []);
    assert.equal(client().isConfigured, true);
    assert.deepEqual(await client().search('   '), []);
    assert.equal(fake.requests.length, before);
  });

  it('skips results without an id or with addresses that are not web addresses', async () => {
    const bad = { ...photo('c'), urls: { regular: 'javascript:alert(1)', small: 'https://x.test/s' } };
    fake.handle((_, res) => sendJson(res, 200, { results: [photo('a'), bad, { urls: photo('d').urls }, null, { ...photo('e'), alt_description: 7 }] }));
    const images = await client().search('x');
    assert.deepEqual(images.map((image) => [image.id, image.alt_description]), [['a', 'photo a'], ['e', null]]);
  });

  it('reports the hourly limit as rate limited', async () => {
    fake.handle((_, res) => {
      res.writeHead(403, { 'Content-Type': 'text/plain', 'X-Ratelimit-Remaining': '0' });
      res.end('Rate Limit Exceeded');
    });
    const error = await client().search('x').catch((e: unknown) => e);
    assert.ok(error instanceof UnsplashError);
    assert.deepEqual([error.upstreamStatus, error.rateLimited, error.statusCode], [403, true, 503]);
    assert.equal(error.message, 'The image search has reached its hourly limit. Please try again later.');
  });

  it('reports a refused key and server errors as failures', async () => {
    for (const status of [401, 500]) {
      fake.handle((_, res) => sendJson(res, status, { errors: ['OAuth error: The access token is invalid'] }));
      const error = await client().search('x').catch((e: unknown) => e);
      assert.ok(error instanceof UnsplashError);
      assert.deepEqual([error.upstreamStatus, error.rateLimited, error.statusCode], [status, false, 502]);
      assert.equal(error.message, `The image search failed (status ${status}).`);
    }
  });

  it('reports unreadable answers', async () => {
    for (const body of ['{"results": [', '{"total": 3}', 'null']) {
      fake.handle((_, res) => {
        res.writeHead(200, { 'Content-Type': 'application/json' });
        res.end(body);
      });
      const error = await client().search('x').catch((e: unknown) => e);
      assert.ok(error instanceof UnsplashError, body);
      assert.equal(error.message, 'The image search sent an answer that could not be read.');
      assert.equal(error.upstreamStatus, 200);
    }
  });

  it('gives up after the timeout', async () => {
    fake.handle(() => {
      // Never answers.
    });
    const error = await client(100).search('x').catch((e: unknown) => e);
    assert.ok(error instanceof UnsplashError);
    assert.deepEqual([error.upstreamStatus, error.statusCode], [null, 504]);
  });

  it('reports an unreachable service', async () => {
    const closed = await startFakeHttpServer(() => {});
    await closed.close();
    const error = await createUnsplashClient({ accessKey: 'k', baseUrl: closed.url }).search('x').catch((e: unknown) => e);
    assert.ok(error instanceof UnsplashError);
    assert.equal(error.message, 'The image search could not be reached.');
  });

  it('talks to api.unsplash.com by default, through the fetch it is given', async () => {
    const calls: string[] = [];
    const fetch: typeof globalThis.fetch = async (input) => {
      calls.push(String(input));
      return Response.json({ results: [photo('z')] });
    };
    const images = await createUnsplashClient({ accessKey: 'k', fetch }).search('sea & sky');
    assert.deepEqual(calls, ['https://api.unsplash.com/search/photos?query=sea+%26+sky&page=1&per_page=20']);
    assert.equal(images[0].id, 'z');
  });
});
