// The collaboration websocket on the API server: who may connect to which document and how,
// what a refused or forged message does to the connection and the document, and access that
// ends while connected.
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import { Awareness, applyAwarenessUpdate, encodeAwarenessUpdate } from 'y-protocols/awareness';
import * as Y from 'yjs';
import type { CollabProvider } from '../../src/collab/provider.js';
import { CloseCode, encodeMessage, MAX_MESSAGE_BYTES, Message } from '../../src/collab/protocol.js';
import { Role } from '../../src/server/roles.js';
import { changeTyping, editorFor, RawConnection, typeInto, until, untilDoc } from './collab-client.js';
import { seedWorkspace, startServer, type Seed, type TestClient, type TestServer } from './harness.js';

let server: TestServer;
let seed: Seed;
let issueName: string;

const open: Array<RawConnection | CollabProvider> = [];

/** A raw connection, closed after the test. */
function connect(name: string, options: ConstructorParameters<typeof RawConnection>[2] = {}): RawConnection {
  const connection = new RawConnection(server.url, name, options);
  open.push(connection);
  return connection;
}

/** The editor's provider as `client`, destroyed after the test. */
function editor(client: TestClient, name: string): CollabProvider {
  const provider = editorFor(server.url, client, name);
  open.push(provider);
  return provider;
}

/** A document's stored log. */
async function log(name: string): Promise<Array<{ seq: number; update: Uint8Array }>> {
  return server.db.query('SELECT seq, update FROM collab_updates WHERE document = $1 ORDER BY seq', [name]);
}

/** The text a stored log holds. */
async function storedXml(name: string): Promise<string> {
  const doc = new Y.Doc();
  for (const row of await log(name)) Y.applyUpdate(doc, row.update);
  return doc.getXmlFragment('default').toString();
}

async function newIssue(description = '<p>Seeded text</p>'): Promise<string> {
  const issue = await seed.actors.admin.post(`${seed.projectUrl}/issues`, { name: 'Shared', description_html: description });
  assert.equal(issue.status, 201, issue.text);
  return `issue-description:${issue.body.id}`;
}

before(async () => {
  server = await startServer();
  seed = await seedWorkspace(server);
  issueName = await newIssue();
});
after(() => server.close());
afterEach(() => {
  for (const connection of open.splice(0)) {
    if (connection instanceof RawConnection) connection.close();
    else connection.destroy();
  }
});

describe('connecting', () => {
  test('a member connects with the session cookie, gets the stored description, and edits with another member', async () => {
    const name = await newIssue('<p>Seeded text</p>');
    const ann = editor(seed.actors.member, name);
    const bob = editor(seed.actors.admin, name);
    await until(ann, (s) => s.status === 'synced', 'the member synced');
    await until(bob, (s) => s.status === 'synced', 'the admin synced');
    assert.equal(ann.current.readOnly, false);
    assert.match(ann.fragment.toString(), /Seeded text/);
    typeInto(ann.doc, 'Hello. ');
    await until(ann, (s) => s.unsent === 0, 'the change acknowledged');
    // Acknowledged means stored.
    assert.match(await storedXml(name), /Hello\. Seeded text/);
    await untilDoc(bob.doc, (xml) => xml.includes('Hello. Seeded text'), "the member's change at the admin's");
    // Seeded once: one paragraph, not one per editor.
    assert.equal(ann.fragment.length, 1);
  });

  test('a page is a document of its own', async () => {
    const page = await seed.actors.member.post(`${seed.projectUrl}/pages`, { name: 'Notes', description_html: '<h1>Plan</h1>' });
    const doc = await connect(`page:${page.body.id}`, { client: seed.actors.member }).sync();
    assert.match(doc.getXmlFragment('default').toString(), /<heading[^>]*>Plan<\/heading>/);
  });

  test('without a session the connection is closed as unauthorized, and a plain GET is told to upgrade', async () => {
    const anonymous = connect(issueName);
    assert.equal(await anonymous.opened, 'open');
    assert.deepEqual(await anonymous.closed, { code: CloseCode.unauthorized, reason: 'Sign in to open this document.' });
    const plain = await seed.actors.member.get(`/api/collab/${issueName}`);
    assert.equal(plain.status, 426);
    assert.equal(plain.body.error, 'This address takes a websocket connection.');
  });

  test('a page on another origin is refused before the upgrade, with the cookie or without', async () => {
    for (const client of [seed.actors.member, undefined]) {
      const foreign = connect(issueName, { client, origin: 'https://evil.example' });
      assert.equal(await foreign.opened, 403);
    }
    // A client that is no browser sends no Origin, and cannot have been lured.
    assert.equal(await connect(issueName, { client: seed.actors.member, origin: null }).readOnly(), false);
  });

  test('a name that names nothing, or something the caller cannot open, answers alike', async () => {
    const reason = 'This document does not exist, or you cannot open it.';
    for (const name of ['issue-description:nope', 'comment:00000000-0000-4000-8000-000000000000', 'issue-description:00000000-0000-4000-8000-000000000000']) {
      assert.deepEqual(await connect(name, { client: seed.actors.member }).closed, { code: CloseCode.notFound, reason }, name);
    }
    assert.deepEqual(await connect(issueName, { client: seed.actors.nonMember }).closed, { code: CloseCode.notFound, reason });
    const secret = await seed.actors.admin.post(`${seed.projectUrl}/pages`, { name: 'Mine', access: 'private' });
    assert.deepEqual(await connect(`page:${secret.body.id}`, { client: seed.actors.member }).closed, { code: CloseCode.notFound, reason });
    assert.equal(await connect(`page:${secret.body.id}`, { client: seed.actors.admin }).readOnly(), false);
  });

  test('the name is read in one spelling: an upper-case id opens the same document', async () => {
    const upper = issueName.replace(/:(.*)$/, (_, id: string) => `:${id.toUpperCase()}`);
    const doc = await connect(upper, { client: seed.actors.member }).sync();
    assert.match(doc.getXmlFragment('default').toString(), /Seeded text/);
    assert.equal((await server.app.collab.hub.loaded()).filter((d) => d.name.toLowerCase() === issueName).length, 1);
  });
});

