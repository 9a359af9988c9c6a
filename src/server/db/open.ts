import { join } from 'node:path';
import type { Database } from './db.js';
import { migrate } from './migrate.js';
import { openPglite } from './pglite.js';
import { openPostgres } from './postgres.js';

/** Where and how to open the database. */
export interface DatabaseOptions {
  /** A PostgreSQL connection URL; without it, PGlite in `dataDir`. */
  databaseUrl: string | null;
  /** The server's data folder; PGlite keeps its files in its `pglite` subfolder. */
  dataDir: string;
  /** Hears about pooled PostgreSQL connections that drop while idle. */
  onIdleError?: (error: Error) => void;
}

/** The PGlite folder inside a data folder. */
export function pgliteDir(dataDir: string): string {
  return join(dataDir, 'pglite');
}

/** Opens the configured database and brings its schema up to date. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const db = options.databaseUrl
    ? await openPostgres(options.databaseUrl, options.onIdleError)
    : await openPglite(pgliteDir(options.dataDir));
  try {
    await migrate(db);
  } catch (error) {
    await db.close();
    throw error;
  }
  return db;
}
