import pg from 'pg';
import type { ChangeHandlers, ChangeListener, Params, Row } from './db.js';
import { listenPostgres } from './postgres-listener.js';
import { RootDatabase, type Runner } from './transaction-db.js';

const INT8 = 20;
const DATE = 1082;

// Per pool, not pg.types.setTypeParser: that would change every pool in the process.
// Parsed as PGlite parses them, so both back-ends hand routes the same values.
const typeParsers = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8) return (value: string) => Number(value);
    if (oid === DATE) return (value: string) => value;
    return pg.types.getTypeParser(oid, format);
  },
} as pg.CustomTypesConfig;

function runnerFor(target: pg.Pool | pg.PoolClient): Runner {
  return {
    async rows(sql: string, params?: Params) {
      const result = await target.query<Row>(sql, params ? [...params] : undefined);
      return result.rows;
    },
    async script(sql: string) {
      // Without parameters node-postgres uses the simple protocol, which accepts several statements.
      await target.query(sql);
    },
  };
}

/** A PostgreSQL server reached through a node-postgres pool. */
class PostgresDatabase extends RootDatabase {
  readonly kind = 'postgres' as const;
  readonly #pool: pg.Pool;
  readonly #url: string;
  readonly #onConnectionError: (error: Error) => void;
  protected readonly runner: Runner;

  constructor(pool: pg.Pool, url: string, onConnectionError: (error: Error) => void) {
    super();
    this.#pool = pool;
    this.#url = url;
    this.#onConnectionError = onConnectionError;
    this.runner = runnerFor(pool);
  }

  listen(channel: string, handlers: ChangeHandlers, name?: string): Promise<ChangeListener> {
    return listenPostgres(this.#url, channel, handlers, this.#onConnectionError, name);
  }

  protected async withTransaction<T>(fn: (runner: Runner) => Promise<T>): Promise<T> {
    const client = await this.#pool.connect();
    let broken = false;
    try {
      await client.query('BEGIN');
      const result = await fn(runnerFor(client));
      await client.query('COMMIT');
      return result;
    } catch (error) {
      try {
        await client.query('ROLLBACK');
      } catch {
        broken = true;
      }
      throw error;
    } finally {
      // A connection that could not roll back is dropped rather than handed to the next request.
      client.release(broken);
    }
  }

  async close(): Promise<void> {
    if (!this.#pool.ended) await this.#pool.end();
  }
}

/** Connects to the PostgreSQL server at `url`; `onIdleError` hears about connections that drop while idle. */
export async function openPostgres(url: string, onIdleError: (error: Error) => void = () => {}): Promise<RootDatabase> {
  const pool = new pg.Pool({ connectionString: url, types: typeParsers, max: 10 });
  // Without a listener, an idle connection that drops would crash the process.
  pool.on('error', onIdleError);
  const database = new PostgresDatabase(pool, url, onIdleError);
  try {
    await database.query('SELECT 1');
  } catch (error) {
    await database.close();
    throw error;
  }
  return database;
}
