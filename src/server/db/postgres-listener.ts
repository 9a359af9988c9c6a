import pg from 'pg';
import type { ChangeHandlers, ChangeListener } from './db.js';

const RETRY_FIRST_MS = 500;
const RETRY_MAX_MS = 15_000;
// A message this process sends itself to learn that everything committed before it has arrived.
const SYNC_PREFIX = '~sync:';
/** The listening connection's application_name. */
export const LISTENER_NAME = 'rich-editor change listener';
// A sync not heard back within this time means the connection is gone without saying so.
const SYNC_TIMEOUT_MS = 5_000;

/**
 * LISTEN on a connection of its own (a pooled one would be handed to other queries), kept open:
 * when it drops, `lost` is called and it reconnects with growing pauses until it can LISTEN
 * again (`restored`).
 */
class PostgresListener implements ChangeListener {
  readonly #url: string;
  readonly #channel: string;
  readonly #handlers: ChangeHandlers;
  readonly #onError: (error: Error) => void;
  readonly #name: string;
  #client: pg.Client | null = null;
  #closed = false;
  #retryMs = RETRY_FIRST_MS;
  #retryTimer: NodeJS.Timeout | null = null;
  #syncCount = 0;
  // Callers waiting for the sync in flight, and those who came after it was sent.
  #inFlight: { token: string; waiters: (() => void)[]; timer: NodeJS.Timeout } | null = null;
  #queued: (() => void)[] = [];

  constructor(url: string, channel: string, handlers: ChangeHandlers, onError: (error: Error) => void, name: string) {
    this.#url = url;
    this.#name = name;
    this.#channel = channel;
    this.#handlers = handlers;
    this.#onError = onError;
  }

  /** Connects and listens; throws when the first attempt fails. */
  async connect(): Promise<void> {
    // Named, so an operator (or a test) can tell it in pg_stat_activity.
    const client = new pg.Client({ connectionString: this.#url, application_name: this.#name });
    client.on('notification', (message) => {
      if (message.channel !== this.#channel) return;
      const payload = message.payload ?? '';
      if (payload.startsWith(SYNC_PREFIX)) this.#synced(payload);
      else this.#handlers.message(payload);
    });
    // 'error' (the server went away) is followed by 'end'; either way this connection is done.
    client.on('error', (error) => this.#onError(error));
    client.on('end', () => this.#dropped(client));
    await client.connect();
    try {
      await client.query(`LISTEN ${pg.escapeIdentifier(this.#channel)}`);
    } catch (error) {
      await client.end().catch(() => {});
      throw error;
    }
    this.#client = client;
    this.#retryMs = RETRY_FIRST_MS;
  }

  #dropped(client: pg.Client): void {
    if (this.#client !== client) return;
    this.#client = null;
    this.#releaseAll();
    if (this.#closed) return;
    this.#handlers.lost();
    this.#scheduleRetry();
  }

  #scheduleRetry(): void {
    this.#retryTimer = setTimeout(() => {
      this.#retryTimer = null;
      if (this.#closed) return;
      this.connect().then(
        () => {
          if (this.#closed) void this.#client?.end();
          else this.#handlers.restored();
        },
        (error: Error) => {
          this.#onError(error);
          this.#retryMs = Math.min(this.#retryMs * 2, RETRY_MAX_MS);
          this.#scheduleRetry();
        },
      );
    }, this.#retryMs);
    this.#retryTimer.unref();
  }

  sync(): Promise<void> {
    if (!this.#client) return Promise.resolve();
    return new Promise((resolve) => {
      this.#queued.push(resolve);
      if (!this.#inFlight) this.#sendSync();
    });
  }

  // Notifications reach listeners in commit order, so once this process hears its own message,
  // it has heard every message committed before the message was sent.
  #sendSync(): void {
    const client = this.#client;
    if (!client) return this.#releaseAll();
    const token = `${SYNC_PREFIX}${process.pid}:${++this.#syncCount}`;
    const timer = setTimeout(() => {
      if (this.#inFlight?.token !== token) return;
      this.#onError(new Error(`The database change listener did not hear itself within ${SYNC_TIMEOUT_MS} ms; reconnecting`));
      // Dropped as a lost connection: nothing kept is served until it listens again.
      this.#dropped(client);
      void client.end().catch(() => {});
    }, SYNC_TIMEOUT_MS);
    timer.unref();
    this.#inFlight = { token, waiters: this.#queued, timer };
    this.#queued = [];
    client.query('SELECT pg_notify($1, $2)', [this.#channel, token]).catch((error: Error) => {
      // Whether a message was missed is unknown: everything kept is dropped before anyone goes on.
      this.#onError(error);
      this.#handlers.lost();
      this.#releaseAll();
      if (this.#client === client) this.#handlers.restored();
    });
  }

  #synced(token: string): void {
    if (this.#inFlight?.token !== token) return;
    const { waiters, timer } = this.#inFlight;
    clearTimeout(timer);
    this.#inFlight = null;
    for (const resolve of waiters) resolve();
    if (this.#queued.length) this.#sendSync();
  }

  #releaseAll(): void {
    if (this.#inFlight) clearTimeout(this.#inFlight.timer);
    const waiters = [...(this.#inFlight?.waiters ?? []), ...this.#queued];
    this.#inFlight = null;
    this.#queued = [];
    for (const resolve of waiters) resolve();
  }

  async close(): Promise<void> {
    this.#closed = true;
    if (this.#retryTimer) clearTimeout(this.#retryTimer);
    const client = this.#client;
    this.#client = null;
    this.#releaseAll();
    await client?.end().catch(() => {});
  }
}

/** Listens on `channel` of the PostgreSQL server at `url` (see Database.listen). */
export async function listenPostgres(
  url: string,
  channel: string,
  handlers: ChangeHandlers,
  onError: (error: Error) => void,
  name = LISTENER_NAME,
): Promise<ChangeListener> {
  const listener = new PostgresListener(url, channel, handlers, onError, name);
  await listener.connect();
  return listener;
}
