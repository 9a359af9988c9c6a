// The workspace's live stream (GET /api/workspaces/:slug/events): the open screens are told of
// each change, by ids, in commit order, only for projects the reader can open; the server's
// stop ends the streams. Runs on PGlite too (its notifications are in-process).
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import { LIVE_RESYNC, type LiveEvent } from '../../src/api-shapes/live-event.js';
import { announceLive, LIVE_LISTENER_NAME } from '../../src/server/live/live-events.js';
import { remindOverdue } from '../../src/server/planning/overdue-reminders.js';
import { TOO_MANY_STREAMS } from '../../src/server/routes/live-events.js';
import { seedWorkspace, startServer, type EventStream, type Seed, type TestClient, type TestServer } from './harness.js';

let server: TestServer;
let seed: Seed;
/** A second project, which the seed's member is not in. */
let hiddenProjectUrl: string;

before(async () => {
  server = await startServer();
  seed = await seedWorkspace(server);
  const project = await seed.actors.admin.post(`${seed.workspaceUrl}/projects`, { name: 'Admins only', identifier: 'ADM' });
  assert.equal(project.status, 201, project.text);
  hiddenProjectUrl = `${seed.workspaceUrl}/projects/${project.body.id}`;
});
after(() => server.close());

const eventsUrl = () => `${seed.workspaceUrl}/events`;

async function newIssue(projectUrl = seed.projectUrl): Promise<{ id: string; url: string }> {
  const response = await seed.actors.admin.post(`${projectUrl}/issues`, { name: `Issue ${randomUUID().slice(0, 6)}` });
  assert.equal(response.status, 201, response.text);
  return { id: response.body.id, url: `${projectUrl}/issues/${response.body.id}` };
}

/**
 * `actor`'s stream of the workspace, once every change committed before it opened has been told:
 * on PostgreSQL a notification comes to the listener a moment after its commit, so a change made
 * just before (by the test, or the one before it) could still reach a stream opened after it. A
 * marker of the workspace's own (told to everyone in it) is announced, and what came before it
 * dropped; the streams `alsoOpen` hear the marker too, and have it dropped.
 */
async function openStream(actor: TestClient, alsoOpen: EventStream[] = []): Promise<EventStream> {
  const stream = await actor.events(eventsUrl());
  assert.equal(stream.status, 200);
  const marker = randomUUID();
  await announceLive(server.db, { workspaceId: seed.workspace.id, event: 'member', action: 'updated', data: { id: marker } });
  for (const open of [stream, ...alsoOpen]) while ((await nextLive(open)).id !== marker);
  return stream;
}

/** The next event of `stream`, read as a LiveEvent (fails on the end of the stream or another type). */
async function nextLive(stream: EventStream): Promise<LiveEvent> {
  const event = await stream.next();
  assert.ok(event, 'the stream ended');
  assert.equal(event.type, 'message');
  return JSON.parse(event.data) as LiveEvent;
}

test('a member hears each change of an issue they can open, by ids, in the order made', async () => {
  const issue = await newIssue();
  const stream = await openStream(seed.actors.member);
  try {
    assert.equal(stream.status, 200);
    assert.match(stream.contentType, /^text\/event-stream/);
    assert.equal((await seed.actors.admin.patch(issue.url, { name: 'Renamed by the admin' })).status, 200);
    const comment = await seed.actors.admin.post(`${issue.url}/comments`, { comment_html: '<p>Seen?</p>' });
    assert.equal(comment.status, 201, comment.text);

    const renamed = await nextLive(stream);
    assert.deepEqual(
      { event: renamed.event, action: renamed.action, id: renamed.id, project_id: renamed.project_id, actor_id: renamed.actor_id },
      { event: 'issue', action: 'updated', id: issue.id, project_id: seed.project.id, actor_id: seed.users.admin.id },
    );
    const commented = await nextLive(stream);
    assert.deepEqual({ event: commented.event, action: commented.action, issue_id: commented.issue_id }, { event: 'comment', action: 'created', issue_id: issue.id });
    // Ids only: what the change was is read from the API, which decides what each reader sees.
    assert.ok(!JSON.stringify([renamed, commented]).includes('Renamed by the admin'));
    assert.ok(!JSON.stringify(commented).includes('Seen?'));
  } finally {
    stream.close();
  }
});

