/**
 * The collaboration hub's store in the server's own database (PGlite or PostgreSQL): each shared
 * document an append-only log of Yjs updates (migration 0011, `collab_updates`). An append
 * resolves once its statement has committed, so a change acknowledged to an editor survives the
 * process being killed; compaction folds a document's rows into one under an advisory lock.
 */
import * as Y from 'yjs';
import type { CollabStore } from '../../collab/hub.js';
import type { Db } from '../db/index.js';

/**
 * The first key of the advisory lock a document is compacted (and seeded) under; the second is
 * `hashtext(document)`. Two-key locks live apart from one-key ones (the migration lock), and two
 * names that share a hash only take turns, which is harmless.
 */
export const COLLAB_LOCK_CLASS = 731_622;

/** The statement that takes a document's lock until the transaction ends. */
export const LOCK_DOCUMENT_SQL = 'SELECT pg_advisory_xact_lock($1, hashtext($2))';

/** Makes a document's first change from what is stored elsewhere (an issue's description), or null for an empty document. */
export type DocumentSeed = (db: Db, name: string) => Promise<Uint8Array | null>;

interface UpdateRow {
  seq: number;
  update: Uint8Array;
}

/** Told which log rows a process has: those it loaded, and those it appended. */
export interface LogObserver {
  rows(name: string, seqs: readonly number[], loaded: boolean): void;
}

/** A CollabStore on the server's database; `seed` starts a document that has no log yet (once, under its lock). */
export class DatabaseCollabStore implements CollabStore {
  constructor(
    private readonly db: Db,
    private readonly seed: DocumentSeed | null = null,
    private readonly observer: LogObserver | null = null,
  ) {}

  async load(name: string): Promise<{ updates: Uint8Array[]; seq: number }> {
    let rows = await this.rows(this.db, name);
    if (rows.length === 0 && this.seed) {
      const seed = this.seed;
      rows = await this.db.transaction(async (tx) => {
        await tx.query(LOCK_DOCUMENT_SQL, [COLLAB_LOCK_CLASS, name]);
        // Another process may have started it while this one waited for the lock.
        const found = await this.rows(tx, name);
        if (found.length) return found;
        const first = await seed(tx, name);
        if (!first) return [];
        return tx.query<UpdateRow>('INSERT INTO collab_updates (document, update) VALUES ($1, $2) RETURNING seq, update', [name, first]);
      });
    }
    this.observer?.rows(name, rows.map((row) => row.seq), true);
    return { updates: rows.map((row) => row.update), seq: rows.at(-1)?.seq ?? 0 };
  }

  async append(name: string, updates: readonly Uint8Array[]): Promise<number> {
    if (updates.length === 0) throw new RangeError('append needs at least one update');
    // One statement, committed on its own: durable (and visible to every process) when it resolves.
    const values = updates.map((_, index) => `($1, $${index + 2})`).join(', ');
    const rows = await this.db.query<{ seq: number }>(`INSERT INTO collab_updates (document, update) VALUES ${values} RETURNING seq`, [name, ...updates]);
    this.observer?.rows(name, rows.map((row) => row.seq), false);
    return Math.max(...rows.map((row) => row.seq));
  }

  /**
   * Folds the rows up to `seq` into one, under the document's lock. The new row holds `state`
   * merged with every row it replaces, so rows this process never applied (another process's,
   * on PostgreSQL) are kept in it rather than lost; rows after `seq` stay as they are. The new
   * row takes the next number, after those rows.
   */
  async compact(name: string, state: Uint8Array, seq: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      await tx.query(LOCK_DOCUMENT_SQL, [COLLAB_LOCK_CLASS, name]);
      const replaced = await tx.query<UpdateRow>('DELETE FROM collab_updates WHERE document = $1 AND seq <= $2 RETURNING seq, update', [name, seq]);
      if (replaced.length === 0) return;
      const doc = new Y.Doc({ gc: true });
      try {
        Y.transact(doc, () => {
          Y.applyUpdate(doc, state);
          for (const row of replaced.sort((a, b) => a.seq - b.seq)) Y.applyUpdate(doc, row.update);
        });
        // A new number (migration 0012): other processes see a row they have not applied.
        await tx.query('INSERT INTO collab_updates (document, update) VALUES ($1, $2)', [name, Y.encodeStateAsUpdate(doc)]);
      } finally {
        doc.destroy();
      }
    });
  }

  private rows(db: Db, name: string): Promise<UpdateRow[]> {
    return db.query<UpdateRow>('SELECT seq, update FROM collab_updates WHERE document = $1 ORDER BY seq', [name]);
  }
}
