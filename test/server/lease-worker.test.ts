// When a lease worker looks for jobs (jobs/lease-worker.ts), with a queue, job signals and timers
// of the test's own: told by the signals, at the earliest due time, every JOB_POLL_MS only while it
// cannot hear, and never otherwise.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import type { FastifyBaseLogger } from 'fastify';
import type { ChangeHandlers, Database } from '../../src/server/db/index.js';
import { JobSignals } from '../../src/server/jobs/job-signals.js';
import { LeaseQueue, type Claimed } from '../../src/server/jobs/lease-queue.js';
import { DUE_AGAIN_MIN_MS, IDLE_LOOK_MAX_MS, startLeaseWorker, type LeaseWorker } from '../../src/server/jobs/lease-worker.js';
import { FakeTimers } from './fake-timers.js';

const POLL_MS = 1_000;

/** A queue whose jobs are the test's: `waiting` are claimed in order, `dueMs` is what nextDueMs answers. */
class FakeQueue extends LeaseQueue {
  waiting: string[] = [];
  dueMs: number | null = null;
  failing: Error | null = null;
  /** The statements a look sent, in order, by name. */
  readonly sent: string[] = [];

  constructor() {
    super({ table: 'test_jobs', workerId: 'test-worker', leaseMs: 60_000, maxAttempts: 3 });
  }

  override async failAbandoned(): Promise<string[]> {
    this.sent.push('failAbandoned');
    if (this.failing) throw this.failing;
    return [];
  }

  override async claim<T extends object>(): Promise<Claimed<T> | null> {
    this.sent.push('claim');
    const id = this.waiting.shift();
    return id ? ({ id, attempts: 1 } as Claimed<T>) : null;
  }

  override async nextDueMs(): Promise<number | null> {
    this.sent.push('nextDueMs');
    return this.waiting.length ? 0 : this.dueMs;
  }
}

/** A database whose only use here is the job listener: the test calls its handlers. */
function listeningDatabase(): { db: Database; heard: () => ChangeHandlers } {
  let handlers: ChangeHandlers | null = null;
  const db = {
    kind: 'pglite',
    async listen(_channel: string, given: ChangeHandlers) {
      handlers = given;
      return { sync: async () => {}, close: async () => {} };
    },
  } as unknown as Database;
  return { db, heard: () => handlers! };
}

const log = { warn() {}, error() {}, info() {} } as unknown as FastifyBaseLogger;

interface Setup {
  queue: FakeQueue;
  timers: FakeTimers;
  worker: LeaseWorker;
  ran: string[];
  /** The listener's handlers (with signals). */
  heard: () => ChangeHandlers;
  /** Finishes the running job `id`. */
  finish(id: string): void;
}

/** A worker on a FakeQueue with fake timers; with `signals`, told by JobSignals on a fake listener. */
async function setUp({ signals = true, concurrency = 1 } = {}): Promise<Setup> {
  const queue = new FakeQueue();
  const timers = new FakeTimers();
  const { db, heard } = listeningDatabase();
  const jobSignals = new JobSignals();
  if (signals) await jobSignals.start(db, log);
  const ran: string[] = [];
  const ends = new Map<string, () => void>();
  const worker = startLeaseWorker({
    db,
    queue,
    signals: signals ? jobSignals : undefined,
    pollMs: POLL_MS,
    timers,
    log,
    name: 'test',
    concurrency,
    claim: { returning: 'id' },
    abandoned: { set: "status = 'failed'", params: [] },
    run: (job) => {
      ran.push(job.id);
      return new Promise<void>((resolve) => ends.set(job.id, resolve));
    },
  });
  return { queue, timers, worker, ran, heard, finish: (id) => ends.get(id)!() };
}

/** Lets the worker's look (its setImmediate and its awaited statements) run to its end. */
async function settled(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
}

test('an idle worker that hears the signals looks once at start and then only in an hour, as a bound', async () => {
  const { queue, timers, worker } = await setUp();
  await settled();
  assert.deepEqual(queue.sent, ['failAbandoned', 'claim', 'nextDueMs']);
  assert.deepEqual(timers.delays, [IDLE_LOOK_MAX_MS]);
  await worker.close();
  assert.deepEqual(timers.delays, [], 'closing clears the next look');
});