test("a project's labels and states are told too, as they change, and a refused change is not", async () => {
  const stream = await openStream(seed.actors.member);
  try {
    const label = await seed.actors.member.post(`${seed.projectUrl}/labels`, { name: `Label ${randomUUID().slice(0, 6)}`, color: '#ff0000' });
    assert.equal(label.status, 201, label.text);
    const taken = await seed.actors.member.post(`${seed.projectUrl}/labels`, { name: label.body.name });
    assert.equal(taken.status, 409);
    assert.equal((await seed.actors.member.patch(`${seed.projectUrl}/labels/${label.body.id}`, { name: `${label.body.name} renamed` })).status, 200);
    assert.equal((await seed.actors.member.delete(`${seed.projectUrl}/labels/${label.body.id}`)).status, 204);
    const state = await seed.actors.admin.post(`${seed.projectUrl}/states`, { name: `State ${randomUUID().slice(0, 6)}`, color: '#00ff00', group: 'started' });
    assert.equal(state.status, 201, state.text);
    assert.equal((await seed.actors.admin.patch(`${seed.projectUrl}/states/${state.body.id}`, { color: '#0000ff' })).status, 200);
    assert.equal((await seed.actors.admin.delete(`${seed.projectUrl}/states/${state.body.id}`)).status, 204);
    const told = [];
    for (let i = 0; i < 6; i++) {
      const event = await nextLive(stream);
      told.push([event.event, event.action, event.id, event.project_id, event.actor_id]);
    }
    const [member, admin] = [seed.users.member.id, seed.users.admin.id];
    assert.deepEqual(told, [
      ['label', 'created', label.body.id, seed.project.id, member],
      ['label', 'updated', label.body.id, seed.project.id, member],
      ['label', 'deleted', label.body.id, seed.project.id, member],
      ['state', 'created', state.body.id, seed.project.id, admin],
      ['state', 'updated', state.body.id, seed.project.id, admin],
      ['state', 'deleted', state.body.id, seed.project.id, admin],
    ]);
  } finally {
    stream.close();
  }
});

test("membership is told: the workspace's to everyone in it, a project's to who opens it, and always to the person", async () => {
  const newcomer = server.client();
  const person = await newcomer.signUp({ display_name: 'Newcomer' });
  const admin = seed.users.admin.id;
  const watching = await openStream(seed.actors.member);
  try {
    assert.equal((await seed.actors.admin.post(`${seed.workspaceUrl}/members`, { email: person.email, role: 15 })).status, 201);
    const joined = await nextLive(watching);
    assert.deepEqual([joined.event, joined.action, joined.id, joined.project_id, joined.actor_id], ['member', 'created', person.id, null, admin]);
    const own = await openStream(newcomer, [watching]);
    try {
      // Into a project the member does not open: only the newcomer hears it.
      assert.equal((await seed.actors.admin.post(`${hiddenProjectUrl}/members`, { user_id: person.id, role: 15 })).status, 201);
      const added = await nextLive(own);
      assert.deepEqual([added.event, added.action, added.id, added.project_id], ['member', 'created', person.id, hiddenProjectUrl.split('/').pop()]);
      // Out of it again: told to the newcomer, who no longer opens it.
      assert.equal((await seed.actors.admin.delete(`${hiddenProjectUrl}/members/${person.id}`)).status, 204);
      assert.deepEqual([(await nextLive(own)).action], ['deleted']);
      // Into the member's project: both hear it.
      assert.equal((await seed.actors.admin.post(`${seed.projectUrl}/members`, { user_id: person.id, role: 10 })).status, 201);
      const seen = await nextLive(watching);
      assert.deepEqual([seen.event, seen.id, seen.project_id], ['member', person.id, seed.project.id]);
      assert.equal((await nextLive(own)).project_id, seed.project.id);
      assert.equal((await seed.actors.admin.patch(`${seed.workspaceUrl}/members/${person.id}`, { role: 10 })).status, 200);
      assert.deepEqual([(await nextLive(watching)).action, (await nextLive(own)).action], ['updated', 'updated']);
    } finally {
      own.close();
    }
    assert.equal((await seed.actors.admin.delete(`${seed.workspaceUrl}/members/${person.id}`)).status, 204);
    assert.deepEqual([(await nextLive(watching)).action], ['deleted']);
  } finally {
    watching.close();
  }
});

