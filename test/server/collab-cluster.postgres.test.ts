// Editing together on two server processes on one PostgreSQL, as instances behind a load
// balancer: each applies the changes the other stores (LISTEN/NOTIFY pointing at the shared log,
// and a slow poll that heals a missed notice), access that ends on one closes connections on
// the other, and killing one mid-typing loses no acknowledged change. PostgreSQL only.
import assert from 'node:assert/strict';
import { after, afterEach, before, test } from 'node:test';
import * as Y from 'yjs';
import type { CollabProvider } from '../../src/collab/provider.js';
import { CloseCode } from '../../src/collab/protocol.js';
import { changeTyping, editorFor, RawConnection, typeInto, until, untilDoc } from './collab-client.js';
import { seedWorkspace, type Seed, type TestClient, type TestServer } from './harness.js';
import { NEEDS_POSTGRES, startCluster, type ServerCluster, type ServerProcess } from './server-processes.js';

if (!process.env.DATABASE_URL) {
  test('editing together on several server processes', () => {
    assert.fail(NEEDS_POSTGRES);
  });
} else {
  let cluster: ServerCluster;
  let seed: Seed;
  const open: Array<CollabProvider | RawConnection> = [];

  before(async () => {
    // A short poll, so the test of a missed notice does not wait long; notices arrive sooner.
    cluster = await startCluster(2, { COLLAB_POLL_MS: '1000' });
    seed = await seedWorkspace(cluster.servers[0] as unknown as TestServer);
  });
  after(() => cluster?.close());
  afterEach(() => {
    for (const item of open.splice(0)) {
      if (item instanceof RawConnection) item.close();
      else item.destroy();
    }
  });

  /** An editor of `name` on `server`, as `client` (the same browser, whichever process answers). */
  const editor = (server: ServerProcess, client: TestClient, name: string) => {
    const provider = editorFor(server.url, client.on(server), name);
    open.push(provider);
    return provider;
  };

  const newPage = async (text: string) => {
    const page = await seed.actors.member.post(`${seed.projectUrl}/pages`, { name: 'Shared', description_html: `<p>${text}</p>` });
    assert.equal(page.status, 201, page.text);
    return `page:${page.body.id}`;
  };

  test('a user on each process edits the same page, and both see both edits', async () => {
    const [one, two] = cluster.servers as [ServerProcess, ServerProcess];
    const name = await newPage('Start');
    const ann = editor(one, seed.actors.member, name);
    const bob = editor(two, seed.actors.admin, name);
    await until(ann, (s) => s.status === 'synced', 'ann synced');
    await until(bob, (s) => s.status === 'synced', 'bob synced');
    typeInto(ann.doc, 'Ann ');
    typeInto(bob.doc, 'Bob ');
    const both = (xml: string) => xml.includes('Ann') && xml.includes('Bob');
    const seen = await untilDoc(ann.doc, both, "bob's edit at ann's");
    assert.equal(await untilDoc(bob.doc, both, "ann's edit at bob's"), seen);
    assert.match(seen, /^<paragraph>(Ann Bob |Bob Ann )Start<\/paragraph>$/);
    await until(ann, (s) => s.unsent === 0, "ann's edit stored");
    await until(bob, (s) => s.unsent === 0, "bob's edit stored");
  });

  test('a change whose notice was missed arrives with the next poll', async () => {
    const two = cluster.servers[1]!;
    const name = await newPage('Quiet');
    const ann = editor(two, seed.actors.member, name);
    await until(ann, (s) => s.status === 'synced', 'synced');
    // Stored as another process would, without its notice (triggers off for this session).
    const client = await cluster.db.connect();
    try {
      await client.query('SET session_replication_role = replica');
      const stored = new Y.Doc();
      Y.applyUpdate(stored, Y.encodeStateAsUpdate(ann.doc));
      await client.query('INSERT INTO collab_updates (document, update) VALUES ($1, $2)', [name, changeTyping(stored, 'Unannounced ')]);
      await client.query('RESET session_replication_role');
    } finally {
      client.release();
    }
    await untilDoc(ann.doc, (xml) => xml.includes('Unannounced Quiet'), 'the unannounced change at the editor');
  });

  test('removing a member on one process closes their connection on the other', async () => {
    const [one, two] = cluster.servers as [ServerProcess, ServerProcess];
    const name = await newPage('Private matters');
    const viewer = new RawConnection(two.url, name, { client: seed.actors.viewer.on(two) });
    open.push(viewer);
    await viewer.sync();
    const removed = await seed.actors.admin.on(one).delete(`${seed.projectUrl}/members/${seed.users.viewer.id}`);
    assert.ok(removed.status === 204 || removed.status === 200, removed.text);
    const closed = await viewer.closed;
    assert.equal(closed.code, CloseCode.forbidden);
  });

  test('one process killed with kill -9 mid-typing loses no acknowledged change', { timeout: 120_000 }, async () => {
    const [one, two] = cluster.servers as [ServerProcess, ServerProcess];
    const name = await newPage('Base');
    const ann = editor(one, seed.actors.member, name);
    const bob = editor(two, seed.actors.admin, name);
    await until(ann, (s) => s.status === 'synced', 'ann synced');
    await until(bob, (s) => s.status === 'synced', 'bob synced');
    // Ann types a word per acknowledgement for a while, then keeps typing as the process dies.
    const acked: string[] = [];
    for (let word = 0; word < 10; word++) {
      typeInto(ann.doc, `w${word} `);
      await until(ann, (s) => s.unsent === 0, `word ${word} acknowledged`);
      acked.push(`w${word}`);
    }
    for (let word = 10; word < 20; word++) typeInto(ann.doc, `w${word} `);
    await one.kill('SIGKILL');
    // Everything acknowledged is at bob's, on the other process, and in a new editor there (a reconnect).
    const hasAcked = (xml: string) => acked.every((word) => xml.includes(`${word} `));
    await untilDoc(bob.doc, hasAcked, 'every acknowledged word at bob');
    const carol = editor(two, seed.actors.member, name);
    await until(carol, (s) => s.status === 'synced', 'a new editor on the living process synced');
    assert.ok(hasAcked(carol.fragment.toString()), carol.fragment.toString());
    assert.match(carol.fragment.toString(), /Base<\/paragraph>$/);
  });
}
