import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { readFile, rm, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, mock, test } from 'node:test';
import { PNG, seedWorkspace, startServer, type Seed, type TestClient, type TestServer } from './harness.js';

let server: TestServer;
let seed: Seed;

before(async () => {
  server = await startServer();
  seed = await seedWorkspace(server);
});
after(() => server.close());

const DAMAGED = 'This file is damaged or missing on the server. Please upload it again.';

async function upload(client: TestClient, url = `${seed.workspaceUrl}/file-assets/`): Promise<{ id: string; asset: string; file: string }> {
  const data = new FormData();
  data.append('asset', new Blob([PNG], { type: 'image/png' }), 'dot.png');
  const response = await client.post(url, data);
  assert.equal(response.status, 201, response.text);
  const row = await server.db.one<{ storage_key: string }>('SELECT storage_key FROM file_assets WHERE id = $1', [response.body.id]);
  return { ...response.body, file: join(server.config.dataDir, 'uploads', ...row.storage_key.split('/')) };
}

async function uploadBytes(bytes: Buffer): Promise<{ id: string; asset: string }> {
  const data = new FormData();
  data.append('asset', new Blob([new Uint8Array(bytes)], { type: 'image/png' }), 'file.png');
  const response = await seed.actors.member.post(`${seed.workspaceUrl}/file-assets/`, data);
  assert.equal(response.status, 201, response.text);
  return response.body;
}

/** Fetches with the client's session; `body` is null when the transfer was cut off. */
async function fetchAsset(client: TestClient, url: string): Promise<{ status: number; headers: Headers; body: Buffer | null }> {
  const response = await fetch(server.url + url, { headers: { cookie: `session=${client.cookie('session')}` } });
  let body: Buffer | null;
  try {
    body = Buffer.from(await response.arrayBuffer());
  } catch {
    body = null;
  }
  return { status: response.status, headers: response.headers, body };
}

/** Collects what the server logs at `error` level while `run` runs. */
async function errorsLogged(run: () => Promise<void>): Promise<unknown[][]> {
  const spy = mock.method(server.app.log, 'error', () => {});
  try {
    await run();
    return spy.mock.calls.map((call) => call.arguments);
  } finally {
    spy.mock.restore();
  }
}

describe('uploaded files as recorded', () => {
  test('an upload records its size and SHA-256 digest', async () => {
    const { id } = await upload(seed.actors.member);
    const row = await server.db.one<{ size: number; sha256: string }>('SELECT size, sha256 FROM file_assets WHERE id = $1', [id]);
    assert.deepEqual(row, { size: PNG.length, sha256: createHash('sha256').update(PNG).digest('hex') });
  });
});

describe('serving a file that does not match its record', () => {
  test('a file truncated in storage answers 500 with a text, no caching headers, and is logged', async () => {
    const { asset, file } = await upload(seed.actors.member);
    await truncate(file, 0);
    let answer!: Awaited<ReturnType<typeof fetchAsset>>;
    const logged = await errorsLogged(async () => {
      answer = await fetchAsset(seed.actors.guest, asset);
    });
    assert.equal(answer.status, 500);
    assert.deepEqual(JSON.parse(answer.body!.toString('utf8')), { error: DAMAGED });
    assert.equal(answer.headers.get('cache-control'), 'no-store');
    assert.equal(answer.headers.get('etag'), null);
    assert.equal(logged.length, 1);
    assert.match(JSON.stringify(logged[0]), /size/);
    assert.match(JSON.stringify(logged[0]), new RegExp(asset.split('/').at(-1)!));
  });

  test("a user's file cut short is refused the same way", async () => {
    const { asset, file } = await upload(seed.actors.viewer, '/api/users/file-assets/');
    await writeFile(file, PNG.subarray(0, 10));
    const answer = await fetchAsset(seed.actors.member, asset);
    assert.equal(answer.status, 500);
    assert.deepEqual(JSON.parse(answer.body!.toString('utf8')), { error: DAMAGED });
    assert.equal(answer.headers.get('cache-control'), 'no-store');
  });

  test('a file missing from storage answers the same error and is logged', async () => {
    const { asset, file } = await upload(seed.actors.member);
    await rm(file);
    let answer!: Awaited<ReturnType<typeof fetchAsset>>;
    const logged = await errorsLogged(async () => {
      answer = await fetchAsset(seed.actors.member, asset);
    });
    assert.equal(answer.status, 500);
    assert.deepEqual(JSON.parse(answer.body!.toString('utf8')), { error: DAMAGED });
    assert.equal(answer.headers.get('cache-control'), 'no-store');
    assert.equal(logged.length, 1);
  });

  test('a small file whose bytes changed but not its size answers 500 without caching headers, and is logged', async () => {
    const { asset, file } = await upload(seed.actors.member);
    const changed = Buffer.from(await readFile(file));
    changed[changed.length - 20]! ^= 0xff;
    await writeFile(file, changed);
    let answer!: Awaited<ReturnType<typeof fetchAsset>>;
    const logged = await errorsLogged(async () => {
      answer = await fetchAsset(seed.actors.member, asset);
    });
    assert.equal(answer.status, 500);
    assert.deepEqual(JSON.parse(answer.body!.toString('utf8')), { error: DAMAGED });
    assert.equal(answer.headers.get('cache-control'), 'no-store');
    assert.equal(answer.headers.get('etag'), null);
    assert.equal(logged.length, 1);
    assert.match(JSON.stringify(logged[0]), /digest/);
  });

  test('a large file whose bytes changed but not its size is cut off before its end, and is logged', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(300_000, 7)]);
    const data = new FormData();
    data.append('asset', new Blob([new Uint8Array(big)], { type: 'image/png' }), 'big.png');
    const response = await seed.actors.member.post(`${seed.workspaceUrl}/file-assets/`, data);
    assert.equal(response.status, 201, response.text);
    const row = await server.db.one<{ storage_key: string }>('SELECT storage_key FROM file_assets WHERE id = $1', [response.body.id]);
    const file = join(server.config.dataDir, 'uploads', ...row.storage_key.split('/'));
    const changed = Buffer.from(big);
    changed[100]! ^= 0xff;
    await writeFile(file, changed);
    let answer!: Awaited<ReturnType<typeof fetchAsset>>;
    const logged = await errorsLogged(async () => {
      answer = await fetchAsset(seed.actors.member, response.body.asset);
    });
    // The digest is known only after the last byte, when the headers are long sent: the transfer
    // is cut off before its last bytes, so no client or cache holds the damaged file as complete.
    assert.equal(answer.status, 200);
    assert.equal(answer.body, null, 'the transfer does not complete');
    assert.equal(logged.length, 1);
    assert.match(JSON.stringify(logged[0]), /digest/);
    const intact = await fetchAsset(seed.actors.member, (await uploadBytes(big)).asset);
    assert.deepEqual(intact.body, big, 'the same file intact is delivered whole');
  });

  test('an intact file is served whole, with its caching headers', async () => {
    const { asset } = await upload(seed.actors.member);
    const answer = await fetchAsset(seed.actors.member, asset);
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, PNG);
    assert.equal(answer.headers.get('cache-control'), 'private, max-age=31536000, immutable');
  });

  test('a file recorded before digests were kept is checked by its size only', async () => {
    const { id, asset } = await upload(seed.actors.member);
    await server.db.query('UPDATE file_assets SET sha256 = NULL WHERE id = $1', [id]);
    const answer = await fetchAsset(seed.actors.member, asset);
    assert.equal(answer.status, 200);
    assert.deepEqual(answer.body, PNG);
  });
});
