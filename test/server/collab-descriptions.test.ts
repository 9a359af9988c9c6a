// The tracker's plain descriptions and pages follow their shared documents: the stored copy (REST
// API, search, exports, activity) is derived after a pause in the editors' changes and when the
// document leaves memory; a REST save of a document edited together goes through the shared
// document and reaches its editors; a document never opened is saved as before. The pause runs
// on a fake clock: time moves only when a test says so.
import assert from 'node:assert/strict';
import { after, afterEach, before, describe, test } from 'node:test';
import * as Y from 'yjs';
import type { CollabProvider } from '../../src/collab/provider.js';
import { DERIVE_DELAY_MS, DERIVE_MAX_WAIT_MS } from '../../src/server/collab/derived-copies.js';
import { installFakeClock, type FakeClock } from '../helpers/fake-clock.js';
import { changeTyping, editorFor, typeInto, until, untilDoc, waitFor } from './collab-client.js';
import { seedWorkspace, startServer, type Seed, type TestClient, type TestServer } from './harness.js';

let server: TestServer;
let seed: Seed;
let clock: FakeClock;
const open: CollabProvider[] = [];

before(async () => {
  clock = installFakeClock();
  // Documents nobody has open leave memory at once, so unloading is tested without waiting.
  server = await startServer({ COLLAB_IDLE_MS: '0' }, {}, { collabTimers: clock });
  seed = await seedWorkspace(server);
});
after(async () => {
  await server.close();
  clock.uninstall();
});
afterEach(() => {
  for (const provider of open.splice(0)) provider.destroy();
});

function editor(client: TestClient, name: string): CollabProvider {
  const provider = editorFor(server.url, client, name);
  open.push(provider);
  return provider;
}

async function newIssue(description = '<p>Seeded text</p>'): Promise<{ id: string; name: string; url: string }> {
  const issue = await seed.actors.admin.post(`${seed.projectUrl}/issues`, { name: 'Shared', description_html: description });
  assert.equal(issue.status, 201, issue.text);
  return { id: issue.body.id, name: `issue-description:${issue.body.id}`, url: `${seed.projectUrl}/issues/${issue.body.id}` };
}

/** The description as the REST API answers it. */
async function restDescription(url: string): Promise<{ description_html: string; version: number }> {
  const answer = await seed.actors.member.get(`${url}/description`);
  assert.equal(answer.status, 200, answer.text);
  return answer.body;
}

/** The text the stored log of a document holds. */
async function storedXml(name: string): Promise<string> {
  const doc = new Y.Doc();
  for (const row of await server.db.query<{ update: Uint8Array }>('SELECT update FROM collab_updates WHERE document = $1 ORDER BY seq', [name])) Y.applyUpdate(doc, row.update);
  return doc.getXmlFragment('default').toString();
}

/** Moves the fake clock past the pause and waits for the copies it started. */
async function afterThePause(): Promise<void> {
  clock.tick(DERIVE_DELAY_MS);
  await server.app.collab.copies.settled();
}

