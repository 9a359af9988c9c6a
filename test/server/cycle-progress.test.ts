import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { cycleProgressShape } from '../../src/api-shapes/cycle-progress.js';
import { seedWorkspace, startServer, type Seed, type TestServer } from './harness.js';
import { createIssue, type IssueFixture } from './planning-fixtures.js';
import { assertShape } from './shape-check.js';

// The server's today is fixed: Friday 2026-03-06, mid-afternoon (UTC).
const NOW = new Date('2026-03-06T15:00:00Z');

let server: TestServer;
let seed: Seed;
let cyclesUrl: string;

before(async () => {
  server = await startServer({}, {}, { clock: () => NOW });
  seed = await seedWorkspace(server);
  cyclesUrl = `${seed.projectUrl}/cycles`;
});
after(() => server.close());

async function newCycle(fields: Record<string, unknown> = {}): Promise<{ id: string; name: string }> {
  const response = await seed.actors.member.post(cyclesUrl, { name: `Cycle ${Math.random().toString(36).slice(2, 8)}`, ...fields });
  assert.equal(response.status, 201, response.text);
  return response.body;
}

const issue = (name: string, fields: Partial<IssueFixture> = {}) => createIssue(server.db, seed.project.id, { name, ...fields });

async function stateOf(group: string): Promise<string> {
  const row = await server.db.one<{ id: string }>('SELECT id FROM states WHERE project_id = $1 AND "group" = $2 ORDER BY sequence LIMIT 1', [seed.project.id, group]);
  return row.id;
}

/** An activity row of the issue at `at`, as the routes record them (field `cycles` or `state`). */
async function activity(issueId: string, at: string, row: { field: 'cycles' | 'state'; verb: string; old?: string | null; new?: string | null }): Promise<void> {
  await server.db.query(
    `INSERT INTO issue_activities (issue_id, project_id, workspace_id, field, verb, old_identifier, new_identifier, created_at)
     SELECT i.id, i.project_id, i.workspace_id, $2, $3, $4, $5, $6 FROM issues i WHERE i.id = $1`,
    [issueId, row.field, row.verb, row.old ?? null, row.new ?? null, at],
  );
}

/** Puts the issue in the cycle now (the membership the counts read); its history is the activity rows. */
async function member(cycleId: string, issueId: string, at: string): Promise<void> {
  await server.db.query('INSERT INTO cycle_issues (cycle_id, issue_id, created_at) VALUES ($1, $2, $3)', [cycleId, issueId, at]);
}

