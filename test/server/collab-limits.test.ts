// The collaboration endpoint's limits and lifecycle on a server of its own: connection attempts
// per user, documents unloaded when idle (their changes since the last compaction kept apart),
// what stopping does, and the changes an editor missed, given apart after a restart.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import * as Y from 'yjs';
import { CloseCode, Message } from '../../src/collab/protocol.js';
import { loadConfig } from '../../src/server/config.js';
import { changeTyping, RawConnection, waitFor } from './collab-client.js';
import { seedWorkspace, startServer, type Seed, type TestServer } from './harness.js';

const ATTEMPTS = 4;
const COMPACT_AFTER = 3;

let server: TestServer;
let seed: Seed;
let name: string;

before(async () => {
  const defaults = loadConfig({}).collab;
  server = await startServer({}, { collab: { ...defaults, connectsPerUser: { max: ATTEMPTS, windowMs: 60_000 }, idleMs: 0, compactAfter: COMPACT_AFTER } });
  seed = await seedWorkspace(server);
  const issue = await seed.actors.admin.post(`${seed.projectUrl}/issues`, { name: 'Limits', description_html: '<p>Start</p>' });
  name = `issue-description:${issue.body.id}`;
});
after(() => server.close());

const rows = async () => (await server.db.one<{ count: number }>('SELECT count(*)::int AS count FROM collab_updates WHERE document = $1', [name])).count;

test('a user gets a limited number of connection attempts a minute; others are not held back', async () => {
  for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
    const connection = new RawConnection(server.url, name, { client: seed.actors.viewer });
    assert.equal(await connection.readOnly(), true, `attempt ${attempt}`);
    connection.close();
    await connection.closed;
  }
  const refused = new RawConnection(server.url, name, { client: seed.actors.viewer });
  const closed = await refused.closed;
  assert.equal(closed.code, CloseCode.rateLimited);
  assert.match(closed.reason, /^Too many connections\. Please try again in \d+ seconds\.$/);
  const other = new RawConnection(server.url, name, { client: seed.actors.guest });
  assert.equal(await other.readOnly(), true);
  other.close();
});

test('changes are compacted as they pile up, and a document nobody has open is unloaded with its later changes kept apart', async () => {
  const member = new RawConnection(server.url, name, { client: seed.actors.member });
  let doc = await member.sync();
  assert.equal(await rows(), 1, 'the seed');
  for (let change = 1; change <= COMPACT_AFTER + 1; change++) {
    const update = changeTyping(doc, `${change} `);
    Y.applyUpdate(doc, update);
    const from = member.received.length;
    member.send(Message.update, update);
    assert.equal((await member.message(Message.ack, from)).count, change);
  }
  // The seed and three changes became one row; the fourth change came after.
  await waitFor(async () => (await rows()) === 2, 'compaction after three changes', rows);
  member.close();
  await member.closed;
  await waitFor(async () => (await server.app.collab.hub.loaded()).length === 0, 'the idle document unloaded', () => server.app.collab.hub.loaded());
  // The fourth change stays a row of its own: an editor back from a dropped connection gets it apart.
  assert.equal(await rows(), 2);
  const again = new RawConnection(server.url, name, { client: seed.actors.member });
  doc = await again.sync();
  assert.match(doc.getXmlFragment('default').toString(), /4 3 2 1 Start/);
  again.close();
});

test('stopping tells connected editors to reconnect, and a new start serves what was stored', async () => {
  const member = new RawConnection(server.url, name, { client: seed.actors.member });
  await member.sync();
  const stopping = server.restart();
  assert.deepEqual(await member.closed, { code: CloseCode.goingAway, reason: 'The server is stopping; reconnecting.' });
  await stopping;
  const back = new RawConnection(server.url, name, { client: seed.actors.admin });
  assert.match((await back.sync()).getXmlFragment('default').toString(), /Start/);
  back.close();
});

test('after a restart, an editor back from a dropped connection gets the changes it missed one by one', async () => {
  const issue = await seed.actors.admin.post(`${seed.projectUrl}/issues`, { name: 'Restarted', description_html: '<p>Hello</p>' });
  const document = `issue-description:${issue.body.id}`;
  // What Ann's editor holds as her connection drops (a guest: the member's attempts this minute are spent).
  const ann = new RawConnection(server.url, document, { client: seed.actors.guest });
  const annDoc = await ann.sync();
  ann.close();
  await ann.closed;
  // Meanwhile a colleague types, then deletes a letter: two changes, the second one deleting.
  const colleague = new RawConnection(server.url, document, { client: seed.actors.admin });
  const doc = await colleague.sync();
  const typed = changeTyping(doc, 'A ');
  Y.applyUpdate(doc, typed);
  const paragraph = doc.getXmlFragment('default').get(0) as Y.XmlElement;
  const before = Y.encodeStateVector(doc);
  (paragraph.get(0) as Y.XmlText).delete(0, 1);
  const deleted = Y.encodeStateAsUpdate(doc, before);
  for (const [index, update] of [typed, deleted].entries()) {
    const from = colleague.received.length;
    colleague.send(Message.update, update);
    assert.equal((await colleague.message(Message.ack, from)).count, index + 1);
  }
  await server.restart();
  // Ann back: the two changes apart, as they were made, then the sync answer.
  const back = new RawConnection(server.url, document, { client: seed.actors.guest });
  assert.equal(await back.opened, 'open');
  back.send(Message.syncStep1, Y.encodeStateVector(annDoc));
  await back.message(Message.syncStep2);
  const answer = back.received.filter((message) => message.type === Message.remoteUpdate || message.type === Message.syncStep2);
  assert.deepEqual(answer.map((message) => message.type), [Message.remoteUpdate, Message.remoteUpdate, Message.syncStep2]);
  for (const message of answer) Y.applyUpdate(annDoc, message.payload);
  assert.match(annDoc.getXmlFragment('default').toString(), /> Hello</);
  back.close();
});
