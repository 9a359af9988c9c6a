import assert from 'node:assert/strict';
import { once } from 'node:events';
import { after, before, describe, test } from 'node:test';
import { XLSX_SHEET_NAME } from '../../src/server/exports/index.js';
import { EXPORT_ACCESS_LOST, EXPORT_ROLE_LOST } from '../../src/server/exports-jobs/export-rows.js';
import { Role } from '../../src/server/roles.js';
import { NO_PROJECT_TO_EXPORT } from '../../src/server/routes/exports.js';
import { membersAndAdmins, seedWorkspace, startServer, type Seed, type TestClient, type TestServer } from './harness.js';
import { createIssue, createLabel } from './planning-fixtures.js';
import { holdStoring } from './storage-hold.js';

let server: TestServer;
let seed: Seed;
let exportsUrl: string;

before(async () => {
  server = await startServer();
  seed = await seedWorkspace(server);
  exportsUrl = `${seed.workspaceUrl}/exports/`;
  const label = await createLabel(server.db, seed.project.id, 'Bug', '#ff0000');
  await createIssue(server.db, seed.project.id, {
    name: 'Login, "fast"',
    group: 'started',
    priority: 'high',
    assignees: [seed.users.member.id, seed.users.admin.id],
    labels: [label],
    start_date: '2030-01-02',
    target_date: '2030-01-09',
    description_html: '<h1>Steps</h1><ul><li><p>Open =page</p></li></ul><p>Then <span data-type="mention" data-id="u1" data-label="member">@member</span> checks</p>',
  });
  await createIssue(server.db, seed.project.id, { name: 'Second' });
});
after(() => server.close());

interface Job {
  id: string;
  status: string;
  progress: number;
  error: string | null;
}

async function waitFor(client: TestClient, jobId: string, done: (job: Job) => boolean, url = exportsUrl): Promise<Job> {
  for (let attempt = 0; attempt < 500; attempt++) {
    const jobs: Job[] = (await client.get(url)).body;
    const job = jobs.find((candidate) => candidate.id === jobId)!;
    if (done(job)) return job;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`export ${jobId} never reached the expected state`);
}

async function download(client: TestClient, jobId: string): Promise<{ status: number; headers: Headers; bytes: Buffer }> {
  const response = await fetch(`${server.url}${exportsUrl}${jobId}/download`, { headers: { cookie: `session=${client.cookie('session')}` } });
  return { status: response.status, headers: response.headers, bytes: Buffer.from(await response.arrayBuffer()) };
}

async function exportOf(provider: string): Promise<{ job: Job; file: Awaited<ReturnType<typeof download>> }> {
  const created = await seed.actors.member.post(exportsUrl, { provider, project_ids: [seed.project.id] });
  assert.equal(created.status, 201, created.text);
  assert.equal(created.body.status, 'queued');
  assert.equal(created.body.progress, 0);
  const job = await waitFor(seed.actors.member, created.body.id, (j) => j.status === 'completed' || j.status === 'failed');
  assert.equal(job.status, 'completed');
  assert.equal(job.progress, 100);
  const file = await download(seed.actors.member, job.id);
  assert.equal(file.status, 200);
  return { job, file };
}

/** A new workspace whose project holds one issue named `issueName`, and its member's finished export of it. */
async function finishedExportElsewhere(issueName: string, provider: string): Promise<{ other: Seed; url: string; jobId: string }> {
  const other = await seedWorkspace(server);
  await createIssue(server.db, other.project.id, { name: issueName });
  const url = `${other.workspaceUrl}/exports/`;
  const created = await other.actors.member.post(url, { provider, project_ids: [other.project.id] });
  await waitFor(other.actors.member, created.body.id, (j) => j.status === 'completed', url);
  return { other, url, jobId: created.body.id };
}

function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (field += '"'), i++;
      else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') row.push(field), (field = '');
    else if (c === '\r' && text[i + 1] === '\n') row.push(field), rows.push(row), (row = []), (field = ''), i++;
    else field += c;
  }
  return rows;
}

const today = () => new Date().toISOString().slice(0, 10);
const pick = (job: Job) => [job.status, job.error];

