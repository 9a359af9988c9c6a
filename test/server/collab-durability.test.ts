// A change acknowledged to an editor survives the server process being killed (SIGKILL: no
// shutdown, nothing flushed), and the editor that kept typing meanwhile catches up after the
// restart without any block doubled. A real server process (the server npm start runs, see
// serverCommand) on PGlite in a data folder, or on a new database of DATABASE_URL's server.
import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, test } from 'node:test';
import * as Y from 'yjs';
import type { CollabProvider } from '../../src/collab/provider.js';
import { pgliteDir } from '../../src/server/db/open.js';
import { openPglite } from '../../src/server/db/pglite.js';
import { openPostgres } from '../../src/server/db/postgres.js';
import { editorFor, typeInto, until, untilDoc } from './collab-client.js';
import { createDatabase, TestClient } from './harness.js';
import { copyMigratedPglite } from './pglite-template.js';
import { startProcess, type ServerProcess } from './server-processes.js';

/** Long enough for a restarted process to compile and listen on a loaded machine, and the editor's backoff after it. */
const RESTART_WAIT_MS = 60_000;

const cleanups: Array<() => Promise<unknown>> = [];
after(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

test('an acknowledged change survives kill -9, and the editor catches up after the restart with nothing doubled', { timeout: 300_000 }, async () => {
  const dataDir = await mkdtemp(join(tmpdir(), 'rich-editor-collab-kill-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  const database = process.env.DATABASE_URL ? await createDatabase(process.env.DATABASE_URL, { migrated: true }) : null;
  if (database) cleanups.push(() => database.drop());
  else await copyMigratedPglite(pgliteDir(dataDir));
  const base: NodeJS.ProcessEnv = {
    PATH: process.env.PATH,
    HOME: process.env.HOME,
    NODE_ENV: 'test',
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    ...(database ? { DATABASE_URL: database.url } : {}),
    SESSION_SECRET: randomBytes(32).toString('base64url'),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
  };
  const start = async (port: number) => {
    const started = await startProcess({ ...base, PORT: String(port) });
    cleanups.push(() => started.kill('SIGKILL'));
    return started;
  };
  let server: ServerProcess = await start(0);
  const port = Number(new URL(server.url).port);
  const url = server.url;

  const client = new TestClient({ url });
  await client.signUp();
  const slug = `kill-${randomBytes(4).toString('hex')}`;
  assert.equal((await client.post('/api/workspaces', { name: 'Kill', slug })).status, 201);
  const project = await client.post(`/api/workspaces/${slug}/projects`, { name: 'Kill', identifier: 'KILL' });
  const issue = await client.post(`/api/workspaces/${slug}/projects/${project.body.id}/issues`, { name: 'Durable', description_html: '<p>Seed</p>' });
  assert.equal(issue.status, 201, issue.text);
  const name = `issue-description:${issue.body.id}`;

  /** The document as its stored log holds it, read straight from the database (the server is down). */
  const storedXml = async (document: string) => {
    const db = database ? await openPostgres(database.url) : await openPglite(pgliteDir(dataDir));
    try {
      const doc = new Y.Doc();
      for (const row of await db.query<{ update: Uint8Array }>('SELECT update FROM collab_updates WHERE document = $1 ORDER BY seq', [document])) Y.applyUpdate(doc, row.update);
      return doc.getXmlFragment('default').toString();
    } finally {
      await db.close();
    }
  };

  const providers: CollabProvider[] = [];
  cleanups.push(async () => providers.forEach((provider) => provider.destroy()));
  const ann = editorFor(url, client, name);
  providers.push(ann);
  await until(ann, (s) => s.status === 'synced', 'synced');
  typeInto(ann.doc, 'Kept ');
  await until(ann, (s) => s.unsent === 0, 'the change acknowledged');

  await server.kill('SIGKILL');
  // What the dead process left in the database, read before any editor can send anything again.
  assert.equal(await storedXml(name), '<paragraph>Kept Seed</paragraph>');
  await until(ann, (s) => s.status === 'offline', 'offline');
  typeInto(ann.doc, 'Offline ');
  assert.equal(ann.current.unsent, 1);

  // The same address, as a restarted server behind a proxy would be.
  server = await start(port);
  await until(ann, (s) => s.status === 'synced' && s.unsent === 0, 'reconnected and caught up', RESTART_WAIT_MS);

  const bob = editorFor(url, client, name);
  providers.push(bob);
  await until(bob, (s) => s.status === 'synced', 'a new editor synced');
  const xml = await untilDoc(bob.doc, (text) => text.includes('Offline'), 'the offline change at the new editor');
  assert.equal(xml, '<paragraph>Offline Kept Seed</paragraph>');
  assert.equal(ann.fragment.toString(), xml);
  await server.kill('SIGTERM');
});