test('a reaction to a comment is told, and taking back one that is not there is not', async () => {
  const issue = await newIssue();
  const comment = await seed.actors.admin.post(`${issue.url}/comments`, { comment_html: '<p>Ship it?</p>' });
  const stream = await openStream(seed.actors.member);
  try {
    const url = `${issue.url}/comments/${comment.body.id}/reactions/rocket`;
    assert.equal((await seed.actors.admin.delete(url)).status, 200);
    assert.equal((await seed.actors.admin.patch(issue.url, { priority: 'low' })).status, 200);
    assert.equal((await seed.actors.admin.put(url)).status, 200);
    // Events come in commit order: a told removal would come before the issue's change.
    assert.equal((await nextLive(stream)).event, 'issue');
    const told = await nextLive(stream);
    assert.deepEqual(
      { event: told.event, action: told.action, id: told.id, issue_id: told.issue_id, actor_id: told.actor_id },
      { event: 'comment', action: 'updated', id: comment.body.id, issue_id: issue.id, actor_id: seed.users.admin.id },
    );
  } finally {
    stream.close();
  }
});

test('a page made private is told to the others, by ids, with the pages inside it, so it leaves their lists; its changes after that are not', async () => {
  const pagesUrl = `${seed.projectUrl}/pages`;
  const page = await seed.actors.admin.post(pagesUrl, { name: 'Plans' });
  const inside = await seed.actors.admin.post(pagesUrl, { name: 'Inside', parent_id: page.body.id });
  const stream = await openStream(seed.actors.member);
  try {
    assert.equal((await seed.actors.admin.patch(`${pagesUrl}/${page.body.id}`, { access: 'private' })).status, 200);
    assert.equal((await seed.actors.admin.patch(`${pagesUrl}/${page.body.id}`, { name: 'Secret plans' })).status, 200);
    const issue = await newIssue();
    const told = [await nextLive(stream), await nextLive(stream)];
    assert.deepEqual(new Set(told.map((event) => `${event.event} ${event.action} ${event.id}`)), new Set([`page updated ${page.body.id}`, `page updated ${inside.body.id}`]));
    // The rename of the now private page is not told: the next event is the issue's.
    assert.equal((await nextLive(stream)).id, issue.id);
  } finally {
    stream.close();
  }
});

test('nothing of a project the reader cannot open reaches their stream', async () => {
  const hidden = await newIssue(hiddenProjectUrl);
  const shown = await newIssue();
  const stream = await openStream(seed.actors.member);
  try {
    assert.equal((await seed.actors.admin.patch(hidden.url, { name: 'Secret plans' })).status, 200);
    assert.equal((await seed.actors.admin.patch(shown.url, { name: 'Public plans' })).status, 200);
    // Events come in commit order: the hidden change, made first, would come before this one.
    const first = await nextLive(stream);
    assert.equal(first.id, shown.id);
  } finally {
    stream.close();
  }
  // The admin opens every project.
  const admin = await openStream(seed.actors.admin);
  try {
    assert.equal((await seed.actors.member.patch(shown.url, { priority: 'high' })).status, 200);
    assert.equal((await nextLive(admin)).id, shown.id);
    assert.equal((await seed.actors.admin.patch(hidden.url, { priority: 'low' })).status, 200);
    assert.equal((await nextLive(admin)).id, hidden.id);
  } finally {
    admin.close();
  }
});

test('an admin demoted to member stops hearing the projects they no longer open at once', async () => {
  const other = server.client();
  const user = await other.signUp();
  assert.equal((await seed.actors.admin.post(`${seed.workspaceUrl}/members`, { email: user.email, role: 20 })).status, 201);
  const hidden = await newIssue(hiddenProjectUrl);
  const stream = await openStream(other);
  try {
    assert.equal((await seed.actors.admin.patch(hidden.url, { name: 'Heard by admins' })).status, 200);
    assert.equal((await nextLive(stream)).id, hidden.id, 'an admin opens every project');
    assert.equal((await seed.actors.admin.patch(`${seed.workspaceUrl}/members/${user.id}`, { role: 15 })).status, 200);
    const demoted = await nextLive(stream);
    assert.deepEqual([demoted.event, demoted.id, demoted.project_id], ['member', user.id, null]);
    assert.equal((await seed.actors.admin.patch(hidden.url, { name: 'Not for members' })).status, 200);
    const marker = randomUUID();
    await announceLive(server.db, { workspaceId: seed.workspace.id, event: 'member', action: 'updated', data: { id: marker } });
    assert.equal((await nextLive(stream)).id, marker, 'the change made after the demotion is not told');
  } finally {
    stream.close();
  }
});