describe('POST /api/workspaces/:slug/exports/', () => {
  test('authorization matrix: workspace Member and up', async () => {
    await seed.expectMatrix('POST', exportsUrl, { provider: 'json', project_ids: [seed.project.id] }, membersAndAdmins(201));
  });

  test('refuses bad input with a clear text', async () => {
    const other = await seedWorkspace(server);
    const cases: Array<[unknown, string]> = [
      [{ project_ids: [seed.project.id] }, 'Provider is required'],
      [{ provider: 'pdf', project_ids: [seed.project.id] }, 'Provider must be one of csv, xlsx, json'],
      [{ provider: 'csv', project_ids: [other.project.id] }, 'Some of the selected projects do not exist or you are not a member of them.'],
    ];
    for (const [body, error] of cases) {
      const response = await seed.actors.member.post(exportsUrl, body);
      assert.equal(response.status, 400, JSON.stringify(body));
      assert.equal(response.body.error, error);
    }
    const hidden = await seed.actors.admin.post(`${seed.workspaceUrl}/projects`, { name: 'Admins only', identifier: 'ADM' });
    const refused = await seed.actors.member.post(exportsUrl, { provider: 'csv', project_ids: [hidden.body.id] });
    assert.equal(refused.status, 400, 'a project the member is not in cannot be exported by them');
  });
  test('none named: every project the requester can open, and a clear answer when they are in none', async () => {
    const own = await seed.actors.admin.post(`${seed.workspaceUrl}/projects`, { name: 'Admins again', identifier: 'AD2' });
    assert.equal(own.status, 201, own.text);
    for (const body of [{ provider: 'csv' }, { provider: 'csv', project_ids: [] }]) {
      const created = await seed.actors.member.post(exportsUrl, body);
      assert.equal(created.status, 201, created.text);
      assert.deepEqual(created.body.project_ids, [seed.project.id], "the member's one project, not the admins'");
    }
    const byAdmin = await seed.actors.admin.post(exportsUrl, { provider: 'csv' });
    assert.ok(byAdmin.body.project_ids.includes(own.body.id) && byAdmin.body.project_ids.includes(seed.project.id), 'an admin opens every project');
    const other = await seedWorkspace(server);
    await server.db.query('DELETE FROM project_members WHERE user_id = $1 AND project_id = $2', [other.users.member.id, other.project.id]);
    const refused = await other.actors.member.post(`${other.workspaceUrl}/exports`, { provider: 'csv' });
    assert.equal(refused.status, 400, refused.text);
    assert.equal(refused.body.error, NO_PROJECT_TO_EXPORT);
  });
});

