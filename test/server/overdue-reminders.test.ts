// Overdue reminders: once an open issue's target day has ended everywhere, its assignees (its
// creator when nobody is assigned) are told once, by no one; a new day missed is told again.
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { after, before, test } from 'node:test';
import { overdueReminders } from '../../src/server/db/migrations/0032-overdue-reminders.js';
import { AUTOMATION_INTERVAL_MS, startAutomations } from '../../src/server/planning/automations.js';
import { remindOverdue } from '../../src/server/planning/overdue-reminders.js';
import { FakeTimers } from './fake-timers.js';
import { seedWorkspace, startServer, type Actor, type Seed, type TestServer } from './harness.js';

let server: TestServer;
let seed: Seed;

before(async () => {
  server = await startServer();
  seed = await seedWorkspace(server);
});
after(() => server.close());

type Person = Exclude<Actor, 'anonymous'>;

/** Noon UTC on `day`: the day before it has ended everywhere (UTC-12 is then at midnight of `day`). */
const noonUtc = (day: string) => new Date(`${day}T12:00:00Z`);

async function newIssue(fields: Record<string, unknown>, actor: Person = 'member') {
  const response = await seed.actors[actor].post(`${seed.projectUrl}/issues`, { name: `Issue ${randomUUID().slice(0, 6)}`, ...fields });
  assert.equal(response.status, 201, response.text);
  return { id: response.body.id as string, url: `${seed.projectUrl}/issues/${response.body.id}` };
}

/** The overdue reminders `person` has about issue `issueId`: [actor, detail] pairs, oldest first. */
async function reminders(person: Person, issueId: string): Promise<[string | null, string | null][]> {
  const rows = await server.db.query<{ actor_id: string | null; detail: string | null }>(
    "SELECT actor_id, detail FROM notifications WHERE receiver_id = $1 AND issue_id = $2 AND kind = 'overdue' ORDER BY created_at",
    [seed.users[person].id, issueId],
  );
  return rows.map((row) => [row.actor_id, row.detail]);
}

async function stateOf(group: string): Promise<string> {
  const states = (await seed.actors.member.get(`${seed.projectUrl}/states`)).body as { id: string; group: string }[];
  return states.find((state) => state.group === group)!.id;
}

test('tells the assignees once the target day has ended everywhere, once per day missed, never of a done issue', async () => {
  const late = await newIssue({ target_date: '2031-03-09', assignee_ids: [seed.users.viewer.id, seed.users.guest.id] });
  const done = await newIssue({ target_date: '2031-03-09', assignee_ids: [seed.users.viewer.id], state_id: await stateOf('completed') });
  const dropped = await newIssue({ target_date: '2031-03-09', assignee_ids: [seed.users.viewer.id], state_id: await stateOf('cancelled') });

  // 11:59 UTC on the 10th: in UTC-12 it is still the 9th, the day it is due.
  await remindOverdue(server.db, new Date('2031-03-10T11:59:00Z'));
  assert.deepEqual(await reminders('viewer', late.id), [], 'still due somewhere');

  await remindOverdue(server.db, noonUtc('2031-03-10'));
  assert.deepEqual(await reminders('viewer', late.id), [[null, '2031-03-09']], 'told by no one, of the day');
  assert.deepEqual(await reminders('guest', late.id), [[null, '2031-03-09']]);
  assert.deepEqual(await reminders('member', late.id), [], 'the creator is not told when someone is assigned');
  assert.deepEqual([await reminders('viewer', done.id), await reminders('viewer', dropped.id)], [[], []], 'done with: never overdue');

  // Later runs tell nothing more of the same day.
  await remindOverdue(server.db, noonUtc('2031-03-12'));
  assert.deepEqual(await reminders('viewer', late.id), [[null, '2031-03-09']]);

  // A new target day that passes too is told again.
  assert.equal((await seed.actors.member.patch(late.url, { target_date: '2031-03-20' })).status, 200);
  await remindOverdue(server.db, noonUtc('2031-03-20'));
  assert.deepEqual(await reminders('viewer', late.id), [[null, '2031-03-09']], 'the 20th has not ended everywhere');
  await remindOverdue(server.db, noonUtc('2031-03-21'));
  assert.deepEqual(await reminders('viewer', late.id), [
    [null, '2031-03-09'],
    [null, '2031-03-20'],
  ]);
});

test('tells the creator of an unassigned issue; never of an archived or deleted one, nor anyone who cannot open it', async () => {
  const unassigned = await newIssue({ target_date: '2031-04-01' }, 'member');
  const archived = await newIssue({ target_date: '2031-04-01', assignee_ids: [seed.users.viewer.id] });
  const deleted = await newIssue({ target_date: '2031-04-01', assignee_ids: [seed.users.viewer.id] });
  assert.equal((await seed.actors.member.post(`${archived.url}/archive`, {})).status, 200);
  assert.equal((await seed.actors.admin.delete(deleted.url)).status, 204);
  const gone = await newIssue({ target_date: '2031-04-01', assignee_ids: [seed.users.guest.id] });
  // The guest leaves the project: they can no longer open its issues.
  await server.db.query('DELETE FROM project_members WHERE project_id = $1 AND user_id = $2', [seed.project.id, seed.users.guest.id]);

  await remindOverdue(server.db, noonUtc('2031-04-05'));
  assert.deepEqual(await reminders('member', unassigned.id), [[null, '2031-04-01']]);
  assert.deepEqual([await reminders('viewer', archived.id), await reminders('viewer', deleted.id)], [[], []]);
  assert.deepEqual(await reminders('guest', gone.id), []);
});

test('processes running at once tell of each day once', async () => {
  const issues = await Promise.all(Array.from({ length: 3 }, () => newIssue({ target_date: '2031-05-01', assignee_ids: [seed.users.viewer.id] })));
  const runs = await Promise.all([remindOverdue(server.db, noonUtc('2031-05-03')), remindOverdue(server.db, noonUtc('2031-05-03'))]);
  assert.equal(runs[0] + runs[1], 3);
  for (const issue of issues) assert.deepEqual(await reminders('viewer', issue.id), [[null, '2031-05-01']]);
});

test('the automations runner reminds on each run, and the notification reads as overdue with its day', async () => {
  const timers = new FakeTimers();
  const issue = await newIssue({ target_date: '2031-06-01', assignee_ids: [seed.users.viewer.id] });
  let now = noonUtc('2031-06-01');
  const runner = startAutomations({ db: server.db, log: server.app.log, intervalMs: AUTOMATION_INTERVAL_MS, clock: () => now, onArchived: async () => {}, timers });
  await runner.idle();
  assert.deepEqual(await reminders('viewer', issue.id), [], 'due today somewhere at the first run');
  now = noonUtc('2031-06-02');
  timers.fire();
  await runner.idle();
  await runner.close();
  const listed = (await seed.actors.viewer.get(`${seed.workspaceUrl}/notifications`)).body as { kind: string; issue_id: string; actor: unknown; detail: string }[];
  const told = listed.find((notification) => notification.issue_id === issue.id)!;
  assert.deepEqual([told.kind, told.actor, told.detail], ['overdue', null, '2031-06-01']);
});

test('issues already overdue when reminders begin are taken as reminded', async () => {
  const before = await newIssue({ target_date: '2020-01-01', assignee_ids: [seed.users.viewer.id] });
  await server.db.query('DELETE FROM issue_overdue_reminders WHERE issue_id = $1', [before.id]);
  await server.db.exec(overdueReminders.sql);
  await remindOverdue(server.db, noonUtc('2031-07-01'));
  assert.deepEqual(await reminders('viewer', before.id), []);
});