test('an overdue reminder is told to the person reminded, and to no one else', async () => {
  const response = await seed.actors.admin.post(`${seed.projectUrl}/issues`, { name: 'Due long ago', target_date: '2031-03-09', assignee_ids: [seed.users.viewer.id] });
  assert.equal(response.status, 201, response.text);
  const issue = { id: response.body.id as string, url: `${seed.projectUrl}/issues/${response.body.id}` };
  const reminded = await openStream(seed.actors.viewer);
  const other = await openStream(seed.actors.member, [reminded]);
  try {
    // The hourly run, once the target day has ended everywhere.
    assert.equal(await remindOverdue(server.db, new Date('2031-03-10T12:00:00Z')), 1);
    const told = await nextLive(reminded);
    assert.deepEqual(
      { event: told.event, action: told.action, id: told.id, issue_id: told.issue_id, project_id: told.project_id, actor_id: told.actor_id },
      { event: 'notification', action: 'created', id: seed.users.viewer.id, issue_id: issue.id, project_id: seed.project.id, actor_id: null },
    );
    // Events come in commit order: the reminder, made first, would come before this change.
    assert.equal((await seed.actors.admin.patch(issue.url, { priority: 'high' })).status, 200);
    assert.deepEqual([(await nextLive(other)).event, (await nextLive(reminded)).event], ['issue', 'issue']);
  } finally {
    reminded.close();
    other.close();
  }
});

test('the stream is refused to someone outside the workspace, and to no one signed in', async () => {
  const anonymous = await seed.actors.anonymous.get(eventsUrl());
  assert.equal(anonymous.status, 401);
  assert.ok(anonymous.body.error);
  const outsider = await seed.actors.nonMember.get(eventsUrl());
  assert.equal(outsider.status, 404);
  assert.ok(outsider.body.error);
});

// PGlite is one process: its listener cannot be lost.
const onPostgres = Boolean(process.env.DATABASE_URL);
if (onPostgres) test('a stream is told to refresh everything when the server lost its listener, and again once it listens again', async () => {
  const stream = await openStream(seed.actors.guest);
  try {
    await server.db.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND application_name = $1', [LIVE_LISTENER_NAME]);
    const lost = await stream.next();
    assert.equal(lost?.type, LIVE_RESYNC);
    const back = await stream.next();
    assert.equal(back?.type, LIVE_RESYNC);
    // Listening again: changes are heard.
    const issue = await newIssue();
    assert.equal((await nextLive(stream)).id, issue.id);
  } finally {
    stream.close();
  }
});

test('stopping the server ends the open streams (they would hold its stop up)', async () => {
  const stream = await openStream(seed.actors.member);
  assert.equal(server.app.live.streams, 1);
  await server.restart();
  assert.equal(await stream.next(), null);
  assert.equal(server.app.live.streams, 0);
});

test('one user holds at most LIVE_STREAMS_PER_USER streams on a process; a closed one frees its place; others are not counted', async () => {
  const limited = await startServer({ LIVE_STREAMS_PER_USER: '2' });
  try {
    const own = await seedWorkspace(limited);
    const url = `${own.workspaceUrl}/events`;
    const open = [await own.actors.member.events(url), await own.actors.member.events(url)];
    assert.deepEqual(open.map((stream) => stream.status), [200, 200]);
    const refused = await own.actors.member.request('GET', url);
    assert.deepEqual([refused.status, refused.body], [429, { error: TOO_MANY_STREAMS }]);
    assert.equal(refused.headers.get('retry-after'), '5');
    const other = await own.actors.admin.events(url);
    assert.equal(other.status, 200, "another user's streams are their own");
    other.close();
    open[0]!.close();
    // The server hears the close on its own time: asked again until the place is free (bounded).
    let again: EventStream | null = null;
    for (let attempt = 0; attempt < 200 && !again; attempt++) {
      const stream = await own.actors.member.events(url);
      if (stream.status === 200) again = stream;
      else stream.close();
    }
    assert.ok(again, 'a closed stream frees its place');
    again.close();
    open[1]!.close();
  } finally {
    await limited.close();
  }
});
