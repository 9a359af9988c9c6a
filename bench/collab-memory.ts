// The collaboration server's memory per loaded document, the time to load one, and how long a
// change takes to be stored (it is acknowledged only then), on the server's own store.
//
//   node --expose-gc --import tsx bench/collab-memory.ts [--db pglite|postgres]   (part of `npm run bench:collab`)
//
// PGlite in a temporary folder by default; `--db postgres` uses DATABASE_URL (a database it may
// write to; a test cluster started with fsync off says nothing about a durable commit's time). Documents are loaded into a CollabHub as the server loads them (one connection each,
// with a socket that drops what it is sent), and the heap is measured after a full collection.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import * as Y from 'yjs';
import { CollabHub, type CollabSocket } from '../src/collab/hub.js';
import { documentToUpdate } from '../src/collab/server.js';
import { schema } from '../src/core/schema/index.js';
import { DatabaseCollabStore } from '../src/server/collab/database-store.js';
import { migrate, type Database } from '../src/server/db/index.js';
import { openPglite } from '../src/server/db/pglite.js';
import { openPostgres } from '../src/server/db/postgres.js';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('Run with node --expose-gc');
const which = process.argv.includes('--db') ? process.argv[process.argv.indexOf('--db') + 1] : 'pglite';
const SMALL_DOCUMENTS = 200;
const LARGE_BLOCKS = 10_000;
const LARGE_DOCUMENTS = 3;
const APPENDS = 200;

const sentence = 'The quick brown fox jumps over the lazy dog, then writes it down. ';

/** A document of `blocks` paragraphs of about 70 characters. */
function documentOf(blocks: number) {
  return schema.node('doc', null, Array.from({ length: blocks }, (_, i) => schema.node('paragraph', null, [schema.text(`${i} ${sentence}`)])));
}

/** A socket that drops what it is sent and never closes by itself. */
function quietSocket(): CollabSocket {
  return { send() {}, close() {}, on: () => undefined, readyState: 1 } as unknown as CollabSocket;
}

function heap(): number {
  gc!();
  gc!();
  return process.memoryUsage().heapUsed;
}

async function loadAll(hub: CollabHub, names: readonly string[]): Promise<number> {
  const started = performance.now();
  for (const name of names) hub.connect(quietSocket(), name, { id: 'bench', name: 'Bench' });
  while ((await hub.loaded()).length < names.length) await new Promise((resolve) => setImmediate(resolve));
  return performance.now() - started;
}

const percentile = (values: number[], p: number) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor((values.length * p) / 100))]!;

async function main() {
  let db: Database;
  let folder: string | null = null;
  if (which === 'postgres') {
    if (!process.env.DATABASE_URL) throw new Error('--db postgres needs DATABASE_URL');
    db = await openPostgres(process.env.DATABASE_URL);
  } else {
    folder = mkdtempSync(join(tmpdir(), 'rich-editor-collab-bench-'));
    db = await openPglite(join(folder, 'pglite'));
  }
  try {
    await migrate(db);
    const store = new DatabaseCollabStore(db);
    const run = Date.now().toString(36);
    const small = Array.from({ length: SMALL_DOCUMENTS }, (_, i) => `page:bench-${run}-small-${i}`);
    const large = Array.from({ length: LARGE_DOCUMENTS }, (_, i) => `page:bench-${run}-large-${i}`);
    const smallUpdate = documentToUpdate(documentOf(1));
    const largeUpdate = documentToUpdate(documentOf(LARGE_BLOCKS));
    for (const name of small) await store.append(name, [smallUpdate]);
    for (const name of large) await store.append(name, [largeUpdate]);

    // Stored change latency: one small change a time, as the hub stores them.
    const doc = new Y.Doc();
    Y.applyUpdate(doc, smallUpdate);
    const appendMs: number[] = [];
    for (let i = 0; i < APPENDS; i++) {
      const before = Y.encodeStateVector(doc);
      ((doc.getXmlFragment('default').get(0) as Y.XmlElement).get(0) as Y.XmlText).insert(0, 'x');
      const update = Y.encodeStateAsUpdate(doc, before);
      const started = performance.now();
      await store.append(small[0]!, [update]);
      appendMs.push(performance.now() - started);
    }

    const hub = new CollabHub({ schema, store, idleMs: 3_600_000, compactAfter: 1_000_000, log: () => {} });
    const base = heap();
    const smallMs = await loadAll(hub, small);
    const afterSmall = heap();
    const largeMs = await loadAll(hub, large);
    const afterLarge = heap();
    const result = {
      database: db.kind,
      appendMs: { p50: +percentile(appendMs, 50).toFixed(2), p95: +percentile(appendMs, 95).toFixed(2), max: +Math.max(...appendMs).toFixed(2) },
      smallDocument: { kilobytesEach: Math.round((afterSmall - base) / SMALL_DOCUMENTS / 1024), loadMsEach: +(smallMs / SMALL_DOCUMENTS).toFixed(2) },
      largeDocument: {
        blocks: LARGE_BLOCKS,
        storedKilobytes: Math.round(largeUpdate.byteLength / 1024),
        megabytesEach: +((afterLarge - afterSmall) / LARGE_DOCUMENTS / 1024 / 1024).toFixed(1),
        loadMsEach: Math.round(largeMs / LARGE_DOCUMENTS),
      },
    };
    console.log(JSON.stringify(result, null, 2));
    await hub.close();
    await db.query("DELETE FROM collab_updates WHERE document LIKE 'page:bench-%'");
  } finally {
    await db.close();
    if (folder) rmSync(folder, { recursive: true, force: true });
  }
}

await main();