describe('the stored description follows the shared document', () => {
  test('after the pause in the changes, the REST API, the version and the activity feed show the editors\' text', async () => {
    const issue = await newIssue();
    const ann = editor(seed.actors.member, issue.name);
    await until(ann, (s) => s.status === 'synced', 'synced');
    typeInto(ann.doc, 'Typed together. ');
    await until(ann, (s) => s.unsent === 0, 'the change acknowledged');
    // Not yet: the pause has not passed.
    clock.tick(DERIVE_DELAY_MS - 1);
    await server.app.collab.copies.settled();
    assert.deepEqual(await restDescription(issue.url), { description_html: '<p>Seeded text</p>', version: 1 });
    await afterThePause();
    assert.deepEqual(await restDescription(issue.url), { description_html: '<p>Typed together. Seeded text</p>', version: 2 });
    const activity = await seed.actors.member.get(`${issue.url}/activities`);
    const row = (activity.body as Array<{ field: string; actor: { id: string } | null }>).find((entry) => entry.field === 'description');
    assert.ok(row, activity.text);
    assert.equal(row.actor?.id, seed.users.member.id);
    // Nothing changed since: another pause saves nothing new.
    await afterThePause();
    assert.equal((await restDescription(issue.url)).version, 2);
  });

  test('while someone types without pausing, the copy is saved at the latest DERIVE_MAX_WAIT_MS after the first change', async () => {
    const issue = await newIssue();
    const ann = editor(seed.actors.member, issue.name);
    await until(ann, (s) => s.status === 'synced', 'synced');
    // A change just before each pause would end: the pause never comes.
    const step = DERIVE_DELAY_MS - 1;
    let waited = 0;
    let i = 0;
    for (; waited + step < DERIVE_MAX_WAIT_MS; i++) {
      typeInto(ann.doc, `${i} `);
      await until(ann, (s) => s.unsent === 0, 'the change acknowledged');
      clock.tick(step);
      waited += step;
      await server.app.collab.copies.settled();
      assert.equal((await restDescription(issue.url)).version, 1, `not saved after ${waited} ms`);
    }
    typeInto(ann.doc, `${i} `);
    await until(ann, (s) => s.unsent === 0, 'the last change acknowledged');
    // At the deadline, with the last pause still running: saved all the same.
    clock.tick(DERIVE_MAX_WAIT_MS - waited);
    await server.app.collab.copies.settled();
    const saved = await restDescription(issue.url);
    assert.equal(saved.version, 2);
    assert.equal(saved.description_html, '<p>5 4 3 2 1 0 Seeded text</p>');
  });

  test('a copy of the issue made before the pause is over has the words typed a moment ago', async () => {
    const issue = await newIssue();
    const ann = editor(seed.actors.member, issue.name);
    await until(ann, (s) => s.status === 'synced', 'synced');
    typeInto(ann.doc, 'Just typed. ');
    await until(ann, (s) => s.unsent === 0, 'the change acknowledged');
    // The pause has not passed: the stored copy is still the seeded text.
    assert.equal((await restDescription(issue.url)).description_html, '<p>Seeded text</p>');
    const copy = await seed.actors.member.post(`${issue.url}/copy`, {});
    assert.equal(copy.status, 201, copy.text);
    assert.equal(copy.body.description_html, '<p>Just typed. Seeded text</p>');
    // The original's stored copy was saved on the way, as the pause would have saved it.
    assert.deepEqual(await restDescription(issue.url), { description_html: '<p>Just typed. Seeded text</p>', version: 2 });
    await afterThePause();
    assert.equal((await restDescription(issue.url)).version, 2, 'nothing left for the pause to save');
  });

  test('when the document leaves memory, its last changes are stored without waiting for the pause', async () => {
    const issue = await newIssue();
    const ann = editor(seed.actors.member, issue.name);
    await until(ann, (s) => s.status === 'synced', 'synced');
    typeInto(ann.doc, 'Last words. ');
    await until(ann, (s) => s.unsent === 0, 'the change acknowledged');
    ann.destroy();
    await waitFor(() => !server.app.collab.hub.has(issue.name), 'the document unloaded');
    await server.app.collab.copies.settled();
    assert.equal((await restDescription(issue.url)).description_html, '<p>Last words. Seeded text</p>');
  });

  test('changes stored by a process that stopped before their copy was saved (kill -9) reach the copy once the document loads again', async () => {
    const issue = await newIssue();
    const ann = editor(seed.actors.member, issue.name);
    await until(ann, (s) => s.status === 'synced', 'synced');
    ann.destroy();
    await waitFor(() => !server.app.collab.hub.has(issue.name), 'the document unloaded');
    // What a killed process leaves: its change in the log, acknowledged, and no copy saved.
    const stored = new Y.Doc();
    for (const row of await server.db.query<{ update: Uint8Array }>('SELECT update FROM collab_updates WHERE document = $1 ORDER BY seq', [issue.name])) Y.applyUpdate(stored, row.update);
    await server.db.query('INSERT INTO collab_updates (document, update) VALUES ($1, $2)', [issue.name, changeTyping(stored, 'Before the crash. ')]);
    assert.deepEqual(await restDescription(issue.url), { description_html: '<p>Seeded text</p>', version: 1 });
    const bob = editor(seed.actors.member, issue.name);
    await until(bob, (s) => s.status === 'synced', 'synced');
    await afterThePause();
    assert.deepEqual(await restDescription(issue.url), { description_html: '<p>Before the crash. Seeded text</p>', version: 2 });
    // Loaded again with nothing new, the copy stays as it is: no version, no activity.
    bob.destroy();
    await waitFor(() => !server.app.collab.hub.has(issue.name), 'the document unloaded again');
    const carl = editor(seed.actors.member, issue.name);
    await until(carl, (s) => s.status === 'synced', 'synced');
    await afterThePause();
    assert.equal((await restDescription(issue.url)).version, 2);
  });
});

