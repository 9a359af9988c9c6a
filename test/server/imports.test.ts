import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { IMPORT_FILE_MAX_BYTES, IMPORT_TOO_LARGE, importJobShape } from '../../src/api-shapes/import-job.js';
import { IMPORT_FAILED } from '../../src/server/imports/import-jobs.js';
import { IMPORT_ACCESS_LOST } from '../../src/server/imports/run-import.js';
import { RICH_TEXT_MAX_BYTES } from '../../src/server/rich-text/index.js';
import { githubIssuesJson, jiraCsv } from './import-fixtures.js';
import { membersAndAdmins, seedWorkspace, startServer, type Seed, type TestClient, type TestServer } from './harness.js';

let server: TestServer;
let seed: Seed;

before(async () => {
  server = await startServer();
  seed = await seedWorkspace(server);
});
after(() => server.close());

interface Job {
  id: string;
  status: string;
  progress: { done: number; total: number };
  error: string | null;
  report: { imported: number; labels_created: number; problems: Array<{ row: number | null; reason: string }>; notes: Array<{ row: number | null; reason: string }> } | null;
}

/** The multipart body of an import of `text` from `source`. */
function importForm(source: string, text: string | Uint8Array<ArrayBuffer>, filename = 'issues.txt'): FormData {
  const form = new FormData();
  form.append('source', source);
  form.append('file', new Blob([text]), filename);
  return form;
}

/** A new project of the seed's workspace (its admin's), with the seed's member as a member. */
async function newProject(identifier: string): Promise<string> {
  const created = await seed.actors.admin.post(`${seed.workspaceUrl}/projects`, { name: `Import ${identifier}`, identifier });
  assert.equal(created.status, 201, created.text);
  const joined = await seed.actors.admin.post(`${seed.workspaceUrl}/projects/${created.body.id}/members`, { user_id: seed.users.member.id, role: 15 });
  assert.equal(joined.status, 201, joined.text);
  return `${seed.workspaceUrl}/projects/${created.body.id}`;
}

