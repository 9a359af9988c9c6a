// A project's automations: issues done with are archived some months after they were done, idle
// ones closed to a cancelled state, each change the Automation bot's; admins set them.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { CLOSE_STATE_NOT_CANCELLED } from '../../src/api-shapes/automation-periods.js';
import { AUTOMATION_INTERVAL_MS, runAutomations, startAutomations } from '../../src/server/planning/automations.js';
import { FakeTimers } from './fake-timers.js';
import { adminsOnly, seedWorkspace, startServer, type Seed, type TestServer } from './harness.js';

let server: TestServer;
let seed: Seed;
let url: string;

before(async () => {
  server = await startServer();
  seed = await seedWorkspace(server);
  url = `${seed.projectUrl}/automations`;
});
after(() => server.close());

const MONTH_MS = 31 * 24 * 3600_000;

async function states(): Promise<Record<string, { id: string; name: string }>> {
  const all = (await seed.actors.admin.get(`${seed.projectUrl}/states`)).body as { id: string; name: string; group: string }[];
  return Object.fromEntries(all.map((state) => [state.group, state]));
}

async function issue(name: string, stateId: string): Promise<{ id: string }> {
  const created = await seed.actors.member.post(`${seed.projectUrl}/issues`, { name, state_id: stateId });
  assert.equal(created.status, 201, created.text);
  return created.body;
}

test('admins set the automations; everyone in the project reads them; a close state must be a cancelled one', async () => {
  assert.deepEqual((await seed.actors.guest.get(url)).body, { archive_in: 0, close_in: 0, close_state_id: null });
  const byGroup = await states();
  const body = { archive_in: 3, close_in: 6, close_state_id: byGroup.cancelled!.id };
  await seed.expectMatrix('PUT', url, body, adminsOnly(200));
  assert.deepEqual((await seed.actors.viewer.get(url)).body, body);
  const started = await seed.actors.admin.put(url, { ...body, close_state_id: byGroup.started!.id });
  assert.deepEqual([started.status, started.body.error], [400, CLOSE_STATE_NOT_CANCELLED]);
  const odd = await seed.actors.admin.put(url, { ...body, archive_in: 2 });
  assert.equal(odd.status, 400);
  assert.equal((await seed.actors.admin.put(url, { archive_in: 0, close_in: 0, close_state_id: null })).status, 200);
});

test('a run archives what was done with long enough ago and closes what nobody touched, as the Automation bot', async () => {
  const byGroup = await states();
  const done = await issue('Shipped long ago', byGroup.completed!.id);
  const dropped = await issue('Dropped', byGroup.cancelled!.id);
  const idle = await issue('Forgotten idea', byGroup.backlog!.id);
  const talkedAbout = await issue('Still discussed', byGroup.started!.id);
  const fresh = await issue('Shipped today', byGroup.completed!.id);
  // Done four months ago; the others were changed "today" (runs below look from months ahead).
  await server.db.query("UPDATE issues SET completed_at = now() - interval '4 months' WHERE id = $1", [done.id]);
  assert.equal((await seed.actors.admin.put(url, { archive_in: 3, close_in: 1, close_state_id: null })).status, 200);

  // Nothing is old enough yet: only the issue done four months ago is archived.
  const first = await runAutomations(server.db, new Date());
  assert.deepEqual([first.archived, first.closed, first.archivedIds], [1, 0, [done.id]]);
  // Two months on, someone comments on one idle issue: it stays open; the other one closes.
  const later = new Date(Date.now() + 2 * MONTH_MS);
  await server.db.query("UPDATE issue_activities SET created_at = now() + interval '45 days' WHERE issue_id = $1", [talkedAbout.id]);
  const second = await runAutomations(server.db, later);
  assert.deepEqual([second.archived, second.closed], [0, 1]);
  const read = async (id: string) => (await seed.actors.member.get(`${seed.projectUrl}/issues/${id}`)).body;
  assert.equal((await read(idle.id)).state__group, 'cancelled');
  assert.equal((await read(talkedAbout.id)).state__group, 'started');
  assert.equal((await read(fresh.id)).archived_at, null, 'done today: not yet');
  assert.notEqual((await read(done.id)).archived_at, null);
  // Closed to the project's first cancelled state, recorded as the bot's, as any change is.
  const activity = (await seed.actors.member.get(`${seed.projectUrl}/issues/${idle.id}/activities`)).body as { field: string; actor: { display_name: string; is_bot: boolean } | null }[];
  assert.deepEqual(activity.filter((row) => row.actor?.is_bot).map((row) => [row.field, row.actor!.display_name]), [['state', 'Automation']]);
  // Four months on, the issues cancelled and done "today" are archived too, and the discussed one is idle by now.
  const much = new Date(Date.now() + 4 * MONTH_MS);
  const third = await runAutomations(server.db, much);
  assert.deepEqual(new Set(third.archivedIds), new Set([dropped.id, fresh.id, idle.id]));
  assert.equal(third.closed, 1);
  assert.equal((await read(talkedAbout.id)).state__group, 'cancelled');
  // Closed "today", it is archived once its months have passed; then nothing is left to do.
  assert.deepEqual((await runAutomations(server.db, new Date(Date.now() + 5 * MONTH_MS))).archivedIds, [talkedAbout.id]);
  assert.deepEqual(await runAutomations(server.db, new Date(Date.now() + 5 * MONTH_MS)), { archived: 0, closed: 0, archivedIds: [] });
  // Turned off, nothing runs.
  await seed.actors.admin.put(url, { archive_in: 0, close_in: 0, close_state_id: null });
  await issue('After', byGroup.completed!.id);
  assert.deepEqual(await runAutomations(server.db, new Date(Date.now() + 24 * MONTH_MS)), { archived: 0, closed: 0, archivedIds: [] });
});

