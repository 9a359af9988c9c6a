import type { FastifyBaseLogger } from 'fastify';
import type { JobQueueConfig, WebhookConfig } from '../config.js';
import type { Db } from '../db/index.js';
import type { JobSignals } from '../jobs/job-signals.js';
import { LeaseQueue, newWorkerId, type Claimed } from '../jobs/lease-queue.js';
import { startLeaseWorker } from '../jobs/lease-worker.js';
import { sendDelivery } from './send.js';
import { TargetRefused, type Resolver } from './target.js';

/** The error of a delivery whose server stopped mid-try on every attempt it was given. */
export const DELIVERY_INTERRUPTED = 'The server stopped while sending this delivery on every try.';

/** The error of a delivery whose webhook was turned off before it was sent. */
export const WEBHOOK_TURNED_OFF = 'The webhook was turned off before this delivery was sent.';

/** The longest wait between two tries. */
const MAX_BACKOFF_MS = 3_600_000;

/** Deliveries one process sends at once (a slow receiver holds one of them, never the others all). */
const CONCURRENCY = 4;

/** The exponential backoff: `baseMs` before the first retry, doubled for each one after, at most an hour. */
export function backoffMs(baseMs: number, attempt: number): number {
  return Math.min(MAX_BACKOFF_MS, baseMs * 2 ** Math.max(0, attempt - 1));
}

/** Hooks tests replace. */
export interface WebhookWorkerOptions {
  /** How names are resolved to addresses (node:dns by default). */
  resolve?: Resolver;
  /** The wait before retry `attempt` + 1, in milliseconds (WEBHOOK_RETRY_BASE_MS's exponential backoff by default). */
  backoff?: (attempt: number) => number;
  /** What tells the worker of deliveries queued by any process (see jobs/job-signals.ts). */
  signals?: JobSignals;
}

/** The running worker. */
export interface WebhookWorker {
  /** Looks for due deliveries now rather than at the next poll. */
  wake(): void;
  /** Stops taking deliveries, cuts the tries in flight (they are tried again later) and waits for them. */
  close(): Promise<void>;
}

interface ClaimedDelivery {
  webhook_id: string;
  event: string;
  action: string;
  data: unknown;
}

interface Target {
  url: string;
  secret: string;
  is_active: boolean;
  workspace_id: string;
  workspace_slug: string;
}

/**
 * Starts this process's webhook worker: it claims due deliveries from the durable queue (see
 * jobs/lease-queue.ts; every process on the database shares it) when one is queued or falls due
 * (jobs/lease-worker.ts), up to CONCURRENCY at once, POSTs each (webhooks/send.ts) and records the outcome: delivered on
 * a 2xx; else queued again after the backoff while attempts remain, failed after the last one (or
 * at once for a private target, which will not change). The lease outlasts one try's timeout, so
 * a try is never taken over while it runs; a process that died mid-try has its delivery tried
 * again by any worker once the lease expired.
 */
export function startWebhookWorker(db: Db, jobs: JobQueueConfig, config: WebhookConfig, log: FastifyBaseLogger, options: WebhookWorkerOptions = {}): WebhookWorker {
  const queue = new LeaseQueue({
    table: 'webhook_deliveries',
    workerId: newWorkerId(),
    leaseMs: jobs.leaseMs + config.timeoutMs,
    maxAttempts: config.maxAttempts,
    notBefore: 'next_attempt_at',
  });
  const backoff = options.backoff ?? ((attempt: number) => backoffMs(config.retryBaseMs, attempt));
  const stopping = new AbortController();

  async function deliver(job: Claimed<ClaimedDelivery>): Promise<void> {
    const target = await db.maybeOne<Target>(
      `SELECT w.url, w.secret, w.is_active, ws.id AS workspace_id, ws.slug AS workspace_slug
         FROM webhooks w JOIN workspaces ws ON ws.id = w.workspace_id WHERE w.id = $1`,
      [job.webhook_id],
    );
    // Gone with its webhook (the row cascades) between claim and here.
    if (!target) return;
    const fail = (error: string, status: number | null = null) =>
      queue.updateLeased(db, job.id, `status = 'failed', last_error = $3, response_status = $4, last_attempt_at = now(), lease_expires_at = NULL`, [error, status]);
    if (!target.is_active) {
      await fail(WEBHOOK_TURNED_OFF);
      return;
    }
    const body = JSON.stringify({
      event: job.event,
      action: job.action,
      workspace: { id: target.workspace_id, slug: target.workspace_slug },
      data: job.data,
      delivered_at: new Date().toISOString(),
    });
    let result;
    try {
      result = await sendDelivery({
        url: target.url,
        body,
        secret: target.secret,
        deliveryId: job.id,
        event: job.event,
        timeoutMs: config.timeoutMs,
        allowPrivate: config.allowPrivate,
        signal: stopping.signal,
        resolve: options.resolve,
      });
    } catch (error) {
      if (error instanceof TargetRefused) {
        await fail(error.message);
        return;
      }
      result = { status: null, error: `Could not reach the receiver (${error instanceof Error ? error.message : String(error)}).` };
    }
    if (!result.error) {
      await queue.updateLeased(db, job.id, `status = 'delivered', response_status = $3, last_error = NULL, last_attempt_at = now(), lease_expires_at = NULL`, [result.status]);
      return;
    }
    if (stopping.signal.aborted) {
      // Cut by the server stopping: due again at once, on this try's attempt count.
      await queue.updateLeased(db, job.id, `status = 'queued', attempts = attempts - 1, last_error = $3, lease_owner = NULL, lease_expires_at = NULL, next_attempt_at = now()`, [result.error]);
      return;
    }
    if (job.attempts >= config.maxAttempts) {
      await fail(result.error, result.status);
      return;
    }
    const delay = Math.max(0, Math.round(backoff(job.attempts)));
    await queue.updateLeased(
      db,
      job.id,
      `status = 'queued', response_status = $3, last_error = $4, last_attempt_at = now(), lease_owner = NULL, lease_expires_at = NULL,
       next_attempt_at = now() + $5::integer * interval '1 millisecond'`,
      [result.status, result.error, delay],
    );
  }

  const worker = startLeaseWorker<ClaimedDelivery>({
    db,
    queue,
    signals: options.signals,
    pollMs: jobs.pollMs,
    log,
    name: 'webhook delivery',
    concurrency: CONCURRENCY,
    // The lease outlasts a try and its timeout: a try is never taken over while it runs.
    renew: false,
    claim: { returning: 'webhook_id, event, action, data' },
    abandoned: { set: `status = 'failed', last_error = $2, lease_expires_at = NULL`, params: [DELIVERY_INTERRUPTED] },
    run: deliver,
  });

  return {
    wake: worker.wake,
    async close() {
      const closing = worker.close();
      // Cuts the tries in flight: each is queued again, due at once, on its attempt count.
      stopping.abort();
      await closing;
    },
  };
}
