import { mkdirSync } from 'node:fs';
import { PGlite, types, type Transaction } from '@electric-sql/pglite';
import type { ChangeHandlers, ChangeListener, Params, Row } from './db.js';
import { RootDatabase, type Runner } from './transaction-db.js';

function runnerFor(target: PGlite | Transaction): Runner {
  return {
    async rows(sql: string, params?: Params) {
      const result = await target.query<Row>(sql, params ? [...params] : undefined);
      return result.rows;
    },
    async script(sql: string) {
      await target.exec(sql);
    },
  };
}

/** PostgreSQL in-process (PGlite), kept in a folder on disk. */
class PgliteDatabase extends RootDatabase {
  readonly kind = 'pglite' as const;
  readonly #lite: PGlite;
  protected readonly runner: Runner;

  constructor(lite: PGlite) {
    super();
    this.#lite = lite;
    this.runner = runnerFor(lite);
  }

  protected withTransaction<T>(fn: (runner: Runner) => Promise<T>): Promise<T> {
    // PGlite has one connection: its transaction() holds a lock that queues every other query until it ends.
    return this.#lite.transaction((tx) => fn(runnerFor(tx)));
  }

  async listen(channel: string, handlers: ChangeHandlers): Promise<ChangeListener> {
    const lite = this.#lite;
    const unlisten = await lite.listen(channel, (payload) => handlers.message(payload));
    return {
      // PGlite hands a statement's notifications to listeners before the statement's promise
      // resolves: whatever committed before this call has been heard already.
      sync: () => Promise.resolve(),
      close: async () => {
        if (!lite.closed) await unlisten();
      },
    };
  }

  async close(): Promise<void> {
    if (!this.#lite.closed) await this.#lite.close();
  }
}

/** Opens (creating if needed) a PGlite database in `dataDir`. */
export async function openPglite(dataDir: string): Promise<RootDatabase> {
  mkdirSync(dataDir, { recursive: true });
  // Dates stay 'YYYY-MM-DD' strings: a Date would shift by the host's time zone.
  const lite = await PGlite.create(dataDir, { parsers: { [types.DATE]: (value: string) => value } });
  return new PgliteDatabase(lite);
}