describe('GET …/cycles/:cycleId/progress', () => {
  test('rebuilds scope and completed issues per day from when issues joined, left, completed and reopened', async () => {
    const cycle = await newCycle({ start_date: '2026-03-02', end_date: '2026-03-10' });
    const other = await newCycle();
    const [started, completed, unstarted] = [await stateOf('started'), await stateOf('completed'), await stateOf('unstarted')];
    const joined = (id: string, at: string) => activity(id, at, { field: 'cycles', verb: 'created', new: cycle.id });
    const done = (id: string, at: string, from = started) => activity(id, at, { field: 'state', verb: 'updated', old: from, new: completed });

    // A joins before the start and is completed on the 3rd.
    const a = await issue('A', { group: 'completed', priority: 'urgent' });
    await member(cycle.id, a.id, '2026-03-01T10:00:00Z');
    await joined(a.id, '2026-03-01T10:00:00Z');
    await done(a.id, '2026-03-03T09:00:00Z');
    // B joins on the first day and stays started.
    const b = await issue('B', { group: 'started', priority: 'high' });
    await member(cycle.id, b.id, '2026-03-02T08:00:00Z');
    await joined(b.id, '2026-03-02T08:00:00Z');
    // C joins on the 4th and is completed on the 5th.
    const c = await issue('C', { group: 'completed', priority: 'high' });
    await member(cycle.id, c.id, '2026-03-04T12:00:00Z');
    await joined(c.id, '2026-03-04T12:00:00Z');
    await done(c.id, '2026-03-05T16:00:00Z', unstarted);
    // D joins on the 2nd and is taken out on the 4th.
    const d = await issue('D', { group: 'started' });
    await joined(d.id, '2026-03-02T08:00:00Z');
    await activity(d.id, '2026-03-04T08:00:00Z', { field: 'cycles', verb: 'deleted', old: cycle.id });
    // E is in another cycle first and moves into this one on the 3rd.
    const e = await issue('E', { group: 'backlog' });
    await activity(e.id, '2026-03-01T08:00:00Z', { field: 'cycles', verb: 'created', new: other.id });
    await member(cycle.id, e.id, '2026-03-03T11:00:00Z');
    await activity(e.id, '2026-03-03T11:00:00Z', { field: 'cycles', verb: 'updated', old: other.id, new: cycle.id });
    // F is completed on the 3rd and reopened on the 5th.
    const f = await issue('F', { group: 'started' });
    await member(cycle.id, f.id, '2026-03-02T08:00:00Z');
    await joined(f.id, '2026-03-02T08:00:00Z');
    await done(f.id, '2026-03-03T17:00:00Z');
    await activity(f.id, '2026-03-05T10:00:00Z', { field: 'state', verb: 'updated', old: completed, new: started });
    // G joins on the 2nd and is deleted on the 5th.
    const g = await issue('G', { group: 'started' });
    await member(cycle.id, g.id, '2026-03-02T08:00:00Z');
    await joined(g.id, '2026-03-02T08:00:00Z');
    await server.db.query(`UPDATE issues SET deleted_at = '2026-03-05T12:00:00Z' WHERE id = $1`, [g.id]);
    // H was put in the cycle on the 4th without an activity row, and completed on the 5th without one.
    const h = await issue('H', { group: 'completed', priority: 'low' });
    await member(cycle.id, h.id, '2026-03-04T18:00:00Z');
    await server.db.query(`UPDATE issues SET completed_at = '2026-03-05T09:00:00Z' WHERE id = $1`, [h.id]);

    const response = await seed.actors.guest.get(`${cyclesUrl}/${cycle.id}/progress`);
    assert.equal(response.status, 200, response.text);
    assertShape(cycleProgressShape, response.body, 'The progress');
    assert.equal(response.body.today, '2026-03-06');
    assert.deepEqual(response.body.days, [
      { date: '2026-03-02', scope: 5, completed: 0 },
      { date: '2026-03-03', scope: 6, completed: 2 },
      { date: '2026-03-04', scope: 7, completed: 2 },
      { date: '2026-03-05', scope: 6, completed: 3 },
      { date: '2026-03-06', scope: 6, completed: 3 },
    ]);
    // A, B, C, E, F and H are in it now: the last day agrees with the cycle's own counts.
    assert.deepEqual(response.body.priorities, { urgent: 1, high: 2, medium: 0, low: 1, none: 2 });
    const detail = await seed.actors.guest.get(`${cyclesUrl}/${cycle.id}`);
    assert.equal(detail.body.total_issues, 6);
    assert.equal(detail.body.completed_issues, 3);
  });

  test('a cycle that ended stops at its end; one without dates or not started yet has no days', async () => {
    const ended = await newCycle({ start_date: '2026-02-26', end_date: '2026-02-28' });
    const x = await issue('X', { group: 'completed' });
    await member(ended.id, x.id, '2026-02-20T08:00:00Z');
    await server.db.query(`UPDATE issues SET completed_at = '2026-02-27T08:00:00Z' WHERE id = $1`, [x.id]);
    const past = await seed.actors.member.get(`${cyclesUrl}/${ended.id}/progress`);
    assert.equal(past.status, 200, past.text);
    assert.deepEqual(past.body.days, [
      { date: '2026-02-26', scope: 1, completed: 0 },
      { date: '2026-02-27', scope: 1, completed: 1 },
      { date: '2026-02-28', scope: 1, completed: 1 },
    ]);
    for (const fields of [{}, { start_date: '2026-03-11', end_date: '2026-03-20' }]) {
      const cycle = await newCycle(fields);
      const response = await seed.actors.member.get(`${cyclesUrl}/${cycle.id}/progress`);
      assert.equal(response.status, 200);
      assert.deepEqual(response.body, { today: '2026-03-06', days: [], priorities: { urgent: 0, high: 0, medium: 0, low: 0, none: 0 } });
    }
  });

  test('authorization matrix: everyone in the project reads it', async () => {
    const cycle = await newCycle({ start_date: '2026-02-20', end_date: '2026-02-22' });
    const responses = await seed.expectMatrix('GET', `${cyclesUrl}/${cycle.id}/progress`, undefined, {
      anonymous: 401,
      nonMember: 404,
      guest: 200,
      viewer: 200,
      member: 200,
      admin: 200,
    });
    assert.equal(responses.anonymous.body.error, 'Sign in to continue.');
    assert.deepEqual(
      responses.viewer.body.days.map((day: { date: string }) => day.date),
      ['2026-02-20', '2026-02-21', '2026-02-22'],
    );
  });

  test('an unknown cycle, one of another project, or a bad id is refused with a clear text', async () => {
    const unknown = await seed.actors.admin.get(`${cyclesUrl}/00000000-0000-4000-8000-000000000000/progress`);
    assert.equal(unknown.status, 404);
    assert.equal(unknown.body.error, 'Cycle not found.');
    const other = await seed.actors.admin.post(`${seed.workspaceUrl}/projects`, { name: 'Other', identifier: 'OTP' });
    const foreign = await seed.actors.admin.post(`${seed.workspaceUrl}/projects/${other.body.id}/cycles`, { name: 'Theirs' });
    const crossed = await seed.actors.admin.get(`${cyclesUrl}/${foreign.body.id}/progress`);
    assert.equal(crossed.status, 404);
    assert.equal(crossed.body.error, 'Cycle not found.');
    const bad = await seed.actors.admin.get(`${cyclesUrl}/not-a-uuid/progress`);
    assert.deepEqual([bad.status, bad.body], [400, { error: 'Cycle id is not valid' }]);
  });

  test('with cycles turned off it answers 403 saying so', async () => {
    const cycle = await newCycle();
    assert.equal((await seed.actors.admin.patch(seed.projectUrl, { cycle_view: false })).status, 200);
    try {
      const responses = await seed.expectMatrix('GET', `${cyclesUrl}/${cycle.id}/progress`, undefined, {
        anonymous: 401,
        nonMember: 404,
        guest: 403,
        viewer: 403,
        member: 403,
        admin: 403,
      });
      assert.equal(responses.member.body.error, "Cycles are disabled in this project. A project admin can turn them on in the project's features.");
    } finally {
      await seed.actors.admin.patch(seed.projectUrl, { cycle_view: true });
    }
  });
});
