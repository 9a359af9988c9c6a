// Two server processes behind one address, on one PostgreSQL database and one data folder:
// whatever one process writes, the other sees, and background jobs are shared between them.
// PostgreSQL only (npm test runs this file in its PostgreSQL pass).
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PNG, type TestClient } from './harness.js';
import { NEEDS_POSTGRES, startCluster, type ServerCluster, type ServerProcess } from './server-processes.js';

/**
 * Short leases so a dead process's job is taken over within seconds, yet long enough that a live
 * process on a busy machine renews its lease in time (it renews every third of it).
 */
const LEASE_MS = 10_000;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface JobRow {
  id: string;
  status: string;
  attempts: number;
  progress: number;
  lease_owner: string | null;
  error: string | null;
}

/** The process id inside a worker id (host/pid/random). */
function pidOf(workerId: string | null): number {
  return Number(workerId?.split('/')[1]);
}

if (!process.env.DATABASE_URL) {
  test('two server processes on one database', () => {
    assert.fail(NEEDS_POSTGRES);
  });
} else {
  let cluster: ServerCluster;
  let a: ServerProcess;
  let b: ServerProcess;
  /** The same signed-in admin on each process. */
  let onA: TestClient;
  let onB: TestClient;
  let workspaceUrl: string;
  let workspaceId: string;
  let projectId: string;

  async function jobs(ids: readonly string[]): Promise<JobRow[]> {
    const result = await cluster.db.query<JobRow>(
      'SELECT id, status, attempts, progress, lease_owner, error FROM export_jobs WHERE id = ANY($1::uuid[]) ORDER BY created_at, id',
      [ids],
    );
    return result.rows;
  }

  async function waitForJobs(ids: readonly string[], done: (job: JobRow) => boolean, timeoutMs: number): Promise<JobRow[]> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const rows = await jobs(ids);
      if (rows.length === ids.length && rows.every(done)) return rows;
      if (Date.now() > deadline) assert.fail(`export jobs did not get there in ${timeoutMs / 1000} s: ${JSON.stringify(rows)}`);
      await sleep(50);
    }
  }

  /** Adds `count` issues with rich descriptions to a new project of the workspace, straight in the database. */
  async function bigProject(identifier: string, count: number): Promise<string> {
    const project = await onA.post(`${workspaceUrl}/projects`, { name: `Project ${identifier}`, identifier });
    assert.equal(project.status, 201, project.text);
    await cluster.db.query(
      `INSERT INTO issues (project_id, workspace_id, sequence_id, name, description_html, state_id)
       SELECT $1, $2, n, 'Issue number ' || n, repeat('<p>Some <strong>rich</strong> text with <em>marks</em> and a <a href="https://example.com">link</a>.</p>', 20),
              (SELECT id FROM states WHERE project_id = $1 AND is_default)
         FROM generate_series(1, $3::integer) AS n`,
      [project.body.id, workspaceId, count],
    );
    await cluster.db.query('UPDATE projects SET issue_sequence = $2 WHERE id = $1', [project.body.id, count]);
    return project.body.id;
  }

  before(async () => {
    cluster = await startCluster(2, { JOB_LEASE_MS: String(LEASE_MS), JOB_POLL_MS: '100' });
    [a, b] = cluster.servers as [ServerProcess, ServerProcess];
    onA = a.client();
    await onA.signUp({ display_name: 'admin' });
    onB = onA.on(b);
    const slug = `ws-${Date.now().toString(36)}`;
    // Created through B with the session A issued: any process serves any signed-in user.
    const workspace = await onB.post('/api/workspaces', { name: 'Scale-out workspace', slug });
    assert.equal(workspace.status, 201, workspace.text);
    workspaceUrl = `/api/workspaces/${slug}`;
    workspaceId = workspace.body.id;
    const project = await onA.post(`${workspaceUrl}/projects`, { name: 'Scale-out project', identifier: 'SCALE' });
    assert.equal(project.status, 201, project.text);
    projectId = project.body.id;
    for (let n = 1; n <= 3; n++) assert.equal((await onB.post(`${workspaceUrl}/projects/${projectId}/issues`, { name: `Issue ${n}` })).status, 201);
  });

  after(async () => {
    await cluster?.close();
  });

  describe('two server processes on one PostgreSQL database', () => {
    test("a screen streaming from one process hears the changes made through the other", async () => {
      const stream = await onB.events(`${workspaceUrl}/events`);
      try {
        assert.equal(stream.status, 200);
        const created = await onA.post(`${workspaceUrl}/projects/${projectId}/issues`, { name: 'Told across processes' });
        assert.equal(created.status, 201, created.text);
        const event = await stream.next();
        assert.ok(event, 'the stream ended');
        assert.deepEqual(
          (({ event: kind, action, id }) => ({ kind, action, id }))(JSON.parse(event.data) as { event: string; action: string; id: string }),
          { kind: 'issue', action: 'created', id: created.body.id },
        );
      } finally {
        stream.close();
      }
    });

    test('export jobs queued through both processes each run exactly once, on both processes', async () => {
      const ids: string[] = [];
      const providers = ['csv', 'json', 'xlsx'] as const;
      const bigId = await bigProject('MANY', 200);
      for (let i = 0; i < 10; i++) {
        const client = i % 2 ? onB : onA;
        const created = await client.post(`${workspaceUrl}/exports`, { provider: providers[i % 3], project_ids: [projectId, bigId] });
        assert.equal(created.status, 201, created.text);
        ids.push(created.body.id);
      }
      const rows = await waitForJobs(ids, (job) => job.status === 'completed' || job.status === 'failed', 120_000);
      assert.deepEqual(rows.map((job) => [job.status, job.attempts, job.progress, job.error]), ids.map(() => ['completed', 1, 100, null]), `each job ran once and completed; the processes said:\n${a.output().slice(-3000)}\n${b.output().slice(-3000)}`);
      const pids = new Set(rows.map((job) => pidOf(job.lease_owner)));
      assert.deepEqual([...pids].sort(), [a.pid, b.pid].sort(), 'both processes took jobs from the queue');
      // Every file is there for either process to serve.
      for (const [index, id] of ids.entries()) {
        const download = await (index % 2 ? onA : onB).get(`${workspaceUrl}/exports/${id}/download`);
        assert.equal(download.status, 200, download.text);
      }
    });

    test('an upload stored through one process is served by the other', async () => {
      const form = new FormData();
      form.append('asset', new Blob([PNG], { type: 'image/png' }), 'dot.png');
      const uploaded = await onA.post(`${workspaceUrl}/file-assets`, form);
      assert.equal(uploaded.status, 201, uploaded.text);
      const response = await fetch(b.url + uploaded.body.asset, { headers: { cookie: `session=${onB.cookie('session')}` } });
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('content-type'), 'image/png');
      assert.deepEqual(Buffer.from(await response.arrayBuffer()), PNG);
    });

    test('what each process keeps in memory follows changes made through the other: the writer reads its change back at once; others see an issue list, a role, a sign-out within a second', async (t) => {
      const listUrl = `${workspaceUrl}/projects/${projectId}/issues?limit=50`;
      /** Reads through B until `done`, for at most a second; how long it took. */
      const onBWithin = async (read: () => Promise<boolean>) => {
        const started = Date.now();
        while (!(await read())) {
          assert.ok(Date.now() - started < 1_000, 'the other process still answered from before the change after a second');
          await sleep(2);
        }
        return Date.now() - started;
      };
      // Both processes keep the list.
      for (const client of [onA, onB, onB]) assert.equal((await client.get(listUrl)).status, 200);
      const created = await onA.post(`${workspaceUrl}/projects/${projectId}/issues`, { name: 'Seen everywhere' });
      assert.equal(created.status, 201, created.text);
      // The browser that made a change reads it back from the other process at once, every time
      // (for a few seconds after a change, its reads wait until the process answering them has
      // heard every change committed so far).
      assert.equal(onA.cookie('recent_change'), '1');
      for (let i = 0; i < 30; i++) {
        const [writer, other] = i % 2 ? [onB, onA] : [onA, onB];
        const name = `Read back ${i}`;
        assert.equal((await writer.patch(`${workspaceUrl}/projects/${projectId}/issues/${created.body.id}`, { name })).status, 200);
        const readBack = await other.get(listUrl);
        assert.equal(readBack.body.find((issue: { id: string }) => issue.id === created.body.id)?.name, name, `read back ${i}`);
      }
      // Another browser, once the other process has heard of it.
      const reader = a.client();
      await reader.signUp({ display_name: 'reader' });
      const readerUser = reader.user!;
      assert.equal((await onA.post(`${workspaceUrl}/members`, { email: readerUser.email, role: 5 })).status, 201);
      assert.equal((await onA.post(`${workspaceUrl}/projects/${projectId}/members`, { user_id: readerUser.id, role: 5 })).status, 201);
      const readerOnB = reader.on(b);
      for (let i = 0; i < 2; i++) assert.equal((await readerOnB.get(listUrl)).status, 200);
      const renamed = await onA.patch(`${workspaceUrl}/projects/${projectId}/issues/${created.body.id}`, { name: 'Renamed everywhere' });
      assert.equal(renamed.status, 200, renamed.text);
      const listDelay = await onBWithin(async () =>
        (await readerOnB.get(listUrl)).body.some((issue: { name: string }) => issue.name === 'Renamed everywhere'),
      );

      const guest = a.client();
      const guestUser = await guest.signUp({ display_name: 'guest' });
      assert.equal((await onA.post(`${workspaceUrl}/members`, { email: guestUser.email, role: 5 })).status, 201);
      assert.equal((await onA.post(`${workspaceUrl}/projects/${projectId}/members`, { user_id: guestUser.id, role: 5 })).status, 201);
      const guestOnB = guest.on(b);
      for (let i = 0; i < 2; i++) assert.equal((await guestOnB.get(listUrl)).status, 200);
      const removed = await onA.request('DELETE', `${workspaceUrl}/projects/${projectId}/members/${guestUser.id}`);
      assert.ok(removed.status < 300, removed.text);
      const roleDelay = await onBWithin(async () => (await guestOnB.get(listUrl)).status === 404);

      const cookie = guest.cookie('session')!;
      assert.equal((await guestOnB.get('/api/users/me')).status, 200);
      assert.ok((await guest.post('/api/auth/sign-out')).status < 300);
      const signOutDelay = await onBWithin(async () => (await fetch(`${b.url}/api/users/me`, { headers: { cookie: `session=${cookie}` } })).status === 401);
      // Normally the notification is there before the next request: record how long it took.
      t.diagnostic(`seen by the other process after: list ${listDelay} ms, role ${roleDelay} ms, sign-out ${signOutDelay} ms`);
    });

    test('descriptions saved at once through both processes: one 200, the others 409', async () => {
      const issue = await onA.post(`${workspaceUrl}/projects/${projectId}/issues`, { name: 'Edited everywhere' });
      assert.equal(issue.status, 201, issue.text);
      const url = `${workspaceUrl}/projects/${projectId}/issues/${issue.body.id}/description`;
      const saves = await Promise.all(
        Array.from({ length: 8 }, (_, i) => (i % 2 ? onB : onA).put(url, { description_html: `<p>save ${i}</p>`, version: 1 })),
      );
      const statuses = saves.map((save) => save.status).sort();
      assert.deepEqual(statuses, [200, 409, 409, 409, 409, 409, 409, 409]);
      const winner = saves.find((save) => save.status === 200)!;
      for (const loser of saves.filter((save) => save.status === 409)) assert.deepEqual(loser.body.current, winner.body);
      const stored = await onB.get(url);
      assert.deepEqual(stored.body, { description_html: winner.body.description_html, version: 2 });
    });

    // Last: it kills one of the two processes.
    test('a job whose process is killed (SIGKILL) mid-job is finished by the other once its lease expires', async () => {
      const bigId = await bigProject('HUGE', 1_000);
      const created = await onA.post(`${workspaceUrl}/exports`, { provider: 'xlsx', project_ids: [bigId] });
      assert.equal(created.status, 201, created.text);
      const [running] = await waitForJobs([created.body.id], (job) => job.status !== 'queued', 60_000);
      assert.equal(running!.status, 'processing', 'the job is still running when its process is killed');
      const victim = [a, b].find((server) => server.pid === pidOf(running!.lease_owner))!;
      const survivor = victim === a ? b : a;
      assert.ok(victim, `the job is held by one of the two processes (${running!.lease_owner})`);
      const killedAt = Date.now();
      await victim.kill('SIGKILL');
      const [finished] = await waitForJobs([created.body.id], (job) => job.status !== 'processing', 120_000);
      // Renewed every third of its length, the lease had about two thirds of it left (less if a
      // renewal came late on a busy machine).
      assert.ok(Date.now() - killedAt >= LEASE_MS / 3, 'taken over only once the lease expired');
      assert.deepEqual([finished!.status, finished!.attempts, finished!.progress, finished!.error], ['completed', 2, 100, null]);
      assert.equal(pidOf(finished!.lease_owner), survivor.pid, 'finished by the surviving process');
      const download = await (survivor === a ? onA : onB).get(`${workspaceUrl}/exports/${created.body.id}/download`);
      assert.equal(download.status, 200);
    });
  });
}
