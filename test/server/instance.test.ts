import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startServer, type TestServer } from './harness.js';

describe('GET /api/instance', () => {
  let server: TestServer;
  let limited: TestServer;
  before(async () => {
    server = await startServer();
    limited = await startServer({ FILE_SIZE_LIMIT: '1048576', UNSPLASH_ACCESS_KEY: 'test-access-key' });
  });
  after(async () => {
    await server.close();
    await limited.close();
  });

  test('publishes the upload limit, 5 MB by default, and that Unsplash is not configured, to anyone', async () => {
    const response = await server.client().get('/api/instance');
    assert.equal(response.status, 200);
    assert.deepEqual(response.body, { file_size_limit: 5242880, unsplash_configured: false });
  });

  test('publishes the configured FILE_SIZE_LIMIT and that UNSPLASH_ACCESS_KEY is set, never the key', async () => {
    const response = await limited.client().get('/api/instance');
    assert.deepEqual(response.body, { file_size_limit: 1048576, unsplash_configured: true });
    assert.doesNotMatch(JSON.stringify(response.body), /test-access-key/);
  });
});
