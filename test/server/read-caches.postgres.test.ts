// What a server keeps in memory when its change listener's connection is lost: nothing kept is
// served until it listens again. PostgreSQL only (npm test runs this file in its PostgreSQL pass;
// PGlite's listener is in-process and cannot be cut).
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import pg from 'pg';
import { LISTENER_NAME } from '../../src/server/db/postgres-listener.js';
import { COUNTED_SERVER_ENV, seedWorkspace, startServer, statementsDuring, type Seed, type TestServer } from './harness.js';
import { NEEDS_POSTGRES } from './server-processes.js';

if (!process.env.DATABASE_URL) {
  test('a server whose change listener is cut', () => {
    assert.fail(NEEDS_POSTGRES);
  });
} else {
  let server: TestServer;
  let seed: Seed;
  let issueId: string;

  before(async () => {
    server = await startServer(COUNTED_SERVER_ENV);
    seed = await seedWorkspace(server);
    const issue = await seed.actors.admin.post(`${seed.projectUrl}/issues`, { name: 'Before the cut' });
    assert.equal(issue.status, 201, issue.text);
    issueId = issue.body.id;
  });
  after(() => server?.close());

  /** Runs `sql` on a connection of its own, as another process would. */
  async function elsewhere(sql: string, params: unknown[] = []): Promise<pg.QueryResult> {
    const client = new pg.Client({ connectionString: server.config.databaseUrl! });
    await client.connect();
    try {
      return await client.query(sql, params);
    } finally {
      await client.end();
    }
  }

  const listedName = async () => (await seed.actors.viewer.get(`${seed.projectUrl}/issues`)).body[0].name;

  test('a server whose change listener is cut serves nothing it kept, and keeps again once it listens again', async () => {
    assert.equal(await listedName(), 'Before the cut');
    assert.equal((await statementsDuring(server, listedName)).length, 0, 'the list is kept');
    // Cut the listening connection, then change the issue where this server cannot hear it.
    const cut = await elsewhere(
      'SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1',
      [LISTENER_NAME],
    );
    assert.equal(cut.rowCount, 1, 'one listening connection');
    await elsewhere('UPDATE issues SET name = $2 WHERE id = $1', [issueId, 'After the cut']);
    // Until it listens again, every read goes to the database.
    const deadline = Date.now() + 20_000;
    assert.equal(await listedName(), 'After the cut');
    // It listens again (after 0.5 s or more) and keeps the list again.
    let kept = false;
    while (!kept && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 200));
      await listedName();
      kept = (await statementsDuring(server, listedName)).length === 0;
    }
    assert.ok(kept, 'the list is kept again once the server listens again');
    // And changes are heard again.
    await elsewhere('UPDATE issues SET name = $2 WHERE id = $1', [issueId, 'Heard again']);
    const until = Date.now() + 2_000;
    let name = await listedName();
    while (name !== 'Heard again' && Date.now() < until) name = await listedName();
    assert.equal(name, 'Heard again');
  });
}
