import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { COVERS, getCover } from '../../src/server/covers/index.js';
import { SVG_CONTENT_SECURITY_POLICY } from '../../src/server/uploads/index.js';
import { seedWorkspace, startServer, type Seed, type TestServer } from './harness.js';

let server: TestServer;
let seed: Seed;

before(async () => {
  // With Unsplash's cover search configured (no search is made here), its image hosts are allowed.
  server = await startServer({ UNSPLASH_ACCESS_KEY: 'a-key-no-test-here-uses' });
  seed = await seedWorkspace(server);
});
after(() => server.close());

describe('GET /api/project-covers/', () => {
  test('lists a URL for every cover, open to everyone', async () => {
    const responses = await seed.expectMatrix('GET', '/api/project-covers/', undefined, { anonymous: 200, nonMember: 200, guest: 200, viewer: 200, member: 200, admin: 200 });
    const urls: string[] = responses.anonymous.body;
    assert.equal(urls.length, COVERS.size);
    assert.equal(urls[0], '/api/project-covers/files/aurora.svg');
  });

  test('every listed URL serves its SVG, sandboxed and cached for a year', async () => {
    const urls: string[] = (await server.client().get('/api/project-covers/')).body;
    for (const url of urls) {
      const response = await server.client().get(url);
      assert.equal(response.status, 200, url);
      assert.equal(response.headers.get('content-type'), 'image/svg+xml');
      assert.equal(response.headers.get('content-security-policy'), SVG_CONTENT_SECURITY_POLICY);
      assert.equal(response.headers.get('cache-control'), 'public, max-age=31536000, immutable');
      assert.ok(response.headers.get('etag'));
      assert.equal(response.text, getCover(url.split('/').pop()!));
    }
  });

  test('an unknown cover is 404', async () => {
    for (const name of ['nothing.svg', 'aurora', 'aurora.png', '..%2Fsecret.svg']) {
      const response = await server.client().get(`/api/project-covers/files/${name}`);
      assert.equal(response.status, 404, name);
      assert.deepEqual(response.body, { error: 'Cover not found.' });
    }
  });

  test('a project accepts a cover URL, an uploaded image URL or an https Unsplash URL as its cover, not another site', async () => {
    for (const cover of ['/api/project-covers/files/peaks.svg', `/api/workspaces/file-assets/${seed.workspace.id}/00000000-0000-4000-8000-000000000000`, 'https://images.unsplash.com/photo-1?w=1080']) {
      const response = await seed.actors.admin.patch(seed.projectUrl, { cover_image: cover });
      assert.equal(response.status, 200, response.text);
      assert.equal(response.body.cover_image, cover);
    }
    assert.equal((await seed.actors.admin.patch(seed.projectUrl, { cover_image: 'javascript:alert(1)' })).status, 400);
    assert.equal((await seed.actors.admin.patch(seed.projectUrl, { cover_image: 'https://images.example.com/cover.jpg' })).status, 400);
  });
});
