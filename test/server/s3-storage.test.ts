import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import { after, before, describe, test } from 'node:test';
import { createS3Storage, type Storage } from '../../src/server/storage/index.js';
import { startFakeS3, type FakeS3Server } from './fake-s3-server.js';
import { PNG, seedWorkspace, startServer, type Seed, type TestServer } from './harness.js';

let s3: FakeS3Server;
let server: TestServer;
let seed: Seed;
/** The bucket as seen from outside the app. */
let bucket: Storage;

before(async () => {
  s3 = await startFakeS3();
  server = await startServer(s3.env);
  seed = await seedWorkspace(server);
  bucket = await createS3Storage({ bucket: s3.bucket, region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
});
after(async () => {
  bucket.close?.();
  await server.close();
  await s3.close();
});

async function upload(bytes: Buffer = PNG): Promise<{ id: string; asset: string; key: string }> {
  const data = new FormData();
  data.append('asset', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'dot.png');
  const response = await seed.actors.member.post(`${seed.workspaceUrl}/file-assets/`, data);
  assert.equal(response.status, 201, response.text);
  const row = await server.db.one<{ storage_key: string }>('SELECT storage_key FROM file_assets WHERE id = $1', [response.body.id]);
  return { ...response.body, key: row.storage_key };
}

async function fetchBytes(url: string): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const response = await fetch(server.url + url, { headers: { cookie: `session=${seed.actors.member.cookie('session')}` } });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

async function readAll(storage: Storage, key: string): Promise<Buffer | null> {
  const object = await storage.get(key);
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

describe('with S3_BUCKET set', () => {
  test('an upload goes to the bucket and is served from it through the API', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(300_000, 3)]);
    const { asset, key } = await upload(big);
    assert.deepEqual(await readAll(bucket, key), big, 'the bytes are in the bucket');
    const served = await fetchBytes(asset);
    assert.equal(served.status, 200);
    assert.equal(served.headers.get('content-type'), 'image/png');
    assert.equal(served.headers.get('content-length'), String(big.length));
    assert.equal(served.headers.get('cache-control'), 'private, max-age=31536000, immutable');
    assert.deepEqual(served.bytes, big);
  });

  test('an object cut short in the bucket answers 500 with a text and no caching headers', async () => {
    const { asset, key } = await upload();
    await bucket.put(key, PNG.subarray(0, 8), { contentType: 'image/png' });
    const served = await fetchBytes(asset);
    assert.equal(served.status, 500);
    assert.deepEqual(JSON.parse(served.bytes.toString('utf8')), { error: 'This file is damaged or missing on the server. Please upload it again.' });
    assert.equal(served.headers.get('cache-control'), 'no-store');
  });

  test('a user avatar goes to the bucket too', async () => {
    const data = new FormData();
    data.append('asset', new Blob([new Uint8Array(PNG)], { type: 'image/png' }), 'me.png');
    const response = await seed.actors.viewer.post('/api/users/file-assets/', data);
    assert.equal(response.status, 201, response.text);
    const row = await server.db.one<{ storage_key: string }>('SELECT storage_key FROM file_assets WHERE id = $1', [response.body.id]);
    assert.deepEqual(await readAll(bucket, row.storage_key), PNG);
    assert.deepEqual((await fetchBytes(response.body.asset)).bytes, PNG);
  });

  test('export files are written to and downloaded from the bucket', async () => {
    const exportsUrl = `${seed.workspaceUrl}/exports/`;
    const created = await seed.actors.member.post(exportsUrl, { provider: 'json', project_ids: [seed.project.id] });
    assert.equal(created.status, 201, created.text);
    let key: string | null = null;
    for (let attempt = 0; attempt < 500 && !key; attempt++) {
      key = (await server.db.one<{ file_key: string | null }>('SELECT file_key FROM export_jobs WHERE id = $1', [created.body.id])).file_key;
      if (!key) await new Promise((resolve) => setTimeout(resolve, 10));
    }
    assert.ok(key, 'the export completed');
    const inBucket = await readAll(bucket, key);
    assert.ok(inBucket);
    const downloaded = await fetchBytes(`${exportsUrl}${created.body.id}/download`);
    assert.equal(downloaded.status, 200);
    assert.equal(downloaded.headers.get('content-type'), 'application/json; charset=utf-8');
    assert.deepEqual(downloaded.bytes, inBucket);
  });

  test('the sweep removes expired uploads from the bucket', async () => {
    const { id, key } = await upload();
    assert.equal((await seed.actors.member.delete(`/api/workspaces/file-assets/${id}/`)).status, 204);
    await server.db.query(`UPDATE file_assets SET deleted_at = now() - interval '31 days' WHERE id = $1`, [id]);
    assert.equal(await bucket.exists(key), true);
    const result = await server.app.storageSweeper.sweep();
    assert.equal(result.removedFiles, 1);
    assert.equal(await bucket.exists(key), false);
  });

  test('nothing is written to the data folder', async () => {
    assert.ok(!(await readdir(server.config.dataDir)).includes('uploads'));
  });
});
