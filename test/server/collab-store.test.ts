// The shared documents' log in the server's database (PGlite, or PostgreSQL with DATABASE_URL):
// appends in order, compaction that loses nothing, a first change made once.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import * as Y from 'yjs';
import { DatabaseCollabStore } from '../../src/server/collab/database-store.js';
import type { Db } from '../../src/server/db/index.js';
import { changeTyping } from './collab-client.js';
import { startServer, type TestServer } from './harness.js';

let server: TestServer;

before(async () => {
  server = await startServer();
});
after(() => server.close());

/** A document's text from a list of updates. */
function textOf(updates: readonly Uint8Array[]): string {
  const doc = new Y.Doc();
  for (const update of updates) Y.applyUpdate(doc, update);
  return doc.getXmlFragment('default').toString();
}

/** `count` updates typing "1 ", "2 "… in turn into one document; answers the document and its updates. */
function typing(count: number, doc = new Y.Doc()): { doc: Y.Doc; updates: Uint8Array[] } {
  const updates: Uint8Array[] = [];
  for (let i = 1; i <= count; i++) {
    const update = changeTyping(doc, `${i} `);
    Y.applyUpdate(doc, update);
    updates.push(update);
  }
  return { doc, updates };
}

const documentName = () => `page:${randomUUID()}`;

test('appends keep their order and answer the last sequence number; a new document is empty', async () => {
  const store = new DatabaseCollabStore(server.db);
  const name = documentName();
  assert.deepEqual(await store.load(name), { updates: [], seq: 0 });
  const { updates } = typing(3);
  const first = await store.append(name, updates.slice(0, 2));
  const second = await store.append(name, updates.slice(2));
  assert.ok(second > first);
  const loaded = await store.load(name);
  assert.equal(loaded.seq, second);
  assert.deepEqual(loaded.updates.map((update) => [...update]), updates.map((update) => [...update]));
  await assert.rejects(store.append(name, []), RangeError);
});

test('compaction folds the rows up to a number into one, keeps later rows, and keeps rows the state never had', async () => {
  const store = new DatabaseCollabStore(server.db);
  const name = documentName();
  const mine = typing(2);
  const seq = await store.append(name, mine.updates);
  // Another process's change (it loaded the same document), stored before the compaction's number, that this state lacks.
  const other = new Y.Doc();
  Y.applyUpdate(other, Y.encodeStateAsUpdate(mine.doc));
  const theirSeq = await store.append(name, [changeTyping(other, 'theirs ')]);
  const later = changeTyping(mine.doc, 'later ');
  Y.applyUpdate(mine.doc, later);
  const laterSeq = await store.append(name, [later]);
  await store.compact(name, Y.encodeStateAsUpdate(mine.doc), theirSeq);
  const rows = await server.db.query<{ seq: number }>('SELECT seq FROM collab_updates WHERE document = $1 ORDER BY seq', [name]);
  // The folded row takes a new number (other processes see a row they have not applied), after the later one.
  assert.equal(rows.length, 2);
  assert.equal(rows[0]!.seq, laterSeq);
  assert.ok(rows[1]!.seq > laterSeq);
  assert.ok(seq < theirSeq);
  const text = textOf((await store.load(name)).updates);
  assert.match(text, /^<paragraph>(later theirs|theirs later) 2 1 <\/paragraph>$/);
  // Compacting again up to a number already folded changes nothing.
  await store.compact(name, Y.encodeStateAsUpdate(mine.doc), theirSeq);
  assert.equal(textOf((await store.load(name)).updates), text);
});

test('a document without a log starts from its seed once, however many loads race for it', async () => {
  const name = documentName();
  let seeded = 0;
  const seed = async (_db: Db, seedName: string) => {
    assert.equal(seedName, name);
    seeded++;
    return typing(1).updates[0]!;
  };
  const stores = [new DatabaseCollabStore(server.db, seed), new DatabaseCollabStore(server.db, seed), new DatabaseCollabStore(server.db, seed)];
  const loads = await Promise.all(stores.map((store) => store.load(name)));
  assert.equal(seeded, 1);
  for (const loaded of loads) assert.equal(textOf(loaded.updates), textOf(loads[0]!.updates));
  assert.equal((await server.db.query('SELECT 1 FROM collab_updates WHERE document = $1', [name])).length, 1);
  // Nothing to seed from: the document starts empty, and nothing is stored.
  const empty = new DatabaseCollabStore(server.db, async () => null);
  assert.deepEqual(await empty.load(documentName()), { updates: [], seq: 0 });
});

test("deleting a page deletes its document's log", async () => {
  const page = await server.db.one<{ id: string }>(
    `WITH w AS (INSERT INTO workspaces (name, slug) VALUES ('W', $1) RETURNING id),
          p AS (INSERT INTO projects (workspace_id, name, identifier) SELECT id, 'P', 'PRJ' FROM w RETURNING id)
     INSERT INTO pages (project_id) SELECT id FROM p RETURNING id`,
    [`w-${randomUUID().slice(0, 8)}`],
  );
  const store = new DatabaseCollabStore(server.db);
  await store.append(`page:${page.id}`, typing(1).updates);
  await server.db.query('DELETE FROM pages WHERE id = $1', [page.id]);
  assert.deepEqual(await store.load(`page:${page.id}`), { updates: [], seq: 0 });
});