describe('export jobs end to end', () => {
  test('CSV: completes, downloads as an attachment and parses back', async () => {
    const { file } = await exportOf('csv');
    assert.equal(file.headers.get('content-type'), 'text/csv; charset=utf-8');
    assert.equal(file.headers.get('content-disposition'), `attachment; filename="${seed.workspace.slug}-issues-${today()}.csv"`);
    const rows = parseCsv(file.bytes.toString('utf8').replace(/^\ufeff/, ''));
    assert.deepEqual(rows[0], ['Key', 'Name', 'State', 'State group', 'Priority', 'Assignees', 'Labels', 'Start date', 'Target date', 'Created at', 'Updated at', 'Description']);
    assert.equal(rows.length, 3);
    const first = rows[1]!;
    assert.deepEqual(first.slice(0, 9), ['SEED-1', 'Login, "fast"', 'In Progress', 'started', 'high', 'admin, member', 'Bug', '2030-01-02', '2030-01-09']);
    assert.equal(first[11], 'Steps\nOpen =page\nThen @member checks');
    assert.equal(rows[2]![0], 'SEED-2');
  });

  test('XLSX: completes and opens as a workbook', async () => {
    const { file } = await exportOf('xlsx');
    assert.equal(file.headers.get('content-type'), 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    assert.match(file.headers.get('content-disposition') ?? '', /\.xlsx"$/);
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.bytes as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet(XLSX_SHEET_NAME)!;
    assert.equal(sheet.rowCount, 3);
    assert.equal(sheet.getRow(2).getCell(1).value, 'SEED-1');
    assert.equal(sheet.getRow(2).getCell(6).value, 'admin, member');
    assert.equal(sheet.getRow(3).getCell(2).value, 'Second');
  });

  test('XLSX: a name stored with the noncharacters U+FFFE and U+FFFF (which XML cannot hold) is written without them', async () => {
    const { other, url, jobId } = await finishedExportElsewhere('Odd \uFFFEname\uFFFF here', 'xlsx');
    const response = await fetch(`${server.url}${url}${jobId}/download`, { headers: { cookie: `session=${other.actors.member.cookie('session')}` } });
    assert.equal(response.status, 200);
    const { default: JSZip } = await import('jszip');
    const zip = await JSZip.loadAsync(Buffer.from(await response.arrayBuffer()));
    const strings = await zip.file('xl/sharedStrings.xml')!.async('string');
    assert.doesNotMatch(strings, /[\uFFFE\uFFFF]/);
    assert.match(strings, /Odd name here/);
  });

  test('JSON: completes and parses back with lists as arrays', async () => {
    const { file } = await exportOf('json');
    assert.equal(file.headers.get('content-type'), 'application/json; charset=utf-8');
    const issues = JSON.parse(file.bytes.toString('utf8'));
    assert.equal(issues.length, 2);
    assert.deepEqual(
      { ...issues[0], created_at: undefined, updated_at: undefined },
      {
        key: 'SEED-1',
        name: 'Login, "fast"',
        state: 'In Progress',
        state_group: 'started',
        priority: 'high',
        assignees: ['admin', 'member'],
        labels: ['Bug'],
        start_date: '2030-01-02',
        target_date: '2030-01-09',
        created_at: undefined,
        updated_at: undefined,
        description: 'Steps\nOpen =page\nThen @member checks',
      },
    );
  });

  test('progress is visible while a job runs, and the download waits (409) until it completes', async () => {
    const { release, restore } = holdStoring(server);
    try {
      const created = await seed.actors.member.post(exportsUrl, { provider: 'csv', project_ids: [seed.project.id] });
      const running = await waitFor(seed.actors.member, created.body.id, (j) => j.status === 'processing' && j.progress === 90);
      assert.equal(running.error, null);
      const early = await seed.actors.member.get(`${exportsUrl}${created.body.id}/download`);
      assert.equal(early.status, 409);
      assert.deepEqual(early.body, { error: 'This export is not finished yet.' });
      release();
      const finished = await waitFor(seed.actors.member, created.body.id, (j) => j.status === 'completed');
      assert.equal(finished.progress, 100);
    } finally {
      restore();
    }
  });

  test('a failing job is reported failed, with a text and no file', async () => {
    const storage = server.app.storage;
    const put = storage.put;
    storage.put = async () => {
      throw new Error('disk full');
    };
    try {
      const created = await seed.actors.member.post(exportsUrl, { provider: 'json', project_ids: [seed.project.id] });
      const failed = await waitFor(seed.actors.member, created.body.id, (j) => j.status !== 'queued' && j.status !== 'processing');
      assert.equal(failed.status, 'failed');
      assert.equal(failed.error, 'The export could not be completed. Please try again.');
      const response = await seed.actors.member.get(`${exportsUrl}${created.body.id}/download`);
      assert.equal(response.status, 409);
      assert.deepEqual(response.body, { error: 'This export failed. Please start a new one.' });
    } finally {
      storage.put = put;
    }
  });
});

describe('the requester\'s access when the export is made', () => {
  /** Queues an export straight into the table, as requested earlier, and waits for its outcome. */
  async function exportRequestedEarlier(target: Seed, requestedBy: string | null): Promise<Job> {
    const row = await server.db.one<{ id: string }>(
      `INSERT INTO export_jobs (workspace_id, provider, project_ids, requested_by) VALUES ($1, 'csv', $2::uuid[], $3) RETURNING id`,
      [target.workspace.id, [target.project.id], requestedBy],
    );
    return waitFor(target.actors.admin, row.id, (j) => j.status !== 'queued' && j.status !== 'processing', `${target.workspaceUrl}/exports/`);
  }

  test('a member removed from a project before the export ran gets a failed job with a clear text, and no file', async () => {
    const other = await seedWorkspace(server);
    await createIssue(server.db, other.project.id, { name: 'Not for former members' });
    await server.db.query('DELETE FROM project_members WHERE project_id = $1 AND user_id = $2', [other.project.id, other.users.member.id]);
    const job = await exportRequestedEarlier(other, other.users.member.id);
    assert.deepEqual(pick(job), ['failed', EXPORT_ACCESS_LOST]);
    const file = await server.db.one<{ file_key: string | null }>('SELECT file_key FROM export_jobs WHERE id = $1', [job.id]);
    assert.equal(file.file_key, null);
  });

  test('so does one who left the workspace, or whose account is gone', async () => {
    const other = await seedWorkspace(server);
    await server.db.query('DELETE FROM project_members WHERE user_id = $1', [other.users.member.id]);
    await server.db.query('DELETE FROM workspace_members WHERE workspace_id = $1 AND user_id = $2', [other.workspace.id, other.users.member.id]);
    assert.deepEqual(pick(await exportRequestedEarlier(other, other.users.member.id)), ['failed', EXPORT_ACCESS_LOST]);
    assert.deepEqual(pick(await exportRequestedEarlier(other, null)), ['failed', EXPORT_ACCESS_LOST]);
  });

  test('so does one demoted below Member, though still in the project', async () => {
    const other = await seedWorkspace(server);
    await createIssue(server.db, other.project.id, { name: 'Not for viewers to export' });
    await server.db.query('UPDATE workspace_members SET role = $3 WHERE workspace_id = $1 AND user_id = $2', [other.workspace.id, other.users.member.id, Role.Viewer]);
    const job = await exportRequestedEarlier(other, other.users.member.id);
    assert.deepEqual(pick(job), ['failed', EXPORT_ROLE_LOST]);
    const file = await server.db.one<{ file_key: string | null }>('SELECT file_key FROM export_jobs WHERE id = $1', [job.id]);
    assert.equal(file.file_key, null);
  });

  test("a workspace admin's export of a project they are not a member of is made", async () => {
    const other = await seedWorkspace(server);
    await createIssue(server.db, other.project.id, { name: 'Seen by admins' });
    await server.db.query('DELETE FROM project_members WHERE project_id = $1 AND user_id = $2', [other.project.id, other.users.admin.id]);
    const job = await exportRequestedEarlier(other, other.users.admin.id);
    assert.deepEqual(pick(job), ['completed', null]);
    const file = await other.actors.admin.get(`${other.workspaceUrl}/exports/${job.id}/download`);
    assert.match(file.text, /Seen by admins/);
  });
});

describe('GET …/exports/ and …/exports/:jobId/download', () => {
  test('authorization matrices: Members list; the requester or an admin downloads', async () => {
    const { job } = await exportOf('csv');
    const listed = await seed.expectMatrix('GET', exportsUrl, undefined, membersAndAdmins(200));
    const row = listed.admin.body.find((j: { id: string }) => j.id === job.id);
    assert.deepEqual(Object.keys(row).sort(), ['completed_at', 'created_at', 'error', 'id', 'progress', 'project_ids', 'provider', 'requested_by', 'status', 'updated_at']);
    assert.equal(row.requested_by, seed.users.member.id);
    assert.deepEqual(row.project_ids, [seed.project.id]);
    await seed.expectMatrix('GET', `${exportsUrl}${job.id}/download`, undefined, membersAndAdmins(200));
    const byAdmin = await seed.actors.admin.post(exportsUrl, { provider: 'csv', project_ids: [seed.project.id] });
    await waitFor(seed.actors.admin, byAdmin.body.id, (j) => j.status === 'completed');
    const other = await seed.actors.member.get(`${exportsUrl}${byAdmin.body.id}/download`);
    assert.equal(other.status, 403);
    assert.equal(other.body.error, 'Only the member who requested this export or a workspace admin can download it.');
    const missing = await seed.actors.admin.get(`${exportsUrl}00000000-0000-4000-8000-000000000000/download`);
    assert.equal(missing.status, 404);
  });

  test('a finished export is no longer downloadable once its requester lost access to one of its projects', async () => {
    const { other, url, jobId } = await finishedExportElsewhere('Not for former members', 'csv');
    assert.equal((await other.actors.member.get(`${url}${jobId}/download`)).status, 200);
    await server.db.query('DELETE FROM project_members WHERE project_id = $1 AND user_id = $2', [other.project.id, other.users.member.id]);
    const refused = await other.actors.member.get(`${url}${jobId}/download`);
    assert.equal(refused.status, 403);
    assert.equal(refused.body.error, EXPORT_ACCESS_LOST);
    assert.doesNotMatch(refused.text, /Not for former members/);
    // An admin still downloads it: they open every project of the workspace.
    assert.equal((await other.actors.admin.get(`${url}${jobId}/download`)).status, 200);
  });

  test("a member sees of others' jobs only the projects they can open; an admin sees all", async () => {
    const hidden = await seed.actors.admin.post(`${seed.workspaceUrl}/projects`, { name: 'Board only', identifier: 'BRD' });
    assert.equal(hidden.status, 201, hidden.text);
    const created = await seed.actors.admin.post(exportsUrl, { provider: 'csv', project_ids: [seed.project.id, hidden.body.id] });
    assert.equal(created.status, 201, created.text);
    const listedTo = async (actor: 'member' | 'admin') => (await seed.actors[actor].get(exportsUrl)).body.find((j: { id: string }) => j.id === created.body.id).project_ids;
    assert.deepEqual(await listedTo('member'), [seed.project.id]);
    assert.deepEqual([...(await listedTo('admin'))].sort(), [seed.project.id, hidden.body.id].sort());
  });

  test("another workspace's jobs are neither listed nor downloadable", async () => {
    const other = await seedWorkspace(server);
    const created = await other.actors.admin.post(`${other.workspaceUrl}/exports`, { provider: 'csv', project_ids: [other.project.id] });
    const ids = (await seed.actors.admin.get(exportsUrl)).body.map((j: { id: string }) => j.id);
    assert.ok(!ids.includes(created.body.id));
    assert.equal((await seed.actors.admin.get(`${exportsUrl}${created.body.id}/download`)).status, 404);
  });
});

describe('start-up', () => {
  test("jobs left queued run, jobs whose lease expired are taken over, and another server's running job is left alone", async () => {
    const own = await startServer();
    try {
      const ownSeed = await seedWorkspace(own);
      await createIssue(own.db, ownSeed.project.id, { name: 'Left behind' });
      // Written while no server runs (a running one would hear of them and take them at once).
      let left: { id: string }[] = [];
      await own.restart(async (db) => {
        left = await db.query<{ id: string }>(
          `INSERT INTO export_jobs (workspace_id, provider, status, progress, project_ids, requested_by, attempts, lease_owner, lease_expires_at, created_at) VALUES
             ($1, 'csv', 'processing', 40, $2::uuid[], $3, 1, 'a stopped server', now() - interval '1 minute', now() - interval '3 seconds'),
             ($1, 'json', 'queued', 0, $2::uuid[], $3, 0, NULL, NULL, now() - interval '2 seconds'),
             ($1, 'csv', 'processing', 40, $2::uuid[], $3, 1, 'another server', now() + interval '1 hour', now() - interval '1 second')
           RETURNING id`,
          [ownSeed.workspace.id, [ownSeed.project.id], ownSeed.users.member.id],
        );
      });
      const [expired, queued, elsewhere] = left;
      const url = `${ownSeed.workspaceUrl}/exports`;
      for (const job of [expired!, queued!]) {
        const done = await waitFor(ownSeed.actors.admin, job.id, (j) => j.status !== 'queued' && j.status !== 'processing', url);
        assert.deepEqual([done.status, done.progress, done.error], ['completed', 100, null]);
      }
      const running = await waitFor(ownSeed.actors.admin, elsewhere!.id, () => true, url);
      assert.deepEqual([running.status, running.progress, running.error], ['processing', 40, null], 'its server is alive and renewing its lease');
      const attempts = await own.db.query<{ attempts: number }>('SELECT attempts FROM export_jobs WHERE id = ANY($1::uuid[]) ORDER BY created_at', [[expired!.id, queued!.id, elsewhere!.id]]);
      assert.deepEqual(attempts.map((row) => row.attempts), [2, 1, 1]);
    } finally {
      await own.close();
    }
  });
});

describe('closing the app', () => {
  test('waits for a running export before the database closes', async () => {
    const own = await startServer();
    try {
      const ownSeed = await seedWorkspace(own);
      await createIssue(own.db, ownSeed.project.id, { name: 'One issue' });
      const url = `${ownSeed.workspaceUrl}/exports`;
      const { release } = holdStoring(own);
      const created = await ownSeed.actors.member.post(url, { provider: 'csv', project_ids: [ownSeed.project.id] });
      await waitFor(ownSeed.actors.member, created.body.id, (j) => j.status === 'processing' && j.progress === 90, url);
      const listening = own.app.server;
      const restarting = own.restart();
      // The old app stops taking requests first, then closes its parts: the export's is held.
      await once(listening, 'close');
      release();
      await restarting;
      const job = await waitFor(ownSeed.actors.member, created.body.id, () => true, url);
      assert.equal(job.status, 'completed', 'the job finished and was recorded before the old app closed its database');
    } finally {
      await own.close();
    }
  });
});