describe('read-only connections', () => {
  test('viewers and guests connect read-only and still appear to the others, with the name the server knows', async () => {
    for (const actor of ['viewer', 'guest'] as const) {
      const member = connect(issueName, { client: seed.actors.member });
      await member.sync();
      const reader = connect(issueName, { client: seed.actors[actor] });
      assert.equal(await reader.readOnly(), true, actor);
      const presence = new Y.Doc();
      const awareness = new Awareness(presence);
      awareness.setLocalStateField('user', { id: 'forged', name: 'Someone else' });
      const from = member.received.length;
      reader.send(Message.awareness, encodeAwarenessUpdate(awareness, [presence.clientID]));
      const seen = await member.message(Message.awareness, from);
      const theirs = new Awareness(new Y.Doc());
      applyAwarenessUpdate(theirs, seen.payload, 'test');
      const state = theirs.getStates().get(presence.clientID) as { user: { id: string; name: string } };
      assert.deepEqual(state.user, { id: seed.users[actor].id, name: actor });
      // An awareness checks for outdated states on an interval until destroyed.
      theirs.destroy();
      awareness.destroy();
      member.close();
      reader.close();
    }
  });

  test("a viewer's forged change closes its connection and leaves the document as it was", async () => {
    const viewer = connect(issueName, { client: seed.actors.viewer });
    const doc = await viewer.sync();
    const before = await log(issueName);
    viewer.send(Message.update, changeTyping(doc, 'Forged '));
    assert.deepEqual(await viewer.closed, { code: CloseCode.readOnly, reason: 'This connection may only read the document.' });
    assert.deepEqual(await log(issueName), before);
    const member = await connect(issueName, { client: seed.actors.member }).sync();
    assert.doesNotMatch(member.getXmlFragment('default').toString(), /Forged/);
  });

  test('an archived page is read-only, also for its owner', async () => {
    const page = await seed.actors.member.post(`${seed.projectUrl}/pages`, { name: 'Old' });
    assert.equal((await seed.actors.member.post(`${seed.projectUrl}/pages/${page.body.id}/archive`)).status, 200);
    assert.equal(await connect(`page:${page.body.id}`, { client: seed.actors.member }).readOnly(), true);
  });
});

describe('refused messages', () => {
  const cases: Array<[string, (doc: Y.Doc) => Uint8Array, number, RegExp]> = [
    ['a message that cannot be read', () => new Uint8Array([Message.update, 0xff, 0xff, 0xff]), CloseCode.invalid, /could not be read/],
    ['an update that cannot be read', () => encodeUpdate(new Uint8Array([1, 2, 3, 4, 5, 6])), CloseCode.invalid, /could not be read/],
    ['a change outside the schema', (doc) => encodeUpdate(changeAdding(doc, 'script')), CloseCode.invalid, /node "script"/],
    [`a message over ${MAX_MESSAGE_BYTES} bytes`, () => new Uint8Array(MAX_MESSAGE_BYTES + 1), CloseCode.tooLarge, new RegExp(`at most ${MAX_MESSAGE_BYTES} bytes`)],
  ];
  for (const [what, make, code, reason] of cases) {
    test(`${what} closes the connection (${code}) and the document stays as it was`, async () => {
      const member = connect(issueName, { client: seed.actors.member });
      const doc = await member.sync();
      const before = await log(issueName);
      member.sendBytes(make(doc));
      const closed = await member.closed;
      assert.equal(closed.code, code);
      assert.match(closed.reason, reason);
      assert.deepEqual(await log(issueName), before);
      const again = await connect(issueName, { client: seed.actors.member }).sync();
      assert.equal(again.getXmlFragment('default').toString(), doc.getXmlFragment('default').toString());
    });
  }

  test('a message far over the cap is cut off unread by the websocket layer (1009)', async () => {
    const member = connect(issueName, { client: seed.actors.member });
    await member.sync();
    member.sendBytes(new Uint8Array(4 * MAX_MESSAGE_BYTES + 1));
    assert.equal((await member.closed).code, 1009);
  });
});

