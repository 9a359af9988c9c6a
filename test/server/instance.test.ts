import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { startServer, type TestServer } from './harness.js';

describe('GET /api/instance', () => {
  let server: TestServer;
  let limited: TestServer;
  before(async () => {
    server = await startServer();
    limited = await startServer({ FILE_SIZE_LIMIT: '1048576' });
  });
  after(async () => {
    await server.close();
    await limited.close();
  });

  test('publishes the upload limit, 5 MB by default, to anyone', async () => {
    const response = await server.client().get('/api/instance');
    assert.equal(response.status, 200);
    assert.deepEqual(response.body, { file_size_limit: 5242880 });
  });

  test('publishes the configured FILE_SIZE_LIMIT', async () => {
    assert.deepEqual((await limited.client().get('/api/instance')).body, { file_size_limit: 1048576 });
  });
});
