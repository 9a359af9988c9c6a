import assert from 'node:assert/strict';
import { mkdir, mkdtemp, readdir, readFile, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { after, before, describe, it } from 'node:test';
import { assertValidKey, createDiskStorage, createS3Storage, InvalidStorageKeyError, type Storage } from '../../src/server/storage/index.js';
import { startFakeS3, type FakeS3Server } from './fake-s3-server.js';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

describe('assertValidKey', () => {
  it('accepts plain nested names', () => {
    for (const key of ['a', 'a.png', 'ws-1/asset_2.webp', 'a/b/c/d.e.f', '0/1']) assert.doesNotThrow(() => assertValidKey(key), key);
  });

  it('refuses traversal, absolute paths, NUL and odd characters', () => {
    const bad = [
      '', '..', '../x', 'a/../../x', 'a/..', './a', 'a/./b', '/etc/passwd', '//x', 'a//b', 'a/', '\\x', 'a\\..\\b', 'C:\\x', 'C:x',
      'a\u0000b', 'a\nb', '.hidden', 'a/.meta', '%2e%2e/x', 'a b', 'ü', 'x'.repeat(600),
    ];
    for (const key of bad) assert.throws(() => assertValidKey(key), InvalidStorageKeyError, JSON.stringify(key));
    for (const key of [null, undefined, 3, {}]) assert.throws(() => assertValidKey(key), InvalidStorageKeyError);
  });

  it('is a RangeError with a 400 status', () => {
    const error = (() => {
      try {
        assertValidKey('../x');
      } catch (caught) {
        return caught;
      }
    })();
    assert.ok(error instanceof RangeError);
    assert.equal((error as InvalidStorageKeyError).statusCode, 400);
  });
});

/** One implementation under test: how to make it, and how to tear it down. */
interface Implementation {
  name: string;
  open(): Promise<{ storage: Storage; close(): Promise<void> }>;
}

const implementations: Implementation[] = [
  {
    name: 'disk storage',
    async open() {
      const base = await mkdtemp(path.join(tmpdir(), 'storage-test-'));
      return { storage: createDiskStorage({ root: path.join(base, 'uploads') }), close: () => rm(base, { recursive: true, force: true }) };
    },
  },
  {
    name: 'S3 storage (s3rver)',
    async open() {
      const s3: FakeS3Server = await startFakeS3();
      const storage = await createS3Storage({
        bucket: s3.bucket,
        region: 'us-east-1',
        endpoint: s3.endpoint,
        forcePathStyle: true,
        credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      });
      return {
        storage,
        async close() {
          storage.close?.();
          await s3.close();
        },
      };
    },
  },
];

// The contract every store keeps: one list of tests, run against each implementation.
for (const implementation of implementations) {
  describe(`the Storage contract: ${implementation.name}`, () => {
    let storage: Storage;
    let close: () => Promise<void>;

    before(async () => {
      ({ storage, close } = await implementation.open());
    });

    after(() => close());

    it('stores bytes and reads them back with their metadata', async () => {
      const bytes = new Uint8Array([137, 80, 78, 71, 1, 2, 3]);
      await storage.put('ws-1/a.png', bytes, { contentType: 'image/png', filename: 'photo.png' });
      assert.equal(await storage.exists('ws-1/a.png'), true);
      const object = await storage.get('ws-1/a.png');
      assert.ok(object);
      assert.deepEqual(await readAll(object.stream), Buffer.from(bytes));
      assert.equal(object.meta.contentType, 'image/png');
      assert.equal(object.meta.filename, 'photo.png');
      assert.equal(object.meta.size, 7);
      assert.ok(object.meta.modifiedAt instanceof Date);
      assert.ok(Math.abs(object.meta.modifiedAt.getTime() - Date.now()) < 60_000, 'modified just now');
    });

    it('keeps an upload name with spaces and non-ASCII letters', async () => {
      await storage.put('names/n.png', Buffer.from('x'), { contentType: 'image/png', filename: 'Résumé été 100%.png' });
      const object = await storage.get('names/n.png');
      assert.ok(object);
      object.stream.resume();
      assert.equal(object.meta.filename, 'Résumé été 100%.png');
    });

    it('stores a stream of chunks', async () => {
      async function* chunks() {
        for (let i = 0; i < 100; i++) yield new Uint8Array(1000).fill(i);
      }
      await storage.put('big.bin', chunks(), { contentType: 'application/octet-stream' });
      const object = await storage.get('big.bin');
      assert.ok(object);
      const data = await readAll(object.stream);
      assert.equal(data.length, 100_000);
      assert.equal(data[99_999], 99);
      assert.equal(object.meta.size, 100_000);
    });

    it('replaces an object whole', async () => {
      await storage.put('r.txt', Buffer.from('first version'), { contentType: 'text/plain' });
      await storage.put('r.txt', Buffer.from('2nd'), { contentType: 'text/csv' });
      const object = await storage.get('r.txt');
      assert.ok(object);
      assert.equal((await readAll(object.stream)).toString(), '2nd');
      assert.equal(object.meta.contentType, 'text/csv');
      assert.equal(object.meta.filename, undefined);
    });

    it('leaves no object when the body fails', async () => {
      async function* failing() {
        yield new Uint8Array([1, 2, 3]);
        throw new Error('client went away');
      }
      await assert.rejects(storage.put('broken.bin', failing(), { contentType: 'application/octet-stream' }), /client went away/);
      assert.equal(await storage.exists('broken.bin'), false);
      assert.equal(await storage.get('broken.bin'), null);
    });

    it('a reader keeps the version it opened while the object is replaced', async () => {
      await storage.put('v.txt', Buffer.from('old content'), { contentType: 'text/plain' });
      const opened = await storage.get('v.txt');
      assert.ok(opened);
      await storage.put('v.txt', Buffer.from('new content'), { contentType: 'text/plain' });
      assert.equal((await readAll(opened.stream)).toString(), 'old content');
      const fresh = await storage.get('v.txt');
      assert.ok(fresh);
      assert.equal((await readAll(fresh.stream)).toString(), 'new content');
    });

    it('deletes objects, and deleting twice is fine', async () => {
      await storage.put('d/x.webp', Buffer.from('x'), { contentType: 'image/webp' });
      await storage.delete('d/x.webp');
      assert.equal(await storage.exists('d/x.webp'), false);
      assert.equal(await storage.get('d/x.webp'), null);
      await storage.delete('d/x.webp');
      await storage.delete('never/was.png');
    });

    it('answers missing for unknown keys and for folders', async () => {
      assert.equal(await storage.get('nope.png'), null);
      assert.equal(await storage.exists('nope.png'), false);
      await storage.put('folder/inner.png', Buffer.from('x'), { contentType: 'image/png' });
      assert.equal(await storage.exists('folder'), false);
      assert.equal(await storage.get('folder'), null);
    });

    it('refuses invalid keys in every method', async () => {
      for (const key of ['../secret.txt', 'a/../../secret.txt', '/etc/passwd', '..\\secret.txt', 'a\u0000.png', '.meta/x.json', '.tmp/x', 'a//b', '']) {
        await assert.rejects(storage.put(key, Buffer.from('pwned'), { contentType: 'text/plain' }), InvalidStorageKeyError, key);
        await assert.rejects(storage.get(key), InvalidStorageKeyError, key);
        await assert.rejects(storage.exists(key), InvalidStorageKeyError, key);
        await assert.rejects(storage.delete(key), InvalidStorageKeyError, key);
      }
    });

    it('removes no complete object when clearing abandoned writes', async () => {
      await storage.put('kept/k.png', Buffer.from('kept'), { contentType: 'image/png' });
      assert.equal(await storage.removeAbandonedWrites(new Date(Date.now() + 60_000)), 0);
      const object = await storage.get('kept/k.png');
      assert.ok(object);
      assert.equal((await readAll(object.stream)).toString(), 'kept');
    });
  });
}

describe('createDiskStorage', () => {
  let base: string;
  let root: string;
  let storage: Storage;

  before(async () => {
    base = await mkdtemp(path.join(tmpdir(), 'storage-test-'));
    root = path.join(base, 'uploads');
    storage = createDiskStorage({ root });
  });

  after(async () => {
    await rm(base, { recursive: true, force: true });
  });

  it('keeps each object as a file under its key', async () => {
    const bytes = new Uint8Array([137, 80, 78, 71, 1, 2, 3]);
    await storage.put('ws-1/a.png', bytes, { contentType: 'image/png', filename: 'photo.png' });
    assert.deepEqual(await readFile(path.join(root, 'ws-1', 'a.png')), Buffer.from(bytes));
  });

  it('leaves no temporary file when the body fails, however early (the file may still be opening)', async () => {
    async function* failing(chunks: number) {
      for (let i = 0; i < chunks; i++) yield new Uint8Array([1, 2, 3]);
      throw new Error('client went away');
    }
    for (let attempt = 0; attempt < 20; attempt++) {
      for (const chunks of [0, 1, 3]) {
        await assert.rejects(storage.put('broken.bin', failing(chunks), { contentType: 'application/octet-stream' }), /client went away/);
        assert.deepEqual(await readdir(path.join(root, '.tmp')), [], `after ${chunks} chunks`);
      }
    }
  });

  it('serves a file without metadata as opaque bytes', async () => {
    await mkdir(path.join(root, 'manual'), { recursive: true });
    await writeFile(path.join(root, 'manual', 'f.bin'), 'hand made');
    const object = await storage.get('manual/f.bin');
    assert.ok(object);
    assert.equal(object.meta.contentType, 'application/octet-stream');
    assert.equal((await readAll(object.stream)).toString(), 'hand made');
  });

  it('removes the .part files of interrupted writes untouched since the given time, and nothing else', async () => {
    const tmp = path.join(root, '.tmp');
    await mkdir(tmp, { recursive: true });
    const hourAgo = new Date(Date.now() - 3_600_000);
    for (const name of ['crashed-1.part', 'crashed-2.part', 'not-a-part.txt']) {
      await writeFile(path.join(tmp, name), 'partial');
      await utimes(path.join(tmp, name), hourAgo, hourAgo);
    }
    await writeFile(path.join(tmp, 'in-progress.part'), 'being written');
    await storage.put('whole/w.png', Buffer.from('whole'), { contentType: 'image/png' });
    assert.equal(await storage.removeAbandonedWrites(new Date(Date.now() - 60_000)), 2);
    assert.deepEqual((await readdir(tmp)).sort(), ['in-progress.part', 'not-a-part.txt']);
    assert.equal(await storage.exists('whole/w.png'), true);
    assert.equal(await storage.removeAbandonedWrites(new Date(Date.now() - 60_000)), 0, 'a second run finds nothing');
  });

  it('clears abandoned writes when nothing was ever written', async () => {
    const empty = createDiskStorage({ root: path.join(base, 'never-used') });
    assert.equal(await empty.removeAbandonedWrites(new Date()), 0);
  });

  it('refuses every traversal attempt in every method and touches nothing outside the root', async () => {
    await writeFile(path.join(base, 'secret.txt'), 'secret');
    const attempts = ['../secret.txt', 'a/../../secret.txt', `${base}/secret.txt`, '/etc/passwd', '..\\secret.txt', 'a\u0000.png', '.meta/x.json', '.tmp/x'];
    for (const key of attempts) {
      await assert.rejects(storage.put(key, Buffer.from('pwned'), { contentType: 'text/plain' }), InvalidStorageKeyError, key);
      await assert.rejects(storage.get(key), InvalidStorageKeyError, key);
      await assert.rejects(storage.exists(key), InvalidStorageKeyError, key);
      await assert.rejects(storage.delete(key), InvalidStorageKeyError, key);
    }
    assert.equal(await readFile(path.join(base, 'secret.txt'), 'utf8'), 'secret');
    assert.deepEqual((await readdir(base)).sort(), ['secret.txt', 'uploads']);
  });
});