describe('a REST save of a document edited together', () => {
  test('reaches the connected editors, and a later derive keeps it', async () => {
    const issue = await newIssue();
    const ann = editor(seed.actors.member, issue.name);
    await until(ann, (s) => s.status === 'synced', 'synced');
    const saved = await seed.actors.admin.put(`${issue.url}/description`, { description_html: '<p>Seeded text</p><p>From the API</p>', version: 1 });
    assert.equal(saved.status, 200, saved.text);
    assert.deepEqual(saved.body, { description_html: '<p>Seeded text</p><p>From the API</p>', version: 2 });
    await untilDoc(ann.doc, (xml) => xml.includes('From the API'), 'the REST save at the editor');
    // Stored in the shared log, so no later derive can undo it.
    assert.match(await storedXml(issue.name), /From the API/);
    typeInto(ann.doc, 'And more. ');
    await until(ann, (s) => s.unsent === 0, 'the change acknowledged');
    await afterThePause();
    assert.deepEqual(await restDescription(issue.url), { description_html: '<p>And more. Seeded text</p><p>From the API</p>', version: 3 });
    // Seeded once, changed in place: no duplicated paragraph.
    assert.equal(ann.fragment.length, 2);
  });

  test('a save naming a version older than the editors\' text is refused, and the editors keep theirs', async () => {
    const issue = await newIssue();
    const ann = editor(seed.actors.member, issue.name);
    await until(ann, (s) => s.status === 'synced', 'synced');
    typeInto(ann.doc, 'Unsaved yet. ');
    await until(ann, (s) => s.unsent === 0, 'the change acknowledged');
    // The editors' text is a version of its own, even before the pause has passed.
    const stale = await seed.actors.admin.put(`${issue.url}/description`, { description_html: '<p>Overwrite</p>', version: 1 });
    assert.equal(stale.status, 409, stale.text);
    assert.deepEqual(stale.body.current, { description_html: '<p>Unsaved yet. Seeded text</p>', version: 2 });
    assert.equal(await storedXml(issue.name), '<paragraph>Unsaved yet. Seeded text</paragraph>');
    assert.equal(ann.fragment.toString(), '<paragraph>Unsaved yet. Seeded text</paragraph>');
  });

  test('the issue PATCH saves its other fields and the description through the shared document', async () => {
    const issue = await newIssue();
    const ann = editor(seed.actors.member, issue.name);
    await until(ann, (s) => s.status === 'synced', 'synced');
    const patched = await seed.actors.admin.patch(issue.url, { name: 'Renamed', description_html: '<p>Patched</p>', description_version: 1 });
    assert.equal(patched.status, 200, patched.text);
    assert.equal(patched.body.name, 'Renamed');
    assert.equal(patched.body.description_html, '<p>Patched</p>');
    await untilDoc(ann.doc, (xml) => xml === '<paragraph>Patched</paragraph>', 'the PATCH at the editor');
  });

  test('a document whose editors have all left is still saved through its log, and the next editor opens the saved text', async () => {
    const issue = await newIssue();
    const ann = editor(seed.actors.member, issue.name);
    await until(ann, (s) => s.status === 'synced', 'synced');
    ann.destroy();
    await waitFor(() => !server.app.collab.hub.has(issue.name), 'the document unloaded');
    const saved = await seed.actors.admin.put(`${issue.url}/description`, { description_html: '<p>While away</p>', version: 1 });
    assert.equal(saved.status, 200, saved.text);
    assert.equal(await storedXml(issue.name), '<paragraph>While away</paragraph>');
    const bob = editor(seed.actors.member, issue.name);
    await until(bob, (s) => s.status === 'synced', 'synced');
    assert.equal(bob.fragment.toString(), '<paragraph>While away</paragraph>');
  });

  test('a document never opened is saved as before, and its first editor opens the saved text', async () => {
    const issue = await newIssue();
    const saved = await seed.actors.admin.put(`${issue.url}/description`, { description_html: '<p>Plain save</p>', version: 1 });
    assert.equal(saved.status, 200, saved.text);
    assert.equal((await server.db.query('SELECT 1 FROM collab_updates WHERE document = $1', [issue.name])).length, 0);
    const ann = editor(seed.actors.member, issue.name);
    await until(ann, (s) => s.status === 'synced', 'synced');
    assert.equal(ann.fragment.toString(), '<paragraph>Plain save</paragraph>');
  });

  test('a page: a REST save reaches its editors, and their typing reaches the page\'s content', async () => {
    const created = await seed.actors.member.post(`${seed.projectUrl}/pages`, { name: 'Notes', description_html: '<p>Draft</p>' });
    assert.equal(created.status, 201, created.text);
    const url = `${seed.projectUrl}/pages/${created.body.id}`;
    const ann = editor(seed.actors.member, `page:${created.body.id}`);
    await until(ann, (s) => s.status === 'synced', 'synced');
    const saved = await seed.actors.admin.put(`${url}/description`, { description_html: '<h2>Plan</h2><p>Draft</p>', version: 1 });
    assert.equal(saved.status, 200, saved.text);
    await untilDoc(ann.doc, (xml) => xml.includes('Plan'), 'the REST save at the editor');
    typeInto(ann.doc, 'Step one. ');
    await until(ann, (s) => s.unsent === 0, 'the change acknowledged');
    await afterThePause();
    const page = await seed.actors.member.get(`${url}/description`);
    assert.deepEqual(page.body, { description_html: '<h2>Step one. Plan</h2><p>Draft</p>', version: 3 });
  });
});
