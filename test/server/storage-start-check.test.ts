// A file store that cannot be used stops the server at start, with a sentence saying what to
// change, instead of a server that answers every upload with 500.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { fileURLToPath } from 'node:url';
import { ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { pgliteDir } from '../../src/server/db/open.js';
import { startFakeS3, type FakeS3Server } from './fake-s3-server.js';
import { startServer } from './harness.js';
import { copyMigratedPglite } from './pglite-template.js';
import { serverCommand } from './server-processes.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
let s3: FakeS3Server;
/**
 * A data folder whose `uploads` is a file, so the uploads folder cannot be made. It holds a
 * migrated PGlite database, as a server's data folder does after its first start, so a server
 * process started on it reaches the file store's check without creating a database first.
 */
let blockedDataDir: string;

before(async () => {
  s3 = await startFakeS3();
  blockedDataDir = await mkdtemp(join(tmpdir(), 'rich-editor-blocked-'));
  await writeFile(join(blockedDataDir, 'uploads'), 'not a folder');
  await copyMigratedPglite(pgliteDir(blockedDataDir));
});
after(async () => {
  await s3.close();
  await rm(blockedDataDir, { recursive: true, force: true });
});

/** A port on 127.0.0.1 nothing listens on. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('the file store is checked at start', () => {
  test('an uploads folder that cannot be written', async () => {
    await assert.rejects(startServer({ DATA_DIR: blockedDataDir }), (error: Error) => {
      assert.equal(error.name, 'StorageUnavailableError');
      assert.match(error.message, /^The uploads folder .*\/uploads cannot be written \((EEXIST|ENOTDIR)\): set DATA_DIR to a folder this server may write, or S3_BUCKET to keep files in S3\.$/);
      return true;
    });
  });

  test('a bucket that does not exist', async () => {
    await assert.rejects(startServer({ ...s3.env, S3_BUCKET: 'no-such-bucket' }), {
      name: 'StorageUnavailableError',
      message: `The S3 bucket "no-such-bucket" at ${s3.endpoint} does not exist: create it, or set S3_BUCKET to one that does.`,
    });
  });

  test('credentials the bucket refuses', async () => {
    // s3rver knows one access key (it does not check the secret); S3 itself refuses either.
    await assert.rejects(startServer({ ...s3.env, S3_ACCESS_KEY_ID: 'nobody' }), (error: Error) => {
      assert.match(error.message, new RegExp(`^The S3 bucket "${s3.bucket}" at ${s3.endpoint} refused these credentials \\(403\\): check S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY`));
      return true;
    });
  });

  test('an endpoint nothing answers on', async () => {
    const endpoint = `http://127.0.0.1:${await closedPort()}`;
    await assert.rejects(startServer({ ...s3.env, S3_ENDPOINT: endpoint }), (error: Error) => {
      assert.match(error.message, new RegExp(`^The S3 bucket "${s3.bucket}" at ${endpoint} cannot be reached \\(.+\\): check S3_ENDPOINT, S3_REGION and the network\\.$`));
      return true;
    });
  });

  test('the bucket as configured: the server starts, leaving nothing in the bucket', async () => {
    const server = await startServer(s3.env);
    await server.close();
    const client = new S3Client({ region: 'us-east-1', endpoint: s3.endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
    try {
      const listed = await client.send(new ListObjectsV2Command({ Bucket: s3.bucket }));
      assert.deepEqual(listed.Contents ?? [], []);
    } finally {
      client.destroy();
    }
  });

  test('npm start says it in one line and exits with 1', { timeout: 60_000 }, async () => {
    const child = spawn(process.execPath, serverCommand(), {
      cwd: ROOT,
      env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: blockedDataDir, SEED_DEMO: 'false', LOG_LEVEL: 'silent', DATABASE_URL: '', NODE_OPTIONS: '' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += String(chunk)));
    child.stderr.on('data', (chunk) => (stderr += String(chunk)));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    assert.equal(code, 1, stdout + stderr);
    assert.match(stderr, /^rich-editor could not start: The uploads folder .* cannot be written \((EEXIST|ENOTDIR)\): set DATA_DIR to a folder this server may write, or S3_BUCKET to keep files in S3\.\n$/);
    assert.equal(stdout, '');
  });
});
