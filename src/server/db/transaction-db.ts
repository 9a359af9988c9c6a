import { AsyncLocalStorage } from 'node:async_hooks';
import type { ChangeHandlers, ChangeListener, Database, DatabaseKind, Db, Params, Row } from './db.js';

/** What a back-end provides: one-statement queries and parameterless scripts on one connection or pool. */
export interface Runner {
  /** Runs one statement and returns its rows. */
  rows(sql: string, params?: Params): Promise<Row[]>;
  /** Runs a script of statements without parameters. */
  script(sql: string): Promise<void>;
}

function exactlyOne<T>(rows: T[], sql: string): T {
  if (rows.length !== 1) throw new Error(`Expected one row, got ${rows.length}: ${sql.trim().slice(0, 80)}`);
  return rows[0]!;
}

function atMostOne<T>(rows: T[], sql: string): T | null {
  if (rows.length > 1) throw new Error(`Expected at most one row, got ${rows.length}: ${sql.trim().slice(0, 80)}`);
  return rows[0] ?? null;
}

/** A Db bound to one open transaction; a nested transaction() is a savepoint. */
export class TransactionDb implements Db {
  readonly #runner: Runner;
  readonly #depth: number;
  #open = true;

  constructor(runner: Runner, depth = 0) {
    this.#runner = runner;
    this.#depth = depth;
  }

  /** Marks the transaction as finished: a tx kept past its callback fails loudly instead of running outside it. */
  end(): void {
    this.#open = false;
  }

  #check(): void {
    if (!this.#open) throw new Error('This transaction has already ended');
  }

  async query<T = Row>(sql: string, params?: Params): Promise<T[]> {
    this.#check();
    return (await this.#runner.rows(sql, params)) as T[];
  }

  async one<T = Row>(sql: string, params?: Params): Promise<T> {
    return exactlyOne(await this.query<T>(sql, params), sql);
  }

  async maybeOne<T = Row>(sql: string, params?: Params): Promise<T | null> {
    return atMostOne(await this.query<T>(sql, params), sql);
  }

  async exec(sql: string): Promise<void> {
    this.#check();
    await this.#runner.script(sql);
  }

  async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    this.#check();
    const savepoint = `savepoint_${this.#depth + 1}`;
    await this.#runner.script(`SAVEPOINT ${savepoint}`);
    const nested = new TransactionDb(this.#runner, this.#depth + 1);
    try {
      const result = await fn(nested);
      await this.#runner.script(`RELEASE SAVEPOINT ${savepoint}`);
      return result;
    } catch (error) {
      await this.#runner.script(`ROLLBACK TO SAVEPOINT ${savepoint}`);
      throw error;
    } finally {
      nested.end();
    }
  }
}

/**
 * The root databases whose transaction callback the running code is in. A root query from inside
 * its own database's callback would run outside the transaction (node-postgres) or wait forever
 * for it (PGlite's single connection), so it throws. One storage for every database: each
 * AsyncLocalStorage a process has used stays in Node's list for good and adds work to every
 * promise the process makes (one per database made a worker of the server's tests spend a
 * seventh of its time there).
 */
const inTransactionOf = new AsyncLocalStorage<readonly RootDatabase[]>();

/** The shared half of a back-end: helpers, and a guard against using the root Db inside its own transaction. */
export abstract class RootDatabase implements Database {
  abstract readonly kind: DatabaseKind;

  /** Runs statements outside any transaction. */
  protected abstract readonly runner: Runner;
  /** Opens a transaction, gives `fn` a runner bound to it, commits or rolls back. */
  protected abstract withTransaction<T>(fn: (runner: Runner) => Promise<T>): Promise<T>;
  abstract close(): Promise<void>;
  abstract listen(channel: string, handlers: ChangeHandlers, name?: string): Promise<ChangeListener>;

  #check(): void {
    if (inTransactionOf.getStore()?.includes(this)) {
      throw new Error('Inside transaction(), query through the tx it gives, not the root Db');
    }
  }

  async query<T = Row>(sql: string, params?: Params): Promise<T[]> {
    this.#check();
    return (await this.runner.rows(sql, params)) as T[];
  }

  async one<T = Row>(sql: string, params?: Params): Promise<T> {
    return exactlyOne(await this.query<T>(sql, params), sql);
  }

  async maybeOne<T = Row>(sql: string, params?: Params): Promise<T | null> {
    return atMostOne(await this.query<T>(sql, params), sql);
  }

  async exec(sql: string): Promise<void> {
    this.#check();
    await this.runner.script(sql);
  }

  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
    this.#check();
    return inTransactionOf.run([...(inTransactionOf.getStore() ?? []), this], () =>
      this.withTransaction(async (runner) => {
        const tx = new TransactionDb(runner);
        try {
          return await fn(tx);
        } finally {
          tx.end();
        }
      }),
    );
  }
}