test('two runs at once (two processes) change each issue once', async () => {
  const byGroup = await states();
  const issues = [];
  for (let n = 0; n < 4; n++) issues.push(await issue(`Done ${n}`, byGroup.completed!.id));
  await server.db.query("UPDATE issues SET completed_at = now() - interval '2 months' WHERE id = ANY($1::uuid[])", [issues.map((each) => each.id)]);
  await seed.actors.admin.put(url, { archive_in: 1, close_in: 0, close_state_id: null });
  const runs = await Promise.all([runAutomations(server.db, new Date()), runAutomations(server.db, new Date())]);
  assert.equal(runs[0].archived + runs[1].archived, 4);
  const rows = await server.db.query<{ n: number }>("SELECT count(*)::int AS n FROM issue_activities WHERE issue_id = ANY($1::uuid[]) AND field = 'archived_at' GROUP BY issue_id", [issues.map((each) => each.id)]);
  assert.deepEqual(rows.map((row) => row.n), [1, 1, 1, 1]);
  await seed.actors.admin.put(url, { archive_in: 0, close_in: 0, close_state_id: null });
});

test('the runner runs at start and after each interval on its timers, tells of what it archived, and stops when closed', async () => {
  const timers = new FakeTimers();
  const told: string[][] = [];
  const byGroup = await states();
  const old = await issue('Closed long ago', byGroup.completed!.id);
  await server.db.query("UPDATE issues SET completed_at = now() - interval '2 months' WHERE id = $1", [old.id]);
  await seed.actors.admin.put(url, { archive_in: 1, close_in: 0, close_state_id: null });
  const runner = startAutomations({ db: server.db, log: server.app.log, intervalMs: AUTOMATION_INTERVAL_MS, clock: () => new Date(), onArchived: async (ids) => void told.push([...ids]), timers });
  await runner.idle();
  assert.deepEqual(told, [[old.id]], 'a run at start');
  assert.deepEqual(timers.delays, [AUTOMATION_INTERVAL_MS]);
  const later = await issue('Closed later', byGroup.completed!.id);
  await server.db.query("UPDATE issues SET completed_at = now() - interval '2 months' WHERE id = $1", [later.id]);
  timers.fire();
  await runner.idle();
  assert.deepEqual(told, [[old.id], [later.id]], 'a run when the interval has passed');
  assert.deepEqual(timers.delays, [AUTOMATION_INTERVAL_MS]);
  await runner.close();
  assert.deepEqual(timers.delays, [], 'no timer once closed');
  await seed.actors.admin.put(url, { archive_in: 0, close_in: 0, close_state_id: null });
});

test('admins see how many issues given settings would archive and close now, before saving them', async () => {
  const byGroup = await states();
  const preview = async (archiveIn: number | string, closeIn: number | string) => seed.actors.admin.get(`${url}/preview?archive_in=${archiveIn}&close_in=${closeIn}`);
  await seed.expectMatrix('GET', `${url}/preview?archive_in=3&close_in=3`, undefined, adminsOnly(200));
  // What earlier tests left due, counted apart from this test's issues.
  const before = (await preview(3, 3)).body as { archive: number; close: number };
  const done = await issue('Done in spring', byGroup.completed!.id);
  const idle = await issue('Idle since spring', byGroup.unstarted!.id);
  await issue('Done today', byGroup.completed!.id);
  await issue('Started today', byGroup.started!.id);
  await server.db.query("UPDATE issues SET completed_at = now() - interval '4 months' WHERE id = $1", [done.id]);
  // Last changed four months ago: past the trigger that stamps every change with now().
  await server.db.transaction(async (tx) => {
    await tx.query('ALTER TABLE issues DISABLE TRIGGER issues_updated_at');
    await tx.query("UPDATE issues SET updated_at = now() - interval '4 months' WHERE id = $1", [idle.id]);
    await tx.query('ALTER TABLE issues ENABLE TRIGGER issues_updated_at');
  });
  await server.db.query("UPDATE issue_activities SET created_at = now() - interval '4 months' WHERE issue_id = $1", [idle.id]);
  assert.deepEqual((await preview(3, 3)).body, { archive: before.archive + 1, close: before.close + 1 });
  // An automation turned off counts nothing; a longer period finds none of them due.
  assert.deepEqual((await preview(0, 3)).body, { archive: 0, close: before.close + 1 });
  assert.deepEqual((await preview(6, 0)).body, { archive: 0, close: 0 });
  // Asking changes nothing: the issues are as they were.
  assert.equal((await seed.actors.member.get(`${seed.projectUrl}/issues/${idle.id}`)).body.state__group, 'unstarted');
  // Saved and run, the settings do what they said: then nothing is due for them.
  assert.equal((await seed.actors.admin.put(url, { archive_in: 3, close_in: 3, close_state_id: null })).status, 200);
  const run = await runAutomations(server.db, new Date());
  assert.deepEqual([run.archived, run.closed], [before.archive + 1, before.close + 1]);
  assert.ok(run.archivedIds.includes(done.id));
  assert.deepEqual((await preview(3, 3)).body, { archive: 0, close: 0 });
  // Only the months the settings offer, both given.
  for (const query of ['archive_in=2&close_in=0', 'archive_in=3', 'archive_in=x&close_in=1']) {
    const refused = await seed.actors.admin.get(`${url}/preview?${query}`);
    assert.equal(refused.status, 400, query);
    assert.equal(typeof refused.body.error, 'string', query);
  }
  await seed.actors.admin.put(url, { archive_in: 0, close_in: 0, close_state_id: null });
});
