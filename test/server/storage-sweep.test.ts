import assert from 'node:assert/strict';
import { mkdir, readdir, utimes, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import { startStorageSweeper, sweepStorage, type StorageSweepOptions } from '../../src/server/assets/storage-sweep.js';
import type { Storage } from '../../src/server/storage/index.js';
import { FakeTimers } from './fake-timers.js';
import { PNG, seedWorkspace, startServer, type Seed, type TestClient, type TestServer } from './harness.js';

let server: TestServer;
let seed: Seed;

before(async () => {
  server = await startServer();
  seed = await seedWorkspace(server);
  await server.app.storageSweeper.idle();
});
after(() => server.close());

async function upload(client: TestClient = seed.actors.member): Promise<{ id: string; asset: string; key: string }> {
  const data = new FormData();
  data.append('asset', new Blob([PNG], { type: 'image/png' }), 'dot.png');
  const response = await client.post(`${seed.workspaceUrl}/file-assets/`, data);
  assert.equal(response.status, 201, response.text);
  const row = await server.db.one<{ storage_key: string }>('SELECT storage_key FROM file_assets WHERE id = $1', [response.body.id]);
  return { ...response.body, key: row.storage_key };
}

/** Deletes an upload through the API, `daysAgo` days back. */
async function deleteUpload(id: string, daysAgo: number): Promise<void> {
  assert.equal((await seed.actors.member.delete(`/api/workspaces/file-assets/${id}/`)).status, 204);
  await server.db.query(`UPDATE file_assets SET deleted_at = now() - make_interval(days => $2) WHERE id = $1`, [id, daysAgo]);
}

const rowExists = async (id: string) => (await server.db.maybeOne('SELECT id FROM file_assets WHERE id = $1', [id])) !== null;

/** Waits until `check` holds (the sweeps run in the background). */
async function eventually(check: () => Promise<boolean>, what: string): Promise<void> {
  for (let attempt = 0; attempt < 500; attempt++) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  assert.fail(`never happened: ${what}`);
}

describe('deleted uploads', () => {
  test('are removed with their file once deleted longer ago than the retention (30 days); younger and restored ones stay', async () => {
    const expired = await upload();
    const young = await upload();
    const restored = await upload();
    const live = await upload();
    await deleteUpload(expired.id, 31);
    await deleteUpload(young.id, 29);
    await deleteUpload(restored.id, 40);
    assert.equal((await seed.actors.member.post(`/api/workspaces/file-assets/${restored.id}/restore/`)).status, 204);

    const result = await server.app.storageSweeper.sweep();
    assert.equal(result.expiredUploads, 1);
    assert.equal(result.removedFiles, 1);
    assert.equal(await rowExists(expired.id), false);
    assert.equal(await server.app.storage.exists(expired.key), false);
    for (const kept of [young, restored, live]) {
      assert.equal(await rowExists(kept.id), true);
      assert.equal(await server.app.storage.exists(kept.key), true);
    }
    assert.equal((await seed.actors.member.get(restored.asset)).status, 200);
    const again = await server.app.storageSweeper.sweep();
    assert.deepEqual([again.expiredUploads, again.removedFiles], [0, 0], 'nothing is removed twice');
  });

  test('a configured retention applies', async () => {
    const short = await startServer({ DELETED_UPLOAD_RETENTION_DAYS: '2' });
    try {
      const shortSeed = await seedWorkspace(short);
      const data = new FormData();
      data.append('asset', new Blob([PNG], { type: 'image/png' }), 'dot.png');
      const { body } = await shortSeed.actors.member.post(`${shortSeed.workspaceUrl}/file-assets/`, data);
      await short.db.query(`UPDATE file_assets SET deleted_at = now() - interval '3 days' WHERE id = $1`, [body.id]);
      assert.equal((await short.app.storageSweeper.sweep()).expiredUploads, 1);
    } finally {
      await short.close();
    }
  });
});

describe("a deleted workspace's files", () => {
  test('are removed from storage by the next sweep', async () => {
    const other = await seedWorkspace(server);
    const data = new FormData();
    data.append('asset', new Blob([PNG], { type: 'image/png' }), 'dot.png');
    const { body } = await other.actors.member.post(`${other.workspaceUrl}/file-assets/`, data);
    const { storage_key: key } = await server.db.one<{ storage_key: string }>('SELECT storage_key FROM file_assets WHERE id = $1', [body.id]);
    assert.equal((await other.actors.admin.delete(other.workspaceUrl)).status, 204);
    assert.equal(await server.app.storage.exists(key), true, 'still there until the sweep');
    assert.equal((await server.app.storageSweeper.sweep()).removedFiles, 1);
    assert.equal(await server.app.storage.exists(key), false);
  });
});

describe('export files', () => {
  test('are removed once older than the retention (7 days); the job stays listed and its download says the file is gone', async () => {
    const exportsUrl = `${seed.workspaceUrl}/exports/`;
    const ids: string[] = [];
    for (let i = 0; i < 2; i++) {
      const created = await seed.actors.member.post(exportsUrl, { provider: 'json', project_ids: [seed.project.id] });
      assert.equal(created.status, 201, created.text);
      ids.push(created.body.id);
    }
    const keyOf = async (id: string) => (await server.db.one<{ file_key: string | null }>('SELECT file_key FROM export_jobs WHERE id = $1', [id])).file_key;
    await eventually(async () => (await keyOf(ids[0]!)) !== null && (await keyOf(ids[1]!)) !== null, 'both exports completed');
    const [oldId, recentId] = ids as [string, string];
    const oldKey = (await keyOf(oldId))!;
    await server.db.query(`UPDATE export_jobs SET completed_at = now() - interval '8 days' WHERE id = $1`, [oldId]);
    await server.db.query(`UPDATE export_jobs SET completed_at = now() - interval '6 days' WHERE id = $1`, [recentId]);

    const result = await server.app.storageSweeper.sweep();
    assert.equal(result.expiredExportFiles, 1);
    assert.equal(await server.app.storage.exists(oldKey), false);
    const listed = (await seed.actors.member.get(exportsUrl)).body.find((job: { id: string }) => job.id === oldId);
    assert.equal(listed.status, 'completed');
    const gone = await seed.actors.member.get(`${exportsUrl}${oldId}/download`);
    assert.equal(gone.status, 404);
    assert.deepEqual(gone.body, { error: 'The export file is no longer available. Please start a new one.' });
    assert.equal((await seed.actors.member.get(`${exportsUrl}${recentId}/download`)).status, 200);
  });
});

describe('several processes sweeping one database', () => {
  test('remove each file once, and a file removed by someone else first is no error', async () => {
    const uploads = [];
    for (let i = 0; i < 12; i++) uploads.push(await upload());
    for (const { id } of uploads) await deleteUpload(id, 31);
    // Someone removed one file by hand already.
    await server.app.storage.delete(uploads[0]!.key);

    const removed: string[] = [];
    const errors: unknown[] = [];
    const counting = (storage: Storage): Storage => ({
      ...storage,
      async delete(key) {
        removed.push(key);
        await new Promise((resolve) => setTimeout(resolve, 5));
        return storage.delete(key);
      },
    });
    const log = { ...server.app.log, error: (...args: unknown[]) => errors.push(args) } as unknown as StorageSweepOptions['log'];
    const options = (storage: Storage): StorageSweepOptions => ({ db: server.db, storage: counting(storage), log, deletedUploadRetentionDays: 30, exportFileRetentionDays: 7 });
    // Each "process" has its own store object over the same files, and the two run at once.
    const results = await Promise.all([sweepStorage(options(server.app.storage), new Date(0)), sweepStorage(options(server.app.storage), new Date(0))]);

    assert.deepEqual(errors, []);
    assert.equal(results[0].expiredUploads + results[1].expiredUploads, 12);
    assert.equal(results[0].removedFiles + results[1].removedFiles, 12);
    assert.deepEqual([...removed].sort(), uploads.map((u) => u.key).sort(), 'every file removed exactly once');
    for (const { key } of uploads) assert.equal(await server.app.storage.exists(key), false);
    assert.equal((await server.db.one<{ n: number }>('SELECT count(*) AS n FROM storage_deletions')).n, 0);
  });

  test('a file whose removal failed is retried once its claim lapses', async () => {
    const { id, key } = await upload();
    await deleteUpload(id, 31);
    const failing: Storage = {
      ...server.app.storage,
      async delete() {
        throw new Error('storage unreachable');
      },
    };
    const errors: unknown[] = [];
    const log = { ...server.app.log, error: (...args: unknown[]) => errors.push(args) } as unknown as StorageSweepOptions['log'];
    const failed = await sweepStorage({ db: server.db, storage: failing, log, deletedUploadRetentionDays: 30, exportFileRetentionDays: 7 }, new Date(0));
    assert.equal(failed.removedFiles, 0);
    assert.equal(errors.length, 1);
    assert.equal(await server.app.storage.exists(key), true);
    assert.equal((await server.app.storageSweeper.sweep()).removedFiles, 0, 'claimed by the failed sweep for now');
    await server.db.query(`UPDATE storage_deletions SET claimed_until = now() - interval '1 second' WHERE storage_key = $1`, [key]);
    assert.equal((await server.app.storageSweeper.sweep()).removedFiles, 1);
    assert.equal(await server.app.storage.exists(key), false);
  });
});

describe('the sweeper', () => {
  const sweepOptions = (storage: Storage): StorageSweepOptions => ({ db: server.db, storage, log: server.app.log, deletedUploadRetentionDays: 30, exportFileRetentionDays: 7 });

  test('runs at start: removes expired files and the .part files an interrupted write left', async () => {
    const own = await startServer();
    try {
      const ownSeed = await seedWorkspace(own);
      const data = new FormData();
      data.append('asset', new Blob([PNG], { type: 'image/png' }), 'dot.png');
      const { body } = await ownSeed.actors.member.post(`${ownSeed.workspaceUrl}/file-assets/`, data);
      await own.db.query(`UPDATE file_assets SET deleted_at = now() - interval '31 days' WHERE id = $1`, [body.id]);
      const tmp = join(own.config.dataDir, 'uploads', '.tmp');
      await mkdir(tmp, { recursive: true });
      const hourAgo = new Date(Date.now() - 3_600_000);
      await writeFile(join(tmp, 'crashed.part'), 'half a file');
      await utimes(join(tmp, 'crashed.part'), hourAgo, hourAgo);
      await writeFile(join(tmp, 'just-crashed.part'), 'half a file');

      await own.restart();
      await own.app.storageSweeper.idle();
      assert.equal((await own.db.maybeOne('SELECT id FROM file_assets WHERE id = $1', [body.id])) === null, true);
      // On PGlite this process alone writes to the folder, so every .part older than the start is
      // abandoned; with PostgreSQL other processes may share it, so only long-untouched ones are.
      assert.deepEqual(await readdir(tmp), own.kind === 'pglite' ? [] : ['just-crashed.part']);
    } finally {
      await own.close();
    }
  });

  test('runs again on its interval', async () => {
    const own = await startServer({}, { storage: { ...server.config.storage, sweepIntervalMinutes: 0.001 } });
    try {
      const ownSeed = await seedWorkspace(own);
      const data = new FormData();
      data.append('asset', new Blob([PNG], { type: 'image/png' }), 'dot.png');
      const { body } = await ownSeed.actors.member.post(`${ownSeed.workspaceUrl}/file-assets/`, data);
      await own.db.query(`UPDATE file_assets SET deleted_at = now() - interval '31 days' WHERE id = $1`, [body.id]);
      await eventually(async () => (await own.db.maybeOne('SELECT id FROM file_assets WHERE id = $1', [body.id])) === null, 'the periodic sweep removed the upload');
    } finally {
      await own.close();
    }
  });

  test('waits its interval on its timers between sweeps, and once closed leaves no timer and sweeps no more', async () => {
    const timers = new FakeTimers();
    let sweeps = 0;
    const storage: Storage = {
      ...server.app.storage,
      async removeAbandonedWrites() {
        sweeps++;
        return 0;
      },
    };
    const sweeper = startStorageSweeper({ ...sweepOptions(storage), intervalMs: 60_000, exclusive: false, timers });
    await sweeper.idle();
    assert.equal(sweeps, 1, 'a sweep at start');
    assert.deepEqual(timers.delays, [60_000], 'the next sweep waits the interval');
    timers.fire();
    await sweeper.idle();
    assert.equal(sweeps, 2, 'a sweep when the interval has passed');
    assert.deepEqual(timers.delays, [60_000], 'and the next one waits again');
    await sweeper.close();
    assert.deepEqual(timers.delays, [], 'no timer is left once closed');
    assert.equal(sweeps, 2, 'no sweep on closing');
  });
});
