// Compacting shared documents on PostgreSQL, where several server processes share one log:
// compaction waits for a document's lock, and two processes compacting and appending to one
// document at once lose nothing. Each store has a connection pool of its own, as each process
// would. PostgreSQL only (npm test runs this file in its PostgreSQL pass).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import pg from 'pg';
import * as Y from 'yjs';
import { COLLAB_LOCK_CLASS, DatabaseCollabStore, LOCK_DOCUMENT_SQL } from '../../src/server/collab/database-store.js';
import type { Database } from '../../src/server/db/index.js';
import { openPostgres } from '../../src/server/db/postgres.js';
import { changeTyping, waitFor } from './collab-client.js';
import { createDatabase } from './harness.js';
import { NEEDS_POSTGRES } from './server-processes.js';

if (!process.env.DATABASE_URL) {
  test('compacting shared documents on PostgreSQL', () => {
    assert.fail(NEEDS_POSTGRES);
  });
} else {
  let database: { url: string; drop: () => Promise<void> };
  let one: Database;
  let two: Database;

  before(async () => {
    database = await createDatabase(process.env.DATABASE_URL!, { migrated: true });
    one = await openPostgres(database.url);
    two = await openPostgres(database.url);
  });
  after(async () => {
    await one?.close();
    await two?.close();
    await database?.drop();
  });

  const text = async (store: DatabaseCollabStore, name: string) => {
    const doc = new Y.Doc();
    for (const update of (await store.load(name)).updates) Y.applyUpdate(doc, update);
    return doc.getXmlFragment('default').toString();
  };

  test("compaction waits for the document's lock, held by another process", async () => {
    const store = new DatabaseCollabStore(one);
    const name = `page:${randomUUID()}`;
    const doc = new Y.Doc();
    let seq = 0;
    for (const word of ['a ', 'b ', 'c ']) {
      const update = changeTyping(doc, word);
      Y.applyUpdate(doc, update);
      seq = await store.append(name, [update]);
    }
    const holder = new pg.Client({ connectionString: database.url });
    await holder.connect();
    try {
      await holder.query('BEGIN');
      await holder.query(LOCK_DOCUMENT_SQL, [COLLAB_LOCK_CLASS, name]);
      let done = false;
      const compacting = store.compact(name, Y.encodeStateAsUpdate(doc), seq).then(() => (done = true));
      // The compaction's transaction is waiting on the advisory lock: nothing folded yet.
      const waiting = async () =>
        (await holder.query("SELECT 1 FROM pg_locks WHERE locktype = 'advisory' AND NOT granted AND classid = $1", [COLLAB_LOCK_CLASS])).rowCount === 1;
      await waitFor(waiting, 'the compaction waiting for the lock');
      assert.equal(done, false);
      assert.equal((await holder.query('SELECT 1 FROM collab_updates WHERE document = $1', [name])).rowCount, 3);
      await holder.query('COMMIT');
      await compacting;
    } finally {
      await holder.end();
    }
    assert.equal((await one.query('SELECT 1 FROM collab_updates WHERE document = $1', [name])).length, 1);
    assert.equal(await text(store, name), '<paragraph>c b a </paragraph>');
  });

  test('two processes appending and compacting one document at once lose nothing and duplicate nothing', async () => {
    const name = `issue-description:${randomUUID()}`;
    const first = new DatabaseCollabStore(one);
    const second = new DatabaseCollabStore(two);
    // Both start from one stored paragraph, then each types its own words, which the other never applies.
    const base = new Y.Doc();
    const start = changeTyping(base, 'start');
    Y.applyUpdate(base, start);
    await first.append(name, [start]);
    const docs = [first, second].map(() => {
      const doc = new Y.Doc();
      Y.applyUpdate(doc, start);
      return doc;
    });
    const rounds = 20;
    await Promise.all(
      [first, second].map(async (store, index) => {
        const doc = docs[index]!;
        for (let round = 0; round < rounds; round++) {
          const update = changeTyping(doc, index === 0 ? 'x' : 'y');
          Y.applyUpdate(doc, update);
          const seq = await store.append(name, [update]);
          if (round % 5 === 4) await store.compact(name, Y.encodeStateAsUpdate(doc), seq);
        }
      }),
    );
    const final = await text(first, name);
    assert.equal(final, await text(second, name));
    const typed = /^<paragraph>([xy]*)start<\/paragraph>$/.exec(final)?.[1] ?? '';
    assert.equal([...typed].filter((c) => c === 'x').length, rounds, final);
    assert.equal([...typed].filter((c) => c === 'y').length, rounds, final);
  });
}