describe('access that ends while connected', () => {
  test("removing a member from the project closes their connections to its documents at once, and they cannot reconnect", async () => {
    const extra = await joinedMember(Role.Member);
    const connection = connect(issueName, { client: extra.client });
    await connection.sync();
    const other = connect(issueName, { client: seed.actors.member });
    await other.sync();
    const removed = await seed.actors.admin.delete(`${seed.projectUrl}/members/${extra.id}`);
    assert.equal(removed.status, 204);
    assert.deepEqual(await connection.closed, { code: CloseCode.forbidden, reason: 'Your access to this document has ended.' });
    assert.equal((await connect(issueName, { client: extra.client }).closed).code, CloseCode.notFound);
    // Nobody else was touched.
    assert.equal(other.socket.readyState, other.socket.OPEN);
  });

  test('a member made viewer reconnects read-only', async () => {
    const extra = await joinedMember(Role.Member);
    const provider = editor(extra.client, issueName);
    await until(provider, (s) => s.status === 'synced' && !s.readOnly, 'synced, writable');
    const changed = await seed.actors.admin.patch(`${seed.projectUrl}/members/${extra.id}`, { role: Role.Viewer });
    assert.equal(changed.status, 200, changed.text);
    await until(provider, (s) => s.status === 'synced' && s.readOnly, 'synced again, read-only');
  });

  test('archiving an issue makes its description read-only for those editing it, and restoring writable again', async () => {
    const name = await newIssue();
    const issueUrl = `${seed.projectUrl}/issues/${name.slice('issue-description:'.length)}`;
    const provider = editor(seed.actors.member, name);
    await until(provider, (s) => s.status === 'synced' && !s.readOnly, 'synced, writable');
    assert.equal((await seed.actors.admin.post(`${issueUrl}/archive`)).status, 200);
    await until(provider, (s) => s.status === 'synced' && s.readOnly, 'synced again, read-only');
    assert.equal((await seed.actors.admin.post(`${issueUrl}/restore`)).status, 200);
    await until(provider, (s) => s.status === 'synced' && !s.readOnly, 'synced again, writable');
  });

  test('deleting a page closes its connections', async () => {
    const page = await seed.actors.member.post(`${seed.projectUrl}/pages`, { name: 'Doomed' });
    const connection = connect(`page:${page.body.id}`, { client: seed.actors.viewer });
    await connection.sync();
    assert.equal((await seed.actors.member.delete(`${seed.projectUrl}/pages/${page.body.id}`)).status, 204);
    assert.equal((await connection.closed).code, CloseCode.forbidden);
  });
});

describe('tokens for hosts on another origin', () => {
  test('a signed-in member gets a token for one document and connects with it, without the cookie', async () => {
    const answer = await seed.actors.member.post('/api/collab/token', { document: issueName });
    assert.equal(answer.status, 200, answer.text);
    assert.ok(Date.parse(answer.body.expires_at) - Date.now() <= 60_000);
    assert.equal(await connect(issueName, { token: answer.body.token }).readOnly(), false);
    // Another document, or a token changed by hand, opens nothing.
    const other = await newIssue();
    assert.equal((await connect(other, { token: answer.body.token }).closed).code, CloseCode.unauthorized);
    const forged = answer.body.token.replace(/.$/, (c: string) => (c === 'A' ? 'B' : 'A'));
    assert.equal((await connect(issueName, { token: forged }).closed).code, CloseCode.unauthorized);
  });

  test('no token for a document the caller cannot open, nor without a session', async () => {
    assert.equal((await seed.actors.nonMember.post('/api/collab/token', { document: issueName })).status, 404);
    assert.equal((await seed.actors.anonymous.post('/api/collab/token', { document: issueName })).status, 401);
    assert.equal((await seed.actors.member.post('/api/collab/token', { document: 'page:x' })).status, 404);
  });
});

/** A new user, member of the seed's workspace and project with `role`. */
async function joinedMember(role: number): Promise<{ client: TestClient; id: string }> {
  const client = server.client();
  const user = await client.signUp();
  assert.equal((await seed.actors.admin.post(`${seed.workspaceUrl}/members`, { email: user.email, role })).status, 201);
  assert.equal((await seed.actors.admin.post(`${seed.projectUrl}/members`, { user_id: user.id, role })).status, 201);
  return { client, id: user.id };
}

/** An UPDATE message carrying `update`. */
function encodeUpdate(update: Uint8Array): Uint8Array {
  return encodeMessage(Message.update, update);
}

/** A change that appends an element `nodeName` to `doc` (left unchanged). */
function changeAdding(doc: Y.Doc, nodeName: string): Uint8Array {
  const copy = new Y.Doc();
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc));
  const before = Y.encodeStateVector(copy);
  copy.getXmlFragment('default').push([new Y.XmlElement(nodeName)]);
  return Y.encodeStateAsUpdate(copy, before);
}
