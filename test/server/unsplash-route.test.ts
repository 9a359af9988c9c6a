import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { UNSPLASH_API_URL } from '../../src/server/unsplash/index.js';
import { sendJson, startFakeHttpServer, type FakeHttpServer } from './fake-http-server.js';
import { seedWorkspace, startServer, type Seed, type TestServer } from './harness.js';

const realFetch = globalThis.fetch;
let fake: FakeHttpServer;
let server: TestServer;
let seed: Seed;

const photo = (id: string) => ({
  id,
  urls: { raw: `https://images.example/${id}?raw`, regular: `https://images.example/${id}?w=1080`, small: `https://images.example/${id}?w=400` },
  alt_description: `Photo ${id}`,
  user: { name: 'Someone' },
});

before(async () => {
  fake = await startFakeHttpServer((_, res) => sendJson(res, 200, { total: 2, results: [photo('a1'), photo('b2')] }));
  // The app's Unsplash client calls the real API address; in this process it reaches the local fake instead.
  globalThis.fetch = (input, init) => {
    const address = input instanceof Request ? input.url : String(input);
    return address.startsWith(UNSPLASH_API_URL) ? realFetch(fake.url + address.slice(UNSPLASH_API_URL.length), init) : realFetch(input, init);
  };
  server = await startServer({ UNSPLASH_ACCESS_KEY: 'unsplash-key' });
  seed = await seedWorkspace(server);
});
after(async () => {
  await server.close();
  await fake.close();
  globalThis.fetch = realFetch;
});

describe('GET /api/unsplash/', () => {
  test('authorization matrix: anyone signed in', async () => {
    await seed.expectMatrix('GET', '/api/unsplash/?query=mountains', undefined, { anonymous: 401, nonMember: 200, guest: 200, viewer: 200, member: 200, admin: 200 });
  });

  test("answers the spec's fields of each result", async () => {
    const response = await seed.actors.member.get('/api/unsplash/?query=mountain%20lake&page=2&per_page=10');
    assert.equal(response.status, 200);
    assert.deepEqual(response.body, {
      results: [
        { id: 'a1', urls: { regular: 'https://images.example/a1?w=1080', small: 'https://images.example/a1?w=400' }, alt_description: 'Photo a1' },
        { id: 'b2', urls: { regular: 'https://images.example/b2?w=1080', small: 'https://images.example/b2?w=400' }, alt_description: 'Photo b2' },
      ],
    });
    const sent = fake.requests.at(-1)!;
    assert.equal(sent.url, '/search/photos?query=mountain+lake&page=2&per_page=10');
    assert.equal(sent.headers.authorization, 'Client-ID unsplash-key');
  });

  test('an empty query gives no results without calling Unsplash', async () => {
    const calls = fake.requests.length;
    for (const path of ['/api/unsplash/', '/api/unsplash/?query=%20%20']) {
      const response = await seed.actors.member.get(path);
      assert.equal(response.status, 200);
      assert.deepEqual(response.body, { results: [] });
    }
    assert.equal(fake.requests.length, calls);
  });

  test('an Unsplash failure is 502 with an error text', async () => {
    fake.handle((_, res) => sendJson(res, 500, { errors: ['boom'] }));
    try {
      const response = await seed.actors.member.get('/api/unsplash/?query=sea');
      assert.equal(response.status, 502);
      assert.deepEqual(response.body, { error: 'The image search failed (status 500).' });
    } finally {
      fake.handle((_, res) => sendJson(res, 200, { results: [] }));
    }
  });

  test('refuses unknown or malformed parameters', async () => {
    const response = await seed.actors.member.get('/api/unsplash/?query=x&page=first');
    assert.equal(response.status, 400);
    assert.equal(response.body.error, 'Page is not valid');
    assert.equal((await seed.actors.member.get('/api/unsplash/?q=x')).status, 400);
  });
});

describe('without UNSPLASH_ACCESS_KEY', () => {
  test('answers empty results and calls nothing', async () => {
    const bare = await startServer();
    try {
      const client = bare.client();
      await client.signUp();
      const calls = fake.requests.length;
      const response = await client.get('/api/unsplash/?query=forest');
      assert.equal(response.status, 200);
      assert.deepEqual(response.body, { results: [] });
      assert.equal(fake.requests.length, calls);
    } finally {
      await bare.close();
    }
  });
});
