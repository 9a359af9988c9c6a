import type { Db } from './db.js';
import { migrations as allMigrations, type Migration } from './migrations/index.js';

// Any constant will do, as long as nothing else takes the same advisory lock.
const MIGRATION_LOCK = 7_316_220_451;

/**
 * Brings the schema up to date: applies every migration not yet in schema_migrations, in order,
 * in one transaction (all or nothing). Two servers starting together on one PostgreSQL wait for
 * each other on an advisory lock. Returns the ids it applied.
 */
export async function migrate(db: Db, migrations: readonly Migration[] = allMigrations): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.exec(`
      CREATE TABLE IF NOT EXISTS schema_migrations (
        id text PRIMARY KEY,
        applied_at timestamptz NOT NULL DEFAULT now()
      )
    `);
    const applied = new Set((await tx.query<{ id: string }>('SELECT id FROM schema_migrations')).map((row) => row.id));
    const known = new Set(migrations.map((migration) => migration.id));
    const unknown = [...applied].filter((id) => !known.has(id));
    if (unknown.length) {
      throw new Error(`The database has migrations this server does not know (${unknown.join(', ')}): it was used by a newer version`);
    }
    const pending = migrations.filter((migration) => !applied.has(migration.id));
    for (const migration of pending) {
      await tx.exec(migration.sql);
      await tx.query('INSERT INTO schema_migrations (id) VALUES ($1)', [migration.id]);
    }
    return pending.map((migration) => migration.id);
  });
}