test("a signal for its table makes it look at once and take the job; another table's signal does not", async () => {
  const { queue, ran, heard, worker, timers, finish } = await setUp();
  await settled();
  queue.sent.length = 0;
  heard().message('other_jobs');
  await settled();
  assert.deepEqual(queue.sent, [], "another table's job is not its concern");
  queue.waiting.push('job-1');
  heard().message('test_jobs');
  await settled();
  assert.deepEqual(ran, ['job-1']);
  assert.deepEqual(timers.delays, [], 'with its one slot taken it waits for the job to end');
  finish('job-1');
  await worker.close();
});

test('a job due later (a retry, a lease running out) is looked for when it falls due', async () => {
  const { queue, timers, ran, worker, finish } = await setUp();
  queue.dueMs = 5_000.2;
  await settled();
  assert.deepEqual(timers.delays, [5_001]);
  queue.waiting.push('retry');
  timers.fire();
  await settled();
  assert.deepEqual(ran, ['retry']);
  // The job ends: the worker looks again at once, and with nothing left waits for the hour's bound.
  queue.dueMs = null;
  finish('retry');
  await settled();
  assert.deepEqual(timers.delays, [IDLE_LOOK_MAX_MS]);
  await worker.close();
});

test('a job due now that it could not claim (another worker was taking it) is looked at again shortly, not in a loop', async () => {
  const { queue, timers, worker } = await setUp();
  queue.dueMs = -20;
  await settled();
  assert.deepEqual(timers.delays, [DUE_AGAIN_MIN_MS]);
  await worker.close();
});

test('while the listener is lost it looks every JOB_POLL_MS, and once it is back only when told or due', async () => {
  const { queue, timers, heard, worker } = await setUp();
  await settled();
  queue.sent.length = 0;
  heard().lost();
  await settled();
  assert.deepEqual(queue.sent, ['failAbandoned', 'claim', 'nextDueMs'], 'it looks at once: a job may have come unheard');
  assert.deepEqual(timers.delays, [POLL_MS]);
  queue.dueMs = 300;
  timers.fire();
  await settled();
  assert.deepEqual(timers.delays, [300], 'a job due sooner than the poll is looked for then');
  queue.dueMs = null;
  heard().restored();
  await settled();
  assert.deepEqual(timers.delays, [IDLE_LOOK_MAX_MS]);
  await worker.close();
});

test('without signals it looks every JOB_POLL_MS', async () => {
  const { queue, timers, worker } = await setUp({ signals: false });
  await settled();
  assert.deepEqual(timers.delays, [POLL_MS]);
  queue.dueMs = 60_000;
  timers.fire();
  await settled();
  assert.deepEqual(timers.delays, [POLL_MS]);
  await worker.close();
});

test('a look that fails (the database unreachable) is tried again after JOB_POLL_MS', async () => {
  const { queue, timers, worker, finish } = await setUp();
  await settled();
  queue.failing = new Error('connection refused');
  timers.fire();
  await settled();
  assert.deepEqual(timers.delays, [POLL_MS]);
  queue.failing = null;
  queue.waiting.push('after');
  timers.fire();
  await settled();
  assert.deepEqual(queue.waiting, [], 'the next look claims');
  finish('after');
  await worker.close();
});

test('woken while it works out its next look, it looks again at once', async () => {
  const { queue, heard, ran, worker, finish } = await setUp({ concurrency: 2 });
  await settled();
  // A job comes while the look that found nothing is still asking for the next due time.
  const nextDueMs = queue.nextDueMs.bind(queue);
  let signalled = false;
  queue.nextDueMs = async () => {
    if (!signalled) {
      signalled = true;
      queue.waiting.push('late');
      heard().message('test_jobs');
      // The wake's turn comes while this question is still unanswered.
      await new Promise((resolve) => setImmediate(resolve));
    }
    return nextDueMs();
  };
  heard().message('test_jobs');
  await settled();
  await settled();
  assert.deepEqual(ran, ['late']);
  finish('late');
  await worker.close();
});
