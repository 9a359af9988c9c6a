/** A row as the database returns it: column name to parsed value. */
export type Row = Record<string, unknown>;

/** Statement parameters, bound to `$1`, `$2`… in order. */
export type Params = readonly unknown[];

/**
 * The query layer every route uses, the same on PGlite and on a PostgreSQL server.
 * Values come back parsed the same way on both: int8 as number, date as 'YYYY-MM-DD',
 * timestamptz as Date, json/jsonb as objects. Pass jsonb parameters as
 * `JSON.stringify(value)` (node-postgres would turn a JS array into a PostgreSQL array).
 */
export interface Db {
  /** Runs one statement and returns its rows (empty for statements without RETURNING). */
  query<T = Row>(sql: string, params?: Params): Promise<T[]>;
  /** Runs one statement that must return exactly one row, and returns it. */
  one<T = Row>(sql: string, params?: Params): Promise<T>;
  /** Runs one statement that returns at most one row; null when it returns none. */
  maybeOne<T = Row>(sql: string, params?: Params): Promise<T | null>;
  /**
   * Runs `fn` in a transaction and commits when it resolves, rolls back when it throws.
   * Inside, use only the `tx` it is given; called on a `tx`, it nests as a savepoint.
   */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>;
  /** Runs a script of several statements without parameters (migrations, test setup). */
  exec(sql: string): Promise<void>;
}

/** The back-end a database runs on. */
export type DatabaseKind = 'pglite' | 'postgres';

/** What a change listener hears (see `Database.listen`). */
export interface ChangeHandlers {
  /** A message sent on the channel by a committed transaction (of any process). */
  message(payload: string): void;
  /**
   * The listener lost its connection: messages may be missed until `restored`. Anything kept
   * because no message said otherwise must be dropped now.
   */
  lost(): void;
  /** Listening again after `lost`: messages are heard again from now on. */
  restored(): void;
}

/** A running change listener. */
export interface ChangeListener {
  /**
   * Resolves once every message of the transactions committed before the call has been handed
   * to `message` (immediately when listening is down: `lost` was called).
   */
  sync(): Promise<void>;
  /** Stops listening. */
  close(): Promise<void>;
}

/** An open database: a Db that can be closed. */
export interface Database extends Db {
  /** Which back-end this is. */
  readonly kind: DatabaseKind;
  /**
   * Hears the messages sent with `pg_notify(channel, …)` by every process on this database, in
   * commit order; resolves once listening. On PostgreSQL the listening connection is named
   * `name` in pg_stat_activity (LISTENER_NAME by default).
   */
  listen(channel: string, handlers: ChangeHandlers, name?: string): Promise<ChangeListener>;
  /** Waits for running work and releases the connection(s) and files. */
  close(): Promise<void>;
}
