import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, describe, test } from 'node:test';
import { exportFileKey } from '../../src/server/exports-jobs/export-job-shape.js';
import { EXPORT_INTERRUPTED } from '../../src/server/exports-jobs/export-jobs.js';
import { LeaseQueue } from '../../src/server/jobs/lease-queue.js';
import { seedWorkspace, startServer, type Seed, type TestServer } from './harness.js';
import { createIssue } from './planning-fixtures.js';
import { holdStoring, type StoringHold } from './storage-hold.js';

let server: TestServer;
let seed: Seed;

/**
 * The LeaseQueue tests' table: export_jobs' columns, defaults, checks and indexes, without its
 * trigger (migration 0022) or any worker of the app watching it, so the queues the tests make are
 * its only claimers.
 */
const TEST_TABLE = 'lease_queue_jobs';

before(async () => {
  server = await startServer();
  seed = await seedWorkspace(server);
  await server.db.exec(`CREATE TABLE ${TEST_TABLE} (LIKE export_jobs INCLUDING DEFAULTS INCLUDING CONSTRAINTS INCLUDING INDEXES)`);
});
after(() => server.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface QueueRow {
  status: string;
  attempts: number;
  lease_owner: string | null;
  error: string | null;
  progress: number;
}

/** A queued job in the LeaseQueue tests' table. */
async function queueJob(): Promise<string> {
  const row = await server.db.one<{ id: string }>(
    `INSERT INTO ${TEST_TABLE} (workspace_id, provider, project_ids, requested_by) VALUES ($1, 'csv', $2::uuid[], $3) RETURNING id`,
    [seed.workspace.id, [seed.project.id], seed.users.member.id],
  );
  return row.id;
}

/**
 * An export job written straight into the table in one statement, as a process that then died
 * left it: claimed (attempt `attempts`) by `owner`, whose lease ran out a second ago. `id` may be
 * chosen beforehand (to store the file it left before the row exists).
 */
async function leftByDeadProcess(target: TestServer, targetSeed: Seed, { id = randomUUID(), attempts = 1, progress = 0 } = {}): Promise<string> {
  await target.db.query(
    `INSERT INTO export_jobs (id, workspace_id, provider, project_ids, requested_by, status, attempts, progress, lease_owner, lease_expires_at)
     VALUES ($1, $2, 'csv', $3::uuid[], $4, 'processing', $5, $6, 'dead-process', now() - interval '1 second')`,
    [id, targetSeed.workspace.id, [targetSeed.project.id], targetSeed.users.member.id, attempts, progress],
  );
  return id;
}

const ROW_COLUMNS = 'status, attempts, lease_owner, error, progress';

/** A job of the LeaseQueue tests' table. */
async function testRow(id: string): Promise<QueueRow> {
  return server.db.one<QueueRow>(`SELECT ${ROW_COLUMNS} FROM ${TEST_TABLE} WHERE id = $1`, [id]);
}

/** An export job of `target`'s app. */
async function rowOf(id: string, target: TestServer): Promise<QueueRow> {
  return target.db.one<QueueRow>(`SELECT ${ROW_COLUMNS} FROM export_jobs WHERE id = $1`, [id]);
}

/**
 * The job's row once `wanted` holds for it, read every 25 ms (the worker announces none of these
 * states); the bound only stops a job that never gets there, and names what was awaited.
 */
async function rowWhen(id: string, target: TestServer, wanted: (row: QueueRow) => boolean, what: string): Promise<QueueRow> {
  let row = await rowOf(id, target);
  for (const deadline = Date.now() + 60_000; !wanted(row); ) {
    if (Date.now() > deadline) assert.fail(`the job never ${what}; its row: ${JSON.stringify(row)}`);
    await sleep(25);
    row = await rowOf(id, target);
  }
  return row;
}

/**
 * The export worker's settings for the tests below: looking for jobs every 50 ms, under a lease
 * no busy machine outlives (a lease that ran out mid-test would let the worker take its own job
 * again). A lease that ends is written into the row, as a process that stalled or died leaves it.
 */
const WORKER = { JOB_LEASE_MS: '60000', JOB_POLL_MS: '50' };

/** Ends a job's lease now, as the time of a holder that stalled or died. */
async function expireLease(id: string): Promise<void> {
  await server.db.query(`UPDATE ${TEST_TABLE} SET lease_expires_at = now() - interval '1 second' WHERE id = $1`, [id]);
}

async function clearQueue(): Promise<void> {
  await server.db.query(`UPDATE ${TEST_TABLE} SET status = 'failed' WHERE status IN ('queued', 'processing')`);
}

function queue(workerId: string, leaseMs = 60_000, maxAttempts = 3): LeaseQueue {
  return new LeaseQueue({ table: TEST_TABLE, workerId, leaseMs, maxAttempts });
}

/**
 * Starts a CSV export of `targetSeed`'s project and waits until its file is written and held at
 * storing (`hold`), with its progress recorded.
 */
async function exportHeldAtStoring(target: TestServer, targetSeed: Seed, hold: StoringHold): Promise<string> {
  const created = await targetSeed.actors.member.post(`${targetSeed.workspaceUrl}/exports`, { provider: 'csv', project_ids: [targetSeed.project.id] });
  assert.equal(created.status, 201, created.text);
  const id: string = created.body.id;
  await hold.reached;
  // The progress write may land just after the store began: the row is read until it shows it.
  const row = await rowWhen(id, target, (job) => job.progress >= 90 || job.status !== 'processing', 'recorded its file as written');
  assert.equal(row.progress, 90, 'the file is written and waits to be stored');
  return id;
}

describe('LeaseQueue', () => {
  test('claims the oldest queued job under a lease, counting the attempt; a held job is not claimed again', async () => {
    await clearQueue();
    const first = await queueJob();
    const second = await queueJob();
    // Two rows written in the same millisecond of PGlite's clock tie on created_at (then the random id decides): the first is made older.
    await server.db.query(`UPDATE ${TEST_TABLE} SET created_at = created_at - interval '1 second' WHERE id = $1`, [first]);
    const a = queue('worker-a');
    const claimed = await a.claim<{ provider: string }>(server.db, 'provider');
    assert.deepEqual(claimed && { id: claimed.id, attempts: claimed.attempts, provider: claimed.provider }, { id: first, attempts: 1, provider: 'csv' });
    assert.deepEqual(await testRow(first), { status: 'processing', attempts: 1, lease_owner: 'worker-a', error: null, progress: 0 });
    const next = await queue('worker-b').claim(server.db);
    assert.equal(next?.id, second, 'the job under a live lease is passed over');
    assert.equal(await queue('worker-c').claim(server.db), null, 'nothing else is waiting');
  });

  test('workers claiming at once never get the same job (FOR UPDATE SKIP LOCKED)', async () => {
    await clearQueue();
    const ids = new Set<string>();
    for (let i = 0; i < 8; i++) ids.add(await queueJob());
    const claims = await Promise.all(Array.from({ length: 12 }, (_, i) => queue(`worker-${i}`).claim(server.db)));
    const got = claims.filter((claim) => claim !== null).map((claim) => claim!.id);
    assert.equal(got.length, 8, 'every job is claimed');
    assert.deepEqual(new Set(got), ids, 'each job exactly once');
  });

  test("a job whose lease expired is claimed by another worker; the first worker's renewals and writes are refused", async () => {
    await clearQueue();
    const id = await queueJob();
    const dead = queue('dead-worker');
    assert.equal((await dead.claim(server.db))?.id, id);
    assert.equal(await dead.renew(server.db, id), true, 'the holder renews its lease');
    const other = queue('other-worker');
    assert.equal(await other.claim(server.db), null, 'not while the lease is alive');
    // The holder stalls past its lease (written as such: a short lease could run out on a busy machine before the check above).
    await expireLease(id);
    const taken = await other.claim(server.db);
    assert.equal(taken?.id, id);
    assert.equal(taken?.attempts, 2);
    assert.equal(await dead.renew(server.db, id), false);
    assert.equal(await dead.updateLeased(server.db, id, 'progress = $3', [50]), false);
    assert.equal(await other.updateLeased(server.db, id, 'progress = $3', [50]), true);
    assert.deepEqual(await testRow(id), { status: 'processing', attempts: 2, lease_owner: 'other-worker', error: null, progress: 50 });
  });

  test('a job whose process died on every attempt is no longer claimed, and is failed', async () => {
    await clearQueue();
    const id = await queueJob();
    const workers = [queue('w1', 60_000, 2), queue('w2', 60_000, 2)];
    for (const worker of workers) {
      assert.equal((await worker.claim(server.db))?.id, id);
      // Its process dies: the lease runs out.
      await expireLease(id);
    }
    const last = queue('w3', 60_000, 2);
    assert.equal(await last.claim(server.db), null, 'two attempts used up');
    assert.deepEqual(await last.failAbandoned(server.db, `status = 'failed', error = $2`, ['gone']), [id]);
    assert.deepEqual(await testRow(id), { status: 'failed', attempts: 2, lease_owner: 'w2', error: 'gone', progress: 0 });
  });

  test('refuses a table name that is not a plain identifier, and an empty lease', () => {
    assert.throws(() => new LeaseQueue({ table: 'export_jobs; DROP TABLE users', workerId: 'x', leaseMs: 1, maxAttempts: 1 }), RangeError);
    assert.throws(() => new LeaseQueue({ table: 'export_jobs', workerId: 'x', leaseMs: 0, maxAttempts: 1 }), RangeError);
    assert.throws(() => new LeaseQueue({ table: 'export_jobs', workerId: 'x', leaseMs: 10, maxAttempts: 0 }), RangeError);
  });
});

describe('export worker on the durable queue', () => {
  test('a job queued by another process (written straight into the table) starts at once, with no polling', async () => {
    // Ten minutes between polls: only the table's announcement can start the job within the test.
    const own = await startServer({ JOB_POLL_MS: '600000' });
    try {
      const ownSeed = await seedWorkspace(own);
      const { id } = await own.db.one<{ id: string }>(
        `INSERT INTO export_jobs (workspace_id, provider, project_ids, requested_by) VALUES ($1, 'csv', $2::uuid[], $3) RETURNING id`,
        [ownSeed.workspace.id, [ownSeed.project.id], ownSeed.users.member.id],
      );
      const row = await rowWhen(id, own, (job) => job.status === 'completed' || job.status === 'failed', 'ended');
      assert.deepEqual([row.status, row.attempts, row.progress], ['completed', 1, 100]);
    } finally {
      await own.close();
    }
  });

  test('finishes a job whose worker died mid-job once its lease expired, counting the second attempt', async () => {
    const own = await startServer(WORKER);
    try {
      const ownSeed = await seedWorkspace(own);
      await createIssue(own.db, ownSeed.project.id, { name: 'Taken over' });
      // Claimed by a worker of a process that then died mid-job (processing, 40%, its lease run
      // out), which had stored its file and died before recording it. The file is there before the
      // row, which this process's worker hears of at once. That a live lease is passed over is
      // LeaseQueue's test above.
      const id = randomUUID();
      const deadFile = exportFileKey(ownSeed.workspace.id, id, 1, 'csv');
      await own.app.storage.put(deadFile, Buffer.from('dead,file\n'), { contentType: 'text/csv' });
      await leftByDeadProcess(own, ownSeed, { id, progress: 40 });
      const row = await rowWhen(id, own, (job) => job.status !== 'processing', 'ended');
      assert.equal(row.status, 'completed');
      assert.equal(row.attempts, 2);
      assert.equal(row.progress, 100);
      assert.ok(row.lease_owner && row.lease_owner !== 'dead-process', 'run by the live worker');
      const download = await ownSeed.actors.admin.get(`${ownSeed.workspaceUrl}/exports/${id}/download`);
      assert.equal(download.status, 200);
      assert.match(download.text, /SEED-1,Taken over/);
      assert.equal(await own.app.storage.exists(deadFile), false, "the dead attempt's file is removed");
    } finally {
      await own.close();
    }
  });

  test('a worker that lost its lease to another records nothing more, and removes the file it stored', async () => {
    const own = await startServer(WORKER);
    const hold = holdStoring(own);
    const { release, restore } = hold;
    const storage = own.app.storage;
    const remove = storage.delete;
    const removal = new Promise<string>((resolve) => {
      storage.delete = async (key) => {
        await remove.call(storage, key);
        resolve(key);
      };
    });
    try {
      const ownSeed = await seedWorkspace(own);
      const id = await exportHeldAtStoring(own, ownSeed, hold);
      // Another worker took the job over (as if this one had stalled past its lease).
      await own.db.query(`UPDATE export_jobs SET lease_owner = 'other-worker', attempts = 2, lease_expires_at = now() + interval '1 hour' WHERE id = $1`, [id]);
      release();
      // The late worker finds its lease gone when it records its file, and removes that file.
      assert.equal(await removal, exportFileKey(ownSeed.workspace.id, id, 1, 'csv'));
      assert.deepEqual(await rowOf(id, own), { status: 'processing', attempts: 2, lease_owner: 'other-worker', error: null, progress: 90 });
      const fileKey = await own.db.one<{ file_key: string | null }>('SELECT file_key FROM export_jobs WHERE id = $1', [id]);
      assert.equal(fileKey.file_key, null);
    } finally {
      restore();
      storage.delete = remove;
      await own.close();
    }
  });

  test("a worker that lost its lease while storing leaves the file of the worker that took over, and removes its own", async () => {
    const own = await startServer(WORKER);
    const storage = own.app.storage;
    const hold = holdStoring(own);
    const { put, release, restore } = hold;
    const remove = storage.delete;
    const removed: string[] = [];
    let removedOne!: () => void;
    const removal = new Promise<void>((resolve) => (removedOne = resolve));
    storage.delete = async (key) => {
      await remove.call(storage, key);
      removed.push(key);
      removedOne();
    };
    try {
      const ownSeed = await seedWorkspace(own);
      await createIssue(own.db, ownSeed.project.id, { name: 'Seconds older' });
      const id = await exportHeldAtStoring(own, ownSeed, hold);
      // Meanwhile another worker took the job over, stored its file and recorded it.
      const theirs = exportFileKey(ownSeed.workspace.id, id, 2, 'csv');
      await put.call(storage, theirs, Buffer.from('the newer file\n'), { contentType: 'text/csv' });
      await own.db.query(
        `UPDATE export_jobs SET lease_owner = 'other-worker', attempts = 2, status = 'completed', progress = 100, file_key = $2, completed_at = now(), lease_expires_at = NULL WHERE id = $1`,
        [id, theirs],
      );
      release();
      await removal;
      assert.deepEqual(removed, [exportFileKey(ownSeed.workspace.id, id, 1, 'csv')], 'the late worker removes the file it stored');
      assert.equal(await storage.exists(removed[0]!), false);
      const download = await ownSeed.actors.admin.get(`${ownSeed.workspaceUrl}/exports/${id}/download`);
      assert.equal(download.status, 200, download.text);
      assert.equal(download.text, 'the newer file\n');
      assert.equal((await rowOf(id, own)).lease_owner, 'other-worker');
    } finally {
      restore();
      storage.delete = remove;
      await own.close();
    }
  });

  test('fails a job that lost its lease on every attempt, with a clear text', async () => {
    const own = await startServer({ ...WORKER, JOB_MAX_ATTEMPTS: '1' });
    try {
      const ownSeed = await seedWorkspace(own);
      const id = await leftByDeadProcess(own, ownSeed);
      const row = await rowWhen(id, own, (job) => job.status !== 'processing', 'ended');
      assert.equal(row.status, 'failed');
      assert.equal(row.error, EXPORT_INTERRUPTED);
      assert.equal(row.attempts, 1, 'not run again');
    } finally {
      await own.close();
    }
  });
});