/** Waits until the import `id` of `projectUrl` is finished, and returns it. */
async function finished(client: TestClient, projectUrl: string, id: string): Promise<Job> {
  let last: Job | undefined;
  for (let attempt = 0; attempt < 1000; attempt++) {
    last = (await client.get(`${projectUrl}/imports/${id}`)).body;
    if (last!.status === 'completed' || last!.status === 'failed') return last!;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error(`import ${id} never finished; last seen: ${JSON.stringify(last)}`);
}

/** Sends an import as the member, checks the 202, and waits for it to finish. */
async function imported(projectUrl: string, source: string, text: string): Promise<Job> {
  const response = await seed.actors.member.post(`${projectUrl}/imports`, importForm(source, text));
  assert.equal(response.status, 202, response.text);
  assert.deepEqual(Object.keys(response.body).sort(), Object.keys(importJobShape.properties).sort());
  assert.equal(response.body.status, 'queued');
  return finished(seed.actors.member, projectUrl, response.body.id);
}

interface Row {
  id: string;
  name: string;
  sequence_id: number;
  state__name: string;
  priority: string;
  assignee_ids: string[];
  labels: Array<{ name: string; color: string }>;
}

async function issuesOf(projectUrl: string): Promise<Row[]> {
  const list = await seed.actors.member.get(`${projectUrl}/issues?limit=100`);
  assert.equal(list.status, 200, list.text);
  return (list.body as Row[]).sort((a, b) => a.sequence_id - b.sequence_id);
}

async function countOf(table: string): Promise<number> {
  return (await server.db.one<{ count: number }>(`SELECT count(*)::int AS count FROM ${table}`)).count;
}

describe('importing GitHub issues', () => {
  test('creates every issue with its state, labels (existing ones reused), assignee by e-mail and markdown description', async () => {
    const projectUrl = await newProject('GH');
    const bug = await seed.actors.member.post(`${projectUrl}/labels`, { name: 'Bug', color: '#111111' });
    assert.equal(bug.status, 201, bug.text);
    const job = await imported(projectUrl, 'github', githubIssuesJson(seed.users.member.email.toUpperCase()));
    assert.equal(job.status, 'completed', JSON.stringify(job));
    assert.deepEqual(job.progress, { done: 3, total: 3 });
    assert.equal(job.error, null);
    assert.deepEqual(job.report, {
      imported: 3,
      labels_created: 2,
      problems: [],
      notes: [{ row: 2, reason: 'The assignee “hubot” has no e-mail address in the file to match a member by; the issue is not assigned to them.' }],
    });
    const issues = await issuesOf(projectUrl);
    assert.deepEqual(
      issues.map((issue) => [issue.sequence_id, issue.name, issue.state__name, issue.priority, issue.assignee_ids, issue.labels.map((label) => `${label.name} ${label.color}`).sort()]),
      [
        [1, 'First issue', 'Backlog', 'none', [], []],
        [2, 'Document the "export" command', 'Done', 'none', [], ['Docs #0075ca']],
        [3, 'Saving settings fails, sometimes', 'Backlog', 'none', [seed.users.member.id], ['Bug #111111', 'Needs triage #ededed']],
      ],
    );
    const detail = (await seed.actors.member.get(`${projectUrl}/issues/${issues[2]!.id}`)).body;
    assert.match(detail.description_html, /^<h2>Steps<\/h2><ol><li><p>Open the <strong>settings<\/strong><\/p><\/li>/);
    assert.match(detail.description_html, /data-type="taskList"/);
    assert.match(detail.description_html, /<pre[^>]*><code[^>]*>save\(\);/);
    assert.doesNotMatch(detail.description_html, /<script/);
    assert.equal((await seed.actors.member.get(`${projectUrl}/issues/${issues[0]!.id}`)).body.description_html, '<p></p>');
  });
});

describe('importing a Jira CSV export', () => {
  test('maps statuses by name and category, priorities, repeated Labels columns and assignees by e-mail', async () => {
    const projectUrl = await newProject('JIRA');
    const job = await imported(projectUrl, 'jira', jiraCsv(seed.users.member.email));
    assert.equal(job.status, 'completed', JSON.stringify(job));
    assert.deepEqual(job.report, {
      imported: 3,
      labels_created: 3,
      problems: [],
      notes: [{ row: 3, reason: 'The assignee “Ann Lee” has no e-mail address in the file to match a member by; the issue is not assigned to them.' }],
    });
    const issues = await issuesOf(projectUrl);
    assert.deepEqual(
      issues.map((issue) => [issue.name, issue.state__name, issue.priority, issue.assignee_ids, issue.labels.map((label) => label.name).sort()]),
      [
        // The oldest issue names the label first: its spelling is kept, and reused by the others.
        ['Set up CI', 'Todo', 'none', [], ['BACKEND']],
        ['Write the release notes', 'Done', 'low', [], ['docs']],
        ['Login fails, then "retry" loops', 'In Progress', 'urgent', [seed.users.member.id], ['BACKEND', 'Urgent-fix']],
      ],
    );
    const login = (await seed.actors.member.get(`${projectUrl}/issues/${issues[2]!.id}`)).body;
    assert.equal(login.description_html, '<p>The login page:</p><ul><li><p>loops on <em>retry</em></p></li><li><p>shows "error, 500"</p></li></ul>');
    const ci = (await seed.actors.member.get(`${projectUrl}/issues/${issues[0]!.id}`)).body;
    assert.equal(ci.description_html, '<p>Use the <strong>same</strong> runner, everywhere.</p>');
  });
});

describe('files with problems', () => {
  const cases: Array<[string, string, string, Job['report']]> = [
    [
      'a GitHub file with a bad item',
      'github',
      JSON.stringify([{ number: 1, title: 'Good', state: 'OPEN', labels: [{ name: 'new-label' }] }, { number: 2, title: '  ', state: 'OPEN' }, { number: 3, title: 'x', state: 'DRAFT' }]),
      { imported: 0, labels_created: 0, notes: [], problems: [{ row: 2, reason: 'The issue has no title.' }, { row: 3, reason: 'The state is neither OPEN nor CLOSED.' }] },
    ],
    [
      'a Jira file with a row without a summary',
      'jira',
      'Summary,Labels\r\nGood,new-label\r\n"",x\r\n',
      { imported: 0, labels_created: 0, notes: [], problems: [{ row: 3, reason: 'The issue has no title.' }] },
    ],
    [
      'a CSV file sent as GitHub issues',
      'github',
      'Summary\nx\n',
      { imported: 0, labels_created: 0, notes: [], problems: [{ row: null, reason: 'The file is not JSON, so it is not a GitHub issues export (`gh issue list --json` writes a JSON array): a Jira CSV export is imported as Jira.' }] },
    ],
    [
      'a file without a Summary column sent as Jira',
      'jira',
      'Title,Body\nx,y\n',
      { imported: 0, labels_created: 0, notes: [], problems: [{ row: 1, reason: 'The file has no “Summary” column, so it is not a Jira CSV export (its first row should name the columns).' }] },
    ],
    [
      'a GitHub file with a description over the rich-text limit',
      'github',
      JSON.stringify([{ number: 1, title: 'Fine', state: 'OPEN', body: 'ok' }, { number: 2, title: 'Huge', state: 'OPEN', body: 'x'.repeat(RICH_TEXT_MAX_BYTES + 1) }]),
      { imported: 0, labels_created: 0, notes: [], problems: [{ row: 2, reason: 'The description size cannot exceed 2 MB.' }] },
    ],
  ];
  for (const [name, source, text, report] of cases) {
    test(`${name}: the report lists every problem and nothing is imported`, async () => {
      const [issues, labels] = [await countOf('issues'), await countOf('labels')];
      const job = await imported(seed.projectUrl, source, text);
      assert.equal(job.status, 'failed');
      assert.equal(job.error, `Nothing was imported: the file has ${report!.problems.length === 1 ? 'one problem' : `${report!.problems.length} problems`}.`);
      assert.deepEqual(job.report, report);
      assert.deepEqual([await countOf('issues'), await countOf('labels')], [issues, labels]);
    });
  }
});

/** Queues an import of `text` for `userId` straight in the database (as a process that died would have left it, with `fields`). */
async function queued(userId: string, text: string, fields: { status?: string; attempts?: number; expired?: boolean } = {}): Promise<string> {
  const row = await server.db.one<{ id: string }>(
    `INSERT INTO import_jobs (workspace_id, project_id, source, content, requested_by, status, attempts, lease_owner, lease_expires_at)
     VALUES ($1, $2, 'github', $3, $4, $5, $6, $7, CASE WHEN $8 THEN now() - interval '1 minute' END) RETURNING id`,
    [seed.workspace.id, seed.project.id, text, userId, fields.status ?? 'queued', fields.attempts ?? 0, fields.expired ? 'a-process-that-died' : null, fields.expired ?? false],
  );
  return row.id;
}

describe('running imports', () => {
  test('an import left half done by a process that died is run again from the start by another worker', async () => {
    const issues = await countOf('issues');
    const id = await queued(seed.users.member.id, JSON.stringify([{ number: 1, title: 'Taken over', state: 'OPEN' }]), { status: 'processing', attempts: 1, expired: true });
    const job = await finished(seed.actors.member, seed.projectUrl, id);
    assert.deepEqual([job.status, job.report?.imported], ['completed', 1]);
    assert.equal(await countOf('issues'), issues + 1);
    assert.equal((await server.db.one<{ content: string | null }>('SELECT content FROM import_jobs WHERE id = $1', [id])).content, null);
  });

  test('a failure while creating the issues rolls the whole file back: no issue and no label is kept', async () => {
    const [issues, labels] = [await countOf('issues'), await countOf('labels')];
    // The database refuses the file's last issue, after the labels and the first issues were created.
    await server.db.exec(`
      CREATE FUNCTION refuse_boom() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN IF NEW.name = 'Boom' THEN RAISE EXCEPTION 'refused by the test'; END IF; RETURN NEW; END $$;
      CREATE TRIGGER refuse_boom BEFORE INSERT ON issues FOR EACH ROW EXECUTE FUNCTION refuse_boom();
    `);
    try {
      const file = JSON.stringify([
        { number: 1, title: 'First', state: 'OPEN', labels: [{ name: 'rolled-back' }] },
        { number: 2, title: 'Boom', state: 'OPEN' },
      ]);
      const job = await imported(seed.projectUrl, 'github', file);
      assert.deepEqual([job.status, job.error, job.report], ['failed', IMPORT_FAILED, null]);
    } finally {
      await server.db.exec('DROP TRIGGER refuse_boom ON issues; DROP FUNCTION refuse_boom();');
    }
    assert.deepEqual([await countOf('issues'), await countOf('labels')], [issues, labels]);
  });

  test('an import whose requester can no longer create issues in the project imports nothing', async () => {
    const issues = await countOf('issues');
    const id = await queued(seed.users.viewer.id, JSON.stringify([{ number: 1, title: 'Not allowed', state: 'OPEN' }]));
    const job = await finished(seed.actors.member, seed.projectUrl, id);
    assert.deepEqual([job.status, job.error], ['failed', IMPORT_ACCESS_LOST]);
    assert.equal(await countOf('issues'), issues);
  });
});

describe('POST …/imports refusals', () => {
  const url = () => `${seed.projectUrl}/imports`;
  test('refuses a file over the size limit with 413 and a sentence, and queues nothing', async () => {
    const jobs = await countOf('import_jobs');
    const big = new Uint8Array(IMPORT_FILE_MAX_BYTES + 1).fill(0x20);
    const response = await seed.actors.member.post(url(), importForm('jira', big));
    assert.equal(response.status, 413);
    assert.deepEqual(response.body, { error: IMPORT_TOO_LARGE });
    assert.equal(IMPORT_TOO_LARGE, 'The file is too large: an import file can be at most 5 MB.');
    assert.equal(await countOf('import_jobs'), jobs);
  });

  test('refuses bad requests with 400 and the reason', async () => {
    const jobs = await countOf('import_jobs');
    const noSource = new FormData();
    noSource.append('file', new Blob(['[]']), 'x.json');
    const cases: Array<[unknown, string]> = [
      [{ source: 'github', content: '[]' }, 'Send the import as multipart/form-data: the "source" (github or jira) and the "file".'],
      [noSource, 'Choose where the file comes from: "source" must be github or jira.'],
      [importForm('trello', '[]'), 'Choose where the file comes from: "source" must be github or jira.'],
      [importForm('github', ''), 'The file is empty. Choose the export file to import.'],
      [importForm('jira', new Uint8Array([0x53, 0xff, 0xfe, 0x0a])), 'The file is not UTF-8 text: import the JSON or CSV file as the tracker exported it.'],
      [importForm('jira', 'Summary\nbell \u0007\n'), 'The file cannot contain control characters (only tabs and line breaks are allowed).'],
    ];
    for (const [body, error] of cases) {
      const response = await seed.actors.member.post(url(), body);
      assert.deepEqual([response.status, response.body], [400, { error }], response.text);
    }
    assert.equal(await countOf('import_jobs'), jobs);
  });
});

describe('authorization', () => {
  test('members and admins import; guests and viewers get 403, others cannot see the project', async () => {
    const jobs = await countOf('import_jobs');
    const responses = await seed.expectMatrix('POST', `${seed.projectUrl}/imports`, () => importForm('github', githubIssuesJson('nobody@example.com')), {
      anonymous: 401,
      nonMember: 404,
      guest: 403,
      viewer: 403,
      member: 202,
      admin: 202,
    });
    assert.equal(await countOf('import_jobs'), jobs + 2);
    const id = responses.member.body.id;
    await finished(seed.actors.member, seed.projectUrl, id);
    await finished(seed.actors.admin, seed.projectUrl, responses.admin.body.id);
    await seed.expectMatrix('GET', `${seed.projectUrl}/imports/${id}`, undefined, membersAndAdmins(200));
    await seed.expectMatrix('GET', `${seed.projectUrl}/imports`, undefined, membersAndAdmins(200));
    const listed = (await seed.actors.member.get(`${seed.projectUrl}/imports`)).body as Job[];
    assert.ok(listed.some((job) => job.id === id));
    const other = await newProject('OTHER');
    assert.deepEqual((await seed.actors.member.get(`${other}/imports/${id}`)).body, { error: 'Import not found.' });
  });
});
